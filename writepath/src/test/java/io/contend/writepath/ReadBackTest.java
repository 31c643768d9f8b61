package io.contend.writepath;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The check fails when it should: each kind of break is seen and counted. */
class ReadBackTest {

    @Test
    void aWriteThatWasNeverStoredIsLost() {
        try (WritePath path = WritePath.builder().build()) {
            ReadBack readBack = new ReadBack();
            readBack.acknowledged(TestRows.write(1, 1, 1));
            ReadBackException e = assertThrows(ReadBackException.class, () -> readBack.verify(path));
            assertEquals(1, e.report().lostWrites(), e::getMessage);
        }
    }

    @Test
    void anUnacknowledgedWriteThatAppearsIsSeen() {
        try (WritePath path = WritePath.builder().build()) {
            ReadBack readBack = new ReadBack();
            Write acked = TestRows.write(1, 1, 1);
            Write failed = TestRows.write(1, 1, 2);
            path.write(acked);
            path.write(failed);
            readBack.acknowledged(acked);
            readBack.unacknowledged(failed);
            ReadBack.Report report = readBack.check(path);
            assertTrue(report.unacknowledgedSeen() >= 1, report::toString);
            assertEquals(0, report.lostWrites());
            path.flush();
            assertTrue(readBack.check(path).unacknowledgedSeen() >= 1, "also from a segment");
        }
    }

    @Test
    void aDifferentValueAtTheSameTimestampIsAMismatch() {
        try (WritePath path = WritePath.builder().build()) {
            ReadBack readBack = new ReadBack();
            path.write(Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, 7));
            readBack.acknowledged(Write.of(Key.of("a"), Key.of("b"), new byte[] {2}, 7));
            ReadBackException e = assertThrows(ReadBackException.class, () -> readBack.verify(path));
            assertEquals(2, e.report().readMismatches(), () -> "the read and the scan: " + e.getMessage());
        }
    }

    @Test
    void anOlderWriteThatWinsByItsTimestampIsALostOverwrite() {
        try (WritePath path = WritePath.builder().build()) {
            ReadBack readBack = new ReadBack();
            Write first = Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, 10);
            Write second = Write.of(Key.of("a"), Key.of("b"), new byte[] {2}, 5); // stamped lower, written later
            long invoked = readBack.invoked();
            path.write(first);
            readBack.acknowledged(first, invoked);
            invoked = readBack.invoked();
            path.write(second);
            readBack.acknowledged(second, invoked);
            ReadBackException e = assertThrows(ReadBackException.class, () -> readBack.verify(path));
            assertEquals(1, e.report().lostWrites(), e::getMessage);
            assertTrue(e.getMessage().contains("lost overwrite"), e::getMessage);
        }
    }

    @Test
    void concurrentWritesMayEitherWin() {
        for (boolean firstWins : new boolean[] {true, false}) {
            try (WritePath path = WritePath.builder().build()) {
                ReadBack readBack = new ReadBack();
                Write a = Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, firstWins ? 10 : 5);
                Write b = Write.of(Key.of("a"), Key.of("b"), new byte[] {2}, firstWins ? 5 : 10);
                long invokedA = readBack.invoked();
                long invokedB = readBack.invoked(); // b starts before a is acknowledged
                path.write(a);
                path.write(b);
                readBack.acknowledged(a, invokedA);
                readBack.acknowledged(b, invokedB);
                assertTrue(readBack.check(path).ok(), readBack.check(path)::toString);
            }
        }
    }

    @Test
    void aTicketFromElsewhereIsRefused() {
        ReadBack readBack = new ReadBack();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> readBack.acknowledged(Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, 7), 99));
        assertTrue(e.getMessage().contains("99"), e::getMessage);
    }


    @Test
    void verifyClosedWantsAClosedPath() {
        try (WritePath path = WritePath.builder().build()) {
            assertThrows(IllegalStateException.class, () -> new ReadBack().verifyClosed(path));
        }
    }
}

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
    void twoAcknowledgedWritesWithOneTimestampAreRefused() {
        ReadBack readBack = new ReadBack();
        readBack.acknowledged(Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, 7));
        readBack.acknowledged(Write.of(Key.of("a"), Key.of("b"), new byte[] {1}, 7)); // same content: fine
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> readBack.acknowledged(Write.of(Key.of("a"), Key.of("b"), new byte[] {2}, 7)));
        assertTrue(e.getMessage().contains("timestamp 7"), e::getMessage);
    }

    @Test
    void verifyClosedWantsAClosedPath() {
        try (WritePath path = WritePath.builder().build()) {
            assertThrows(IllegalStateException.class, () -> new ReadBack().verifyClosed(path));
        }
    }
}

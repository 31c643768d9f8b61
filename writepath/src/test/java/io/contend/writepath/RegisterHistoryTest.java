package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The checker that judges the server: it must accept what a register may do and refuse what it may not. */
class RegisterHistoryTest {
    private static RegisterHistory.Op write(int client, String v, long call, long ret) {
        return new RegisterHistory.Op(client, "k", true, v, call, ret);
    }

    private static RegisterHistory.Op read(int client, String v, long call, long ret) {
        return new RegisterHistory.Op(client, "k", false, v, call, ret);
    }

    @Test
    void sequentialReadsOfTheLatestWriteAreLinearizable() {
        List<RegisterHistory.Op> h = List.of(read(0, null, 0, 1), write(0, "a", 2, 3), read(1, "a", 4, 5),
                write(1, "b", 6, 7), read(0, "b", 8, 9));
        assertTrue(RegisterHistory.linearizable(h));
        assertNull(RegisterHistory.firstStaleRead(h));
    }

    @Test
    void aReadOverlappingAWriteMayReturnEitherValue() {
        // b is written during [10, 20]; reads inside it may see a or b, but once one saw b, later ones must too
        assertTrue(RegisterHistory.linearizable(List.of(write(0, "a", 0, 1), write(1, "b", 10, 20),
                read(2, "a", 11, 12), read(2, "b", 13, 14), read(3, "b", 15, 16))));
        assertFalse(RegisterHistory.linearizable(List.of(write(0, "a", 0, 1), write(1, "b", 10, 20),
                read(2, "b", 11, 12), read(2, "a", 13, 14))), "a read went back in time");
    }

    @Test
    void concurrentWritesMayLandInEitherOrder() {
        assertTrue(RegisterHistory.linearizable(List.of(write(0, "a", 0, 10), write(1, "b", 1, 9),
                read(2, "a", 11, 12))));
        assertTrue(RegisterHistory.linearizable(List.of(write(0, "a", 0, 10), write(1, "b", 1, 9),
                read(2, "b", 11, 12))));
    }

    @Test
    void aLostOverwriteIsAStaleRead() {
        List<RegisterHistory.Op> h = List.of(write(0, "a", 0, 1), write(1, "b", 2, 3), read(0, "a", 4, 5));
        assertFalse(RegisterHistory.linearizable(h));
        String stale = RegisterHistory.firstStaleRead(h);
        assertNotNull(stale);
        assertTrue(stale.contains("stale read"), stale);
    }

    @Test
    void aReadOfNothingAfterAWriteAndAnInventedValueAreRefused() {
        assertFalse(RegisterHistory.linearizable(List.of(write(0, "a", 0, 1), read(1, null, 2, 3))));
        assertFalse(RegisterHistory.linearizable(List.of(read(1, "z", 2, 3))));
    }

    @Test
    void aLongConcurrentHistoryIsCheckedQuickly() {
        // 4 clients, overlapping writes and reads that return the latest write that completed before them
        java.util.List<RegisterHistory.Op> h = new java.util.ArrayList<>();
        String latest = null;
        for (int i = 0; i < 5_000; i++) {
            long t = 10L * i;
            if (i % 2 == 0) {
                h.add(write(i % 4, "v" + i, t, t + 15)); // overlaps the next operation
                latest = "v" + i;
            } else {
                h.add(read(i % 4, latest, t - 4, t - 2)); // inside the last write: the old or the new value
            }
        }
        assertTrue(RegisterHistory.linearizable(h));
    }
}

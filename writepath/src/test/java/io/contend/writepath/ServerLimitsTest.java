package io.contend.writepath;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerLimitsTest {

    /**
     * Before a merge each of its k + 1 segments may hold every row, the merge writes one more copy and the
     * memtables index them too: the rows' share of the heap, with each row's overhead, must fit that many times.
     */
    @Test
    void theDefaultRowsFitEveryCopyAMergeCanHoldInTheHeapLeft() {
        long pool = 8L << 20;
        long left = Runtime.getRuntime().maxMemory() / 10 * 9 - 2 * pool - ServerLimits.DEFAULT_BODY_BYTES_IN_FLIGHT;
        for (int k : new int[] {1, 8, 100}) {
            ServerLimits limits = ServerLimits.defaults(pool, k);
            long oneCopy = limits.maxDataBytes() + limits.maxRows() * ServerLimits.ROW_HEAP_BYTES;
            assertTrue(oneCopy * (k + 3) <= left, k + ": " + limits + " in " + left + " bytes");
            assertTrue(limits.maxRows() >= 1 && limits.maxRows() <= ServerLimits.DEFAULT_MAX_ROWS, limits::toString);
            assertEquals(ServerLimits.DEFAULT_BODY_BYTES_IN_FLIGHT, limits.maxBodyBytesInFlight());
        }
        assertTrue(ServerLimits.defaults(pool, 100).maxDataBytes() < ServerLimits.defaults(pool, 8).maxDataBytes(),
                "more segments before a merge leave fewer bytes for rows");
    }

    @Test
    void aPathThatNeverCompactsGetsNoDefaultsThatClaimABound() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerLimits.defaults(8L << 20, 0));
        assertTrue(e.getMessage().contains("compactionThreshold") && e.getMessage().endsWith(": 0"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class, () -> ServerLimits.defaults(0, 8));
        assertTrue(e.getMessage().contains("poolBytes"), e::getMessage);
    }

    @Test
    void theDefaultsOfAPathUseItsPoolAndThreshold() {
        WritePath path = WritePath.builder().poolBytes(8L << 20).flushThresholdBytes(1L << 20).compactionThreshold(3)
                .build();
        try {
            ServerLimits limits = ServerLimits.defaults(path);
            assertEquals(ServerLimits.defaults(8L << 20, 3).maxDataBytes(), limits.maxDataBytes());
            assertFalse(limits.toString().contains(limits.checkToken()), "the token is a secret");
        } finally {
            path.close();
        }
    }
}

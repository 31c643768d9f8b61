package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinMergeTest {

    private static long exactLimit(long total, int maxBins) {
        BigInteger q = BigInteger.valueOf(total).shiftLeft(1).divide(BigInteger.valueOf(maxBins));
        return q.min(BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
    }

    @Test
    void theLimitIsTwiceTheTotalOverMaxBinsRoundedDown() {
        assertEquals(1L << 52, BinMerge.limit((1L << 52) + (1L << 51) + 1, 3));
        long[] totals = {0, 1, 2, 3, (1L << 51) - 1, 1L << 51, (1L << 52) - 1, 1L << 52, (1L << 52) + 1,
            (1L << 53) - 1, 1L << 53, (1L << 53) + 1, (1L << 62) - 1, 1L << 62, Long.MAX_VALUE / 2,
            Long.MAX_VALUE / 2 + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        int[] bins = {1, 2, 3, 7, 100, 65_535, StreamingHistogramBuilder.MAX_BINS};
        for (long total : totals) {
            for (int maxBins : bins) {
                assertEquals(exactLimit(total, maxBins), BinMerge.limit(total, maxBins), total + " / " + maxBins);
            }
        }
        Random random = new Random(7);
        for (int i = 0; i < 200_000; i++) {
            long total = random.nextLong() >>> (1 + random.nextInt(63));
            int maxBins = 1 + random.nextInt(i % 2 == 0 ? 200 : StreamingHistogramBuilder.MAX_BINS);
            assertEquals(exactLimit(total, maxBins), BinMerge.limit(total, maxBins), total + " / " + maxBins);
        }
    }

    @Test
    void aTieGoesToTheEvenMultipleOfTheStepWhereverTheLeftPointIs() {
        // Mean 90 between 60 (1 x 60) and 120 (2 x 60), and 150 between 120 and 180 (3 x 60).
        assertEquals(120, BinMerge.nearestGridPoint(60, 120, 60, 2, 60));
        assertEquals(120, BinMerge.nearestGridPoint(120, 180, 60, 2, 60));
        assertEquals(120, BinMerge.nearestGridPoint(60, 240, 180, 2, 60)); // mean 150: 1.5 steps, a tie
        assertEquals(0, BinMerge.nearestGridPoint(-60, 0, 60, 2, 60));
        assertEquals(-120, BinMerge.nearestGridPoint(-120, -60, 60, 2, 60));
        assertEquals(12, BinMerge.nearestGridPoint(11, 13, 1, 1, 1));
        assertEquals(12, BinMerge.nearestGridPoint(11, 13, 0.5, 1, 1)); // 11.5
        assertEquals(12, BinMerge.nearestGridPoint(12, 13, 0.5, 1, 1)); // 12.5
        assertEquals(Long.MIN_VALUE, BinMerge.nearestGridPoint(Long.MIN_VALUE, Long.MIN_VALUE + 1, 0.5, 1, 1));
        assertEquals(Long.MAX_VALUE - 1, BinMerge.nearestGridPoint(Long.MAX_VALUE - 1, Long.MAX_VALUE, 0.5, 1, 1));
        // A tie below the left point is clamped to it.
        assertEquals(-60, BinMerge.nearestGridPoint(-60, 0, -30, 1, 60));
        // Not ties: the nearest, whatever its parity.
        assertEquals(60, BinMerge.nearestGridPoint(60, 120, 29, 1, 60));
        assertEquals(180, BinMerge.nearestGridPoint(60, 240, 121, 1, 60));
    }
}

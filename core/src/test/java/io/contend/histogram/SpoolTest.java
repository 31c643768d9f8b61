package io.contend.histogram;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spool's table against a map: every count kept through the doublings, never more than half full. */
class SpoolTest {

    @Test
    void growsAsBucketsArriveAndKeepsEveryCount() {
        for (int maxSize : new int[] {1, 2, 31, 32, 33, 1000, 100_000}) {
            Spool spool = new Spool(maxSize);
            int maxCapacity = Integer.highestOneBit(Math.max(2, maxSize) * 2 - 1) << 1;
            assertEquals(Math.min(Spool.INITIAL_CAPACITY, maxCapacity), spool.capacity(), "a new table, max " + maxSize);
            SplittableRandom random = new SplittableRandom(maxSize);
            Map<Long, Long> expected = new HashMap<>();
            while (expected.size() < maxSize) {
                // consecutive buckets (time order) and scattered ones, some added again
                long bucket = random.nextBoolean() ? expected.size() : random.nextLong();
                long count = 1 + random.nextInt(5);
                expected.merge(bucket, count, Long::sum);
                assertEquals(expected.size(), spool.add(bucket, count));
                assertTrue(2 * spool.size() <= spool.capacity() || spool.capacity() == maxCapacity,
                        spool.size() + " buckets in " + spool.capacity() + " slots");
                assertTrue(spool.capacity() <= maxCapacity, spool.capacity() + " slots, max " + maxCapacity);
            }
            assertTrue(2 * spool.size() <= spool.capacity(), "at most half full at the limit, max " + maxSize);
            Map<Long, Long> drained = new HashMap<>();
            spool.drainTo((bucket, count) -> assertEquals(null, drained.put(bucket, count), "bucket " + bucket));
            assertEquals(expected, drained, "max " + maxSize);
            assertEquals(0, spool.size());
            int grown = spool.capacity();
            spool.add(7, 1);
            spool.clear();
            assertEquals(grown, spool.capacity(), "a cleared table keeps its size");
        }
    }

    @Test
    void aFewBucketsKeepTheTableSmall() {
        Spool spool = new Spool(100_000);
        for (long minute = 0; minute < 1440; minute++) {
            spool.add(minute, 1);
            spool.add(minute, 1);
        }
        assertEquals(4096, spool.capacity(), "1440 buckets in the smallest table at most half full");
    }
}

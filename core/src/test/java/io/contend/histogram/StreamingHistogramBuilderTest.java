package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StreamingHistogramBuilderTest {

    @Test
    void rejectsArgumentsOutOfRangeNamingThem() {
        assertMessage("maxBins must be in [1, 65536]: 0", () -> new StreamingHistogramBuilder(0, 0, 1));
        assertMessage("maxSpool must be in [0, 16777216]: -1", () -> new StreamingHistogramBuilder(10, -1, 1));
        assertMessage("roundTo must be in [1, " + Long.MAX_VALUE + "]: 0", () -> new StreamingHistogramBuilder(10, 0, 0));
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(10, 0, 1);
        assertMessage("count must not be negative: -3", () -> b.update(1, -3));
        b.update(1, 0);
        assertTrue(b.build().isEmpty(), "a count of 0 changes nothing");
    }

    private static void assertMessage(String message, Runnable action) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, action::run).getMessage());
    }

    @Test
    void countsSaturateInsteadOfWrapping() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(2, 0, 1);
        b.update(1, Long.MAX_VALUE);
        b.update(1, Long.MAX_VALUE);
        b.update(2, Long.MAX_VALUE);
        b.update(3, 5); // merges with a saturated bin
        StreamingHistogram h = b.build();
        assertEquals(Long.MAX_VALUE, h.totalCount());
        h.forEach((p, c) -> assertTrue(c > 0, "count " + c));
        assertEquals((double) Long.MAX_VALUE + 5, h.sum(Double.POSITIVE_INFINITY), "sums are doubles and do not wrap");
    }

    @Test
    void extremePointsDoNotOverflow() {
        for (int spool : new int[] {0, 4}) {
            StreamingHistogramBuilder b = new StreamingHistogramBuilder(2, spool, 1);
            b.update(Long.MIN_VALUE);
            b.update(Long.MAX_VALUE);
            b.update(0);
            b.update(Long.MAX_VALUE - 1);
            StreamingHistogram h = b.build();
            assertEquals(4, h.totalCount());
            assertEquals(2, h.size());
            assertTrue(h.minBin() < h.maxBin());
            assertEquals(Long.MIN_VALUE, h.minBin());
        }
    }

    @Test
    void roundsPointsUpToTheGridAndSaturatesAtTheLastMultiple() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(10, 0, 60);
        b.update(1);
        b.update(60);
        b.update(-59);
        b.update(Long.MAX_VALUE);
        StreamingHistogram h = b.build();
        long[] expected = {0, 60, Long.MAX_VALUE - Long.MAX_VALUE % 60};
        int[] i = {0};
        h.forEach((p, c) -> {
            assertEquals(expected[i[0]], p);
            assertEquals(i[0] == 1 ? 2 : 1, c);
            i[0]++;
        });
        assertEquals(3, i[0]);
        assertEquals(60, h.roundTo());
    }

    @Test
    void builderStaysUsableAndBuiltHistogramsDoNotChange() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(5, 100, 1);
        for (int i = 0; i < 50; i++) {
            b.update(i);
        }
        StreamingHistogram first = b.build();
        String before = first.toString();
        for (int i = 0; i < 50; i++) {
            b.update(1000 + i);
        }
        StreamingHistogram second = b.build();
        assertEquals(before, first.toString());
        assertEquals(50, first.totalCount());
        assertEquals(100, second.totalCount());
        assertNotEquals(first, second);
        b.releaseSpool();
        assertEquals(second, b.build(), "releasing the spool keeps the bins");
        b.update(7);
        assertEquals(101, b.build().totalCount(), "the spool comes back on the next update");
        b.clear();
        assertTrue(b.build().isEmpty());
        assertTrue(b.toString().contains("maxBins=5"), b::toString);
    }

    @Test
    void spoolSizesGiveTheSameHistogramWhenNothingIsMerged() {
        Random r = new Random(1);
        StreamingHistogramBuilder direct = new StreamingHistogramBuilder(64, 0, 1);
        StreamingHistogramBuilder spooled = new StreamingHistogramBuilder(64, 7, 1);
        for (int i = 0; i < 10_000; i++) {
            long p = r.nextInt(64);
            direct.update(p);
            spooled.update(p);
        }
        assertEquals(direct.build(), spooled.build());
    }

    /**
     * Garbage-free updates: after warm-up, a million updates through every path (spool hit, spool flush, bin
     * merge) allocate nothing on this thread (HotSpot's per-thread allocation counter; a few bytes of slack for
     * the counter call itself).
     */
    @Test
    void updatesAllocateNothingAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long[] points = new Random(2).longs(1_000_000, 0, 2_592_000).toArray();
        for (int spool : new int[] {0, 1000}) {
            StreamingHistogramBuilder b = new StreamingHistogramBuilder(100, spool, 1);
            for (int warm = 0; warm < 3; warm++) {
                for (long p : points) {
                    b.update(p);
                }
            }
            long id = Thread.currentThread().getId();
            long before = threads.getThreadAllocatedBytes(id);
            for (long p : points) {
                b.update(p);
            }
            long allocated = threads.getThreadAllocatedBytes(id) - before;
            assertTrue(allocated < 1024, "spool " + spool + ": a million updates allocated " + allocated + " bytes");
        }
    }
}

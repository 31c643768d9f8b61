package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinsTest {

    @Test
    void mergedPointIsTheWeightedMeanRoundedToTheGrid() {
        assertEquals(15, Bins.mergedPoint(10, 1, 20, 1, 1));
        assertEquals(13, Bins.mergedPoint(10, 3, 20, 1, 1)); // 12.5: a half step rounds up
        assertEquals(120, Bins.mergedPoint(60, 1, 180, 1, 60));
        assertEquals(120, Bins.mergedPoint(60, 2, 240, 1, 60));
        assertEquals(120, Bins.mergedPoint(60, 3, 240, 2, 60)); // mean 132 rounds to the nearest grid point
    }

    @Test
    void mergedPointStaysStrictlyInsideWhenThePairIsTwoStepsApart() {
        assertEquals(11, Bins.mergedPoint(10, Long.MAX_VALUE, 12, 1, 1));
        assertEquals(11, Bins.mergedPoint(10, 1, 12, Long.MAX_VALUE, 1));
        long nearLeft = Bins.mergedPoint(Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1, 1); // mean: MIN + ~2
        assertTrue(nearLeft == Long.MIN_VALUE + 1 || nearLeft == Long.MIN_VALUE + 2, () -> "near the left: " + nearLeft);
        assertEquals(Long.MAX_VALUE - 1, Bins.mergedPoint(Long.MIN_VALUE, 1, Long.MAX_VALUE, Long.MAX_VALUE, 1));
        long middle = Bins.mergedPoint(Long.MIN_VALUE, 5, Long.MAX_VALUE, 5, 1);
        assertTrue(Math.abs(middle) <= 1024, () -> "middle of the whole range: " + middle);
    }

    @Test
    void mergedPointGoesToTheHeavierEndWhenOneStepApart() {
        assertEquals(10, Bins.mergedPoint(10, 2, 11, 1, 1));
        assertEquals(11, Bins.mergedPoint(10, 1, 11, 2, 1));
        assertEquals(10, Bins.mergedPoint(10, 1, 11, 1, 1)); // a tie goes left: no upward drift
        assertEquals(Long.MAX_VALUE, Bins.mergedPoint(Long.MAX_VALUE - 1, 1, Long.MAX_VALUE, 3, 1));
    }

    @Test
    void mergedPointNeverLeavesThePairOverRandomInputs() {
        Random r = new Random(11);
        for (int i = 0; i < 100_000; i++) {
            long step = 1 + r.nextInt(100);
            long left = (r.nextLong() / step) * step;
            long span = step * (1 + (long) (r.nextDouble() * r.nextDouble() * ((Long.MAX_VALUE - Math.max(left, 0)) / step)));
            long right = left + span;
            if (right <= left) {
                continue;
            }
            long lc = 1 + (r.nextBoolean() ? r.nextInt(1000) : (r.nextLong() >>> 1));
            long rc = 1 + (r.nextBoolean() ? r.nextInt(1000) : (r.nextLong() >>> 1));
            long q = Bins.mergedPoint(left, lc, right, rc, step);
            assertTrue(q >= left && q <= right, left + ".." + right + " -> " + q);
            assertEquals(0, Long.remainderUnsigned(q - left, step), "on the grid");
            if (span >= 2 * step) {
                assertTrue(q > left && q < right, "strictly inside " + left + ".." + right + " -> " + q);
            }
        }
    }

    @Test
    void reduceMergesTheSamePairsAsRepeatedSingleMerges() {
        Random r = new Random(5);
        Bins bins = new Bins();
        for (int round = 0; round < 200; round++) {
            int n = 2 + r.nextInt(300);
            long[] points = r.longs(n, -1_000_000, 1_000_000).distinct().sorted().toArray();
            n = points.length;
            long[] counts = r.longs(n, 1, 1000).toArray();
            int target = 1 + r.nextInt(n);
            long[] p1 = points.clone();
            long[] c1 = counts.clone();
            int m1 = n;
            while (m1 > target) {
                m1 = mergeClosestPair(p1, c1, m1, 1);
            }
            long[] p2 = points.clone();
            long[] c2 = counts.clone();
            int m2 = bins.reduce(p2, c2, n, target, 1);
            assertEquals(m1, m2);
            assertArrayEquals(Arrays.copyOf(p1, m1), Arrays.copyOf(p2, m2), "points, round " + round);
            assertArrayEquals(Arrays.copyOf(c1, m1), Arrays.copyOf(c2, m2), "counts, round " + round);
        }
    }

    @Test
    void insertMergingClosestEqualsInsertThenMerge() {
        Random r = new Random(17);
        for (int round = 0; round < 20_000; round++) {
            int n = 1 + r.nextInt(12);
            long range = r.nextBoolean() ? 40 : Long.MAX_VALUE;
            long[] points = r.longs(n, -range / 2, range / 2).distinct().sorted().toArray();
            n = points.length;
            long[] counts = r.longs(n, 1, 5).toArray();
            long p = r.nextLong() % (range / 2);
            if (Arrays.binarySearch(points, p) >= 0) {
                continue;
            }
            long c = 1 + r.nextInt(5);
            long[] p1 = Arrays.copyOf(points, n + 1);
            long[] c1 = Arrays.copyOf(counts, n + 1);
            int m = mergeClosestPair(p1, c1, Bins.insert(p1, c1, n, p, c), 1);
            long[] p2 = Arrays.copyOf(points, n + 1);
            long[] c2 = Arrays.copyOf(counts, n + 1);
            Bins.insertMergingClosest(p2, c2, n, p, c, 1, 0);
            assertEquals(n, m);
            String context = "round " + round + ": " + Arrays.toString(points) + " + " + p;
            assertArrayEquals(Arrays.copyOf(p1, m), Arrays.copyOf(p2, n), context);
            assertArrayEquals(Arrays.copyOf(c1, m), Arrays.copyOf(c2, n), context);
        }
    }

    /** The builder (spool 0, with its gap bound) against a model that inserts and then merges by a plain scan. */
    @Test
    void builderMergesExactlyLikeTheOneAtATimeReference() {
        Random r = new Random(23);
        for (int round = 0; round < 300; round++) {
            int maxBins = 1 + r.nextInt(20);
            long step = r.nextBoolean() ? 1 : 1 + r.nextInt(10);
            long range = r.nextBoolean() ? 100 : 1_000_000;
            StreamingHistogramBuilder builder = new StreamingHistogramBuilder(maxBins, 0, step);
            long[] points = new long[maxBins + 1];
            long[] counts = new long[maxBins + 1];
            int n = 0;
            for (int i = 0; i < 500; i++) {
                long p = r.nextLong() % range;
                long c = 1 + r.nextInt(3);
                builder.update(p, c);
                long rounded = Math.floorMod(p, step) == 0 ? p : p - Math.floorMod(p, step) + step;
                n = Bins.insert(points, counts, n, rounded, c);
                if (n > maxBins) {
                    n = mergeClosestPair(points, counts, n, step);
                }
            }
            long[] expectedPoints = Arrays.copyOf(points, n);
            long[] expectedCounts = Arrays.copyOf(counts, n);
            long[] actualPoints = new long[n];
            long[] actualCounts = new long[n];
            int[] i = {0};
            StreamingHistogram h = builder.build();
            assertEquals(n, h.size(), "round " + round);
            h.forEach((p, c) -> {
                actualPoints[i[0]] = p;
                actualCounts[i[0]++] = c;
            });
            assertArrayEquals(expectedPoints, actualPoints, "round " + round);
            assertArrayEquals(expectedCounts, actualCounts, "round " + round);
        }
    }

    @Test
    void insertKeepsPointsSortedAndSumsEqualPoints() {
        long[] points = new long[10];
        long[] counts = new long[10];
        int n = 0;
        for (long p : new long[] {5, 1, 9, 5, 3, Long.MIN_VALUE, Long.MAX_VALUE}) {
            n = Bins.insert(points, counts, n, p, 1);
        }
        assertArrayEquals(new long[] {Long.MIN_VALUE, 1, 3, 5, 9, Long.MAX_VALUE}, Arrays.copyOf(points, n));
        assertArrayEquals(new long[] {1, 1, 1, 2, 1, 1}, Arrays.copyOf(counts, n));
        n = Bins.insert(points, counts, n, 5, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE, counts[3], "counts saturate");
    }

    @Test
    void lowerBoundFindsTheFirstPointAtLeastTheKey() {
        long[] points = {1, 3, 5, 7};
        for (long key = 0; key <= 8; key++) {
            int expected = 0;
            while (expected < 4 && points[expected] < key) {
                expected++;
            }
            for (int n = 0; n <= 4; n++) {
                assertEquals(Math.min(expected, n), Bins.lowerBound(points, n, key), "key " + key + " n " + n);
            }
        }
    }

    /** The reference: merges the closest adjacent pair (leftmost on ties) by a plain scan. */
    static int mergeClosestPair(long[] points, long[] counts, int n, long step) {
        int best = 0;
        long bestGap = points[1] - points[0];
        for (int i = 1; i < n - 1; i++) {
            long gap = points[i + 1] - points[i];
            if (Long.compareUnsigned(gap, bestGap) < 0) {
                bestGap = gap;
                best = i;
            }
        }
        points[best] = Bins.mergedPoint(points[best], counts[best], points[best + 1], counts[best + 1], step);
        counts[best] = Counts.add(counts[best], counts[best + 1]);
        System.arraycopy(points, best + 2, points, best + 1, n - best - 2);
        System.arraycopy(counts, best + 2, counts, best + 1, n - best - 2);
        return n - 1;
    }

}

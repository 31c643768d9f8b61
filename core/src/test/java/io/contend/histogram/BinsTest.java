package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinsTest {

    @Test
    void mergedPointIsTheGridPointNearestTheMean() {
        assertEquals(15, merged(10, 1, 20, 1, 1));
        assertEquals(12, merged(10, 3, 20, 1, 1)); // 12.5: a tie goes to the even grid point
        assertEquals(120, merged(60, 1, 180, 1, 60));
        assertEquals(120, merged(60, 2, 240, 1, 60));
        assertEquals(120, merged(60, 3, 240, 2, 60)); // mean 132
        assertEquals(10, merged(10, 1000, 20, 1, 1), "a heavy bin is not pulled a whole step by a light one");
        assertEquals(10, merged(10, 2, 11, 1, 1));
        assertEquals(11, merged(10, 1, 11, 2, 1));
    }

    private static long merged(long left, long leftCount, long right, long rightCount, long step) {
        double moment = BinMerge.momentAboutLeft(left, 0, right, 0, rightCount);
        return BinMerge.nearestGridPoint(left, right, moment, (double) leftCount + rightCount, step);
    }

    @Test
    void mergedPointStaysInsideThePairAtTheExtremes() {
        // Means 2 above the left end and 2 below the right end of the whole range (a double resolves 4096 there).
        assertEquals(Long.MIN_VALUE + 2, merged(Long.MIN_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, 1, 1));
        long nearRight = merged(Long.MIN_VALUE, 1, Long.MAX_VALUE, Long.MAX_VALUE, 1);
        assertTrue(nearRight >= Long.MAX_VALUE - 4096, () -> "near the right end: " + nearRight);
        long middle = merged(Long.MIN_VALUE, 5, Long.MAX_VALUE, 5, 1);
        assertTrue(Math.abs(middle) <= 4096, () -> "middle of the whole range: " + middle);
        assertEquals(Long.MAX_VALUE - 1, BinMerge.nearestGridPoint(Long.MAX_VALUE - 1, Long.MAX_VALUE, 0.8, 2, 1));
        assertEquals(Long.MAX_VALUE, BinMerge.nearestGridPoint(Long.MAX_VALUE - 1, Long.MAX_VALUE, 7.0, 1, 1));
        assertEquals(Long.MIN_VALUE, BinMerge.nearestGridPoint(Long.MIN_VALUE, 0, -3.0, 1, 1));
    }

    @Test
    void mergedPointNeverLeavesThePairOrTheGridOverRandomInputs() {
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
            long q = merged(left, lc, right, rc, step);
            assertTrue(q >= left && q <= right, left + ".." + right + " -> " + q);
            assertEquals(0, Long.remainderUnsigned(q - left, step), "on the grid");
            double mean = BinMerge.unsignedToDouble(span) * ((double) rc / ((double) lc + rc)); // relative to left
            double at = BinMerge.unsignedToDouble(q - left);
            assertTrue(Math.abs(at - mean) <= step / 2.0 + 4 * Math.ulp(mean), () -> "nearest to the mean " + mean + ": " + at);
        }
    }

    @Test
    void theLimitAlwaysLeavesAPairThatMayMerge() {
        Random r = new Random(3);
        for (int round = 0; round < 20_000; round++) {
            int maxBins = 1 + r.nextInt(20);
            long[] counts = new long[maxBins + 1];
            long total = 0;
            for (int i = 0; i <= maxBins; i++) {
                counts[i] = 1 + (r.nextBoolean() ? r.nextInt(3) : r.nextInt(1_000_000));
                total += counts[i];
            }
            long limit = BinMerge.limit(total, maxBins);
            boolean some = false;
            for (int i = 0; i < maxBins; i++) {
                some |= BinMerge.mayMerge(counts[i], counts[i + 1], limit);
            }
            assertTrue(some, () -> Arrays.toString(counts));
        }
    }

    /**
     * The builder's bins (with the fast path and its bounds) against a model that inserts the point and then
     * scans every pair for the closest one that may merge: the same points, counts and means.
     */
    @Test
    void binsMergeExactlyLikeTheScanningModel() {
        Random r = new Random(23);
        for (int round = 0; round < 400; round++) {
            int maxBins = 1 + r.nextInt(20);
            long step = r.nextBoolean() ? 1 : 1 + r.nextInt(10);
            Bins bins = new Bins(maxBins, step);
            Model model = new Model(maxBins, step);
            int order = r.nextInt(3);
            for (int i = 0; i < 2000; i++) {
                long p = order == 0 ? r.nextInt(1_000_000) : order == 1 ? i * 7L + r.nextInt(20) : -i * 7L - r.nextInt(20);
                p = Math.floorDiv(p, step) * step;
                long c = r.nextInt(10) == 0 ? 1 + r.nextInt(500) : 1;
                bins.add(p, c);
                model.add(p, c);
            }
            StreamingHistogram h = bins.toHistogram(maxBins, step);
            StreamingHistogram expected = new StreamingHistogram(model.points, model.counts, model.size, maxBins, step);
            assertEquals(expected, h, "round " + round + " (order " + order + ")");
        }
    }

    @Test
    void reduceMergesTheSamePairsAsTheScanningModel() {
        Random r = new Random(5);
        BinReducer reducer = new BinReducer();
        for (int round = 0; round < 300; round++) {
            int n = 2 + r.nextInt(300);
            long[] points = r.longs(n, -1_000_000, 1_000_000).distinct().sorted().toArray();
            n = points.length;
            long[] counts = r.longs(n, 1, r.nextBoolean() ? 3 : 1000).toArray();
            int target = 1 + r.nextInt(n);
            Model model = new Model(n, 1);
            model.load(points, counts);
            long limit = BinMerge.limit(Arrays.stream(counts).sum(), target);
            while (model.size > target) {
                model.mergePair(model.closestPair(-1, limit));
            }
            long[] p2 = points.clone();
            long[] c2 = counts.clone();
            int m = reducer.reduce(p2, c2, n, target, 1);
            assertEquals(model.size, m);
            assertArrayEquals(Arrays.copyOf(model.points, m), Arrays.copyOf(p2, m), "points, round " + round);
            assertArrayEquals(Arrays.copyOf(model.counts, m), Arrays.copyOf(c2, m), "counts, round " + round);
        }
    }

    @Test
    void binsStayBalancedOnAscendingInput() {
        Bins bins = new Bins(100, 1);
        for (long p = 0; p < 1_000_000; p++) {
            bins.add(p, 1);
        }
        StreamingHistogram h = bins.toHistogram(100, 1);
        h.forEach((p, c) -> assertTrue(c <= 2 * 1_000_000 / 100, () -> "bin " + p + " holds " + c));
        assertTrue(h.size() >= 50, h::toString);
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

    /**
     * The merge rule written plainly: insert, then scan all pairs for the closest one whose combined count is at
     * most the limit (the new point's pairs first on ties, then the leftmost), merging at the exact mean.
     */
    static final class Model {
        final int maxBins;
        final long step;
        final long[] points;
        final long[] counts;
        final double[] moments;
        int size;
        long total;

        Model(int maxBins, long step) {
            this.maxBins = maxBins;
            this.step = step;
            points = new long[maxBins + 1];
            counts = new long[maxBins + 1];
            moments = new double[maxBins + 1];
        }

        void load(long[] p, long[] c) {
            System.arraycopy(p, 0, points, 0, p.length);
            System.arraycopy(c, 0, counts, 0, c.length);
            size = p.length;
        }

        void add(long p, long c) {
            total += c;
            for (int i = 0; i < size; i++) {
                if (points[i] == p) {
                    counts[i] += c;
                    return;
                }
            }
            int k = 0;
            while (k < size && points[k] < p) {
                k++;
            }
            System.arraycopy(points, k, points, k + 1, size - k);
            System.arraycopy(counts, k, counts, k + 1, size - k);
            System.arraycopy(moments, k, moments, k + 1, size - k);
            points[k] = p;
            counts[k] = c;
            moments[k] = 0;
            size++;
            if (size > maxBins) {
                mergePair(closestPair(k, BinMerge.limit(total, maxBins)));
            }
        }

        /** The new bin's pairs (k - 1, k) then (k, k + 1) first, then all pairs left to right; strictly closer wins. */
        int closestPair(int k, long limit) {
            int best = -1;
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j < size - 1; j++) {
                    boolean own = j == k - 1 || j == k;
                    if (own == (pass == 0) && counts[j] + counts[j + 1] <= limit
                            && (best < 0 || points[j + 1] - points[j] < points[best + 1] - points[best])) {
                        best = j;
                    }
                }
            }
            return best;
        }

        void mergePair(int i) {
            long left = points[i];
            double moment = BinMerge.momentAboutLeft(left, moments[i], points[i + 1], moments[i + 1], counts[i + 1]);
            double count = (double) counts[i] + (double) counts[i + 1];
            long q = BinMerge.nearestGridPoint(left, points[i + 1], moment, count, step);
            points[i] = q;
            moments[i] = moment - BinMerge.unsignedToDouble(q - left) * count;
            counts[i] += counts[i + 1];
            System.arraycopy(points, i + 2, points, i + 1, size - i - 2);
            System.arraycopy(counts, i + 2, counts, i + 1, size - i - 2);
            System.arraycopy(moments, i + 2, moments, i + 1, size - i - 2);
            size--;
        }
    }
}

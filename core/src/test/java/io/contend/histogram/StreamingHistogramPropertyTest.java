package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Properties of built histograms over seeded inputs: every distribution x arrival order (random, ascending,
 * descending, batches of 1000 shuffled) x spool size x rounding, each with a different seed, checked against the
 * exact CDF of the input. The accuracy bounds are stated per check.
 */
class StreamingHistogramPropertyTest {
    private static final int N = 50_000;

    static Stream<Arguments> configurations() {
        List<Arguments> all = new ArrayList<>();
        long seed = 1;
        for (Distributions d : Distributions.values()) {
            for (Distributions.Order order : Distributions.Order.values()) {
                for (int spool : new int[] {0, 10, 1000, 100_000}) {
                    for (long round : new long[] {1, 60}) {
                        all.add(Arguments.of(d, order, spool, round, seed++));
                    }
                }
            }
        }
        return all.stream();
    }

    private static long[] values(Distributions d, Distributions.Order order, long seed) {
        return order.arrange(d.sample(N, seed), seed);
    }

    private static StreamingHistogram build(long[] values, int maxBins, int spool, long round) {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(maxBins, spool, round);
        for (long v : values) {
            b.update(v);
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} spool={2} round={3}")
    @MethodSource("configurations")
    void totalIsPreservedAndSumIsMonotonicFromZeroToTotal(Distributions d, Distributions.Order order, int spool, long round,
                                                           long seed) {
        long[] values = values(d, order, seed);
        StreamingHistogram h = build(values, 100, spool, round);
        assertEquals(N, h.totalCount());
        assertTrue(h.size() <= 100, () -> "bins: " + h.size());
        long[] sum = {0};
        long[] last = {Long.MIN_VALUE};
        h.forEach((p, c) -> {
            assertTrue(p > last[0], "points strictly increase");
            assertTrue(c >= 1, "counts are at least 1");
            assertEquals(0, Math.floorMod(p, round), "points stay on the rounding grid");
            last[0] = p;
            sum[0] += c;
        });
        assertEquals(N, sum[0]);
        assertEquals(0, h.sum(h.minBin() - 1.0));
        assertEquals(N, h.sum(Double.POSITIVE_INFINITY));
        assertEquals(N, h.sum(h.maxBin()));
        double previous = -1;
        double from = h.minBin() - 10.0;
        double step = (h.maxBin() - from + 10.0) / 5000;
        for (double b = from; b <= h.maxBin() + 10.0; b += step) {
            double s = h.sum(b);
            assertTrue(s >= previous, "sum decreased at " + b + ": " + s + " < " + previous);
            assertTrue(s >= 0 && s <= N);
            previous = s;
        }
    }

    @ParameterizedTest(name = "{0} {1} spool={2} round={3}")
    @MethodSource("configurations")
    void quantilesAreMonotonicAndInvertSum(Distributions d, Distributions.Order order, int spool, long round, long seed) {
        StreamingHistogram h = build(values(d, order, seed), 100, spool, round);
        double previous = Double.NEGATIVE_INFINITY;
        for (int i = 0; i <= 1000; i++) {
            double q = i / 1000.0;
            double x = h.quantile(q);
            assertTrue(x >= previous, "quantile decreased at " + q);
            assertTrue(x >= h.minBin() && x <= h.maxBin());
            previous = x;
            // Between the outer half-bins, quantile inverts sum: sum(quantile(q)) == q * total.
            if (x > h.minBin() && x < h.maxBin()) {
                assertEquals(q * N, h.sum(x), 1e-6 * N, "sum(quantile(" + q + "))");
            }
        }
        double[] parts = h.uniform(4);
        assertEquals(3, parts.length);
        assertEquals(h.quantile(0.5), parts[1]);
    }

    /**
     * Accuracy against the exact CDF of the input (before rounding) at its 1st .. 99th percentiles, for maxBins 100
     * and 20: within 2 * total / maxBins everywhere, the size bound of a merged bin (measured worst: 0.0100 of the
     * total with 100 bins, at the 1st percentile of the exponential input, whose lowest bin's point lies above
     * it; 0.050 with 20 bins), and within 0.01 at the quartiles with 100 bins, the builder's accuracy goal
     * (measured worst 0.002).
     */
    @ParameterizedTest(name = "{0} {1} spool={2} round={3}")
    @MethodSource("configurations")
    void sumIsCloseToTheExactCdf(Distributions d, Distributions.Order order, int spool, long round, long seed) {
        long[] values = values(d, order, seed);
        long[] sorted = Distributions.sorted(values);
        for (int maxBins : new int[] {100, 20}) {
            StreamingHistogram h = build(values, maxBins, spool, round);
            double bound = 2.0 / maxBins;
            for (int q = 1; q < 100; q++) {
                long x = sorted[q * N / 100];
                double error = Math.abs(h.sum(x) - Distributions.countAtMost(sorted, x)) / N;
                assertTrue(error <= bound, maxBins + " bins, percentile " + q + ": error " + error + " > " + bound);
                if (q % 25 == 0 && maxBins == 100) {
                    assertTrue(error <= 0.01, "quartile " + q / 25 + ": error " + error);
                }
            }
        }
    }

    /**
     * merge(a, b) against the exact CDF of the union: within 0.02 of the total at every 5th percentile, for a built
     * from a stream in the given order and b from another distribution in random order (measured worst: 0.004).
     */
    @ParameterizedTest(name = "{0} {1} spool={2} round={3}")
    @MethodSource("configurations")
    void mergeMatchesBuildingFromTheUnion(Distributions d, Distributions.Order order, int spool, long round, long seed) {
        long[] a = values(d, order, seed);
        long[] b = Distributions.values()[(d.ordinal() + 1) % Distributions.values().length].sample(N / 2, seed + 1000);
        long[] union = new long[a.length + b.length];
        System.arraycopy(a, 0, union, 0, a.length);
        System.arraycopy(b, 0, union, a.length, b.length);
        long[] sorted = Distributions.sorted(union);
        StreamingHistogram merged = build(a, 100, spool, round).merge(build(b, 100, spool, round));
        StreamingHistogram built = build(union, 100, spool, round);
        assertEquals(built.totalCount(), merged.totalCount());
        assertTrue(merged.size() <= 100);
        for (int q = 5; q < 100; q += 5) {
            long x = sorted[q * union.length / 100];
            double exact = Distributions.countAtMost(sorted, x);
            double bound = 0.02 * union.length;
            assertEquals(exact, merged.sum(x), bound, "merged, percentile " + q);
            assertEquals(exact, built.sum(x), bound, "built, percentile " + q);
        }
    }

    /** Weighted updates equal repeated single updates when nothing is merged (fewer points than bins). */
    @Test
    void weightedUpdatesEqualRepeatedUpdatesWithinTheBinLimit() {
        StreamingHistogramBuilder weighted = new StreamingHistogramBuilder(100, 0, 1);
        StreamingHistogramBuilder repeated = new StreamingHistogramBuilder(100, 16, 1);
        Random r = new Random(7);
        for (int i = 0; i < 1000; i++) {
            long p = r.nextInt(50);
            int c = 1 + r.nextInt(5);
            weighted.update(p, c);
            for (int k = 0; k < c; k++) {
                repeated.update(p);
            }
        }
        StreamingHistogram w = weighted.build();
        assertEquals(w, repeated.build());
        // Exact at bin points while there are no more distinct points than bins: count below + half the bin.
        long[] below = {0};
        w.forEach((p, c) -> {
            assertEquals(p == w.maxBin() ? w.totalCount() : below[0] + c / 2.0, w.sum(p), 1e-9, "sum at " + p);
            below[0] += c;
        });
    }

    /**
     * Cassandra's drift: with spool 0 and rounding 60 its merged points are rounded up again, and sum at the
     * median of uniform seconds-in-a-day data falls to about 33k of 100k. Here merged points go to the grid point
     * nearest their exact mean, so the estimate stays within 1% of the truth.
     */
    @Test
    void roundingDoesNotDriftMassUpward() {
        Random r = new Random(3);
        long[] values = new long[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1_700_000_000L + r.nextInt(86_400);
        }
        long[] sorted = Distributions.sorted(values);
        StreamingHistogram h = build(values, 100, 0, 60);
        long median = sorted[values.length / 2];
        double exact = Distributions.countAtMost(sorted, median);
        assertEquals(exact, h.sum(median), 0.01 * values.length);
    }
}

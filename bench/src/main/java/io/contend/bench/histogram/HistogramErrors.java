package io.contend.bench.histogram;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Accuracy of the implementations the {@code histogram} experiment compares: the rank error at the quartiles,
 * |sum(b) - exact(b)| / n, of the histogram against the exact distribution of the points it was given. Those are
 * the points rounded up to {@code roundTo} (CASSANDRA-13444 rounds deletion times to 60 s before they reach the
 * builder, so no histogram of them can know more). b runs over their quartiles (the rounded points of rank n/4,
 * n/2 and 3n/4 in sorted order). Where b is one of the points, the exact cumulative count jumps at b, from the
 * number below b to the number at most b, and every value in between is an exact answer (Ben-Haim and Tom-Tov's
 * sum gives half a bin's count below its point, and the total at the highest point); so the error is the distance
 * from sum(b) to that range. On continuous data the range is the single number of points at most b; on data with
 * few distinct values (a minute of seconds, or anything rounded to a coarse grid) an exact histogram scores 0.
 * (Measured against the raw points instead, a minute of seconds rounded to 60 s costs every implementation about
 * 50%: that is the rounding, which no histogram can undo.) Deterministic, so it is computed once per
 * configuration, outside JMH.
 *
 * <p>{@link #main} prints the table for every payload x roundTo (1, 60) x spool (0, 1000, 100,000):
 * {@code java -cp cli/target/contend.jar io.contend.bench.histogram.HistogramErrors}.
 */
public final class HistogramErrors {
    /** The spools of the targets. */
    public static final List<Integer> SPOOLS = List.of(0, 1000, 100_000);
    /** Without rounding, and Cassandra's 60 s. */
    public static final List<Long> ROUNDINGS = List.of(1L, 60L);

    private HistogramErrors() {
    }

    /**
     * The rank errors at the three quartiles, as fractions of the number of points.
     *
     * @param first at the first quartile
     * @param median at the median
     * @param third at the third quartile
     */
    public record QuartileErrors(double first, double median, double third) {
        /** @return the largest of the three */
        public double worst() {
            return Math.max(first, Math.max(median, third));
        }

        /** @return their mean */
        public double mean() {
            return (first + median + third) / 3;
        }
    }

    /** The payload's points, and their copy rounded up to the grid and sorted, made once per rounding. */
    private record Sample(long[] points, long[] sorted) {
        static Sample of(long[] points, long roundTo) {
            long[] sorted = new long[points.length];
            for (int i = 0; i < points.length; i++) {
                sorted[i] = HistogramImpl.roundUp(points[i], roundTo);
            }
            Arrays.sort(sorted);
            return new Sample(points, sorted);
        }

        long quartile(int q) {
            return sorted[q * sorted.length / 4];
        }

        /** @return the distance from a count to [rounded points below b, rounded points at most b] */
        double distanceToExact(double count, long b) {
            int below = firstAbove(b - 1);
            int atMost = firstAbove(b);
            return count < below ? below - count : count > atMost ? count - atMost : 0;
        }

        /** @return the index of the first rounded point above b: how many are at most b */
        private int firstAbove(long b) {
            int lo = 0;
            int hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] <= b) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }
    }

    /** @return impl's quartile errors on the payload's {@link StreamingHistogramBenchmark#POINTS} points */
    public static QuartileErrors quartileErrors(HistogramImpl impl, HistogramPayload payload, int spool, long roundTo) {
        return quartileErrors(impl, Sample.of(payload.points(StreamingHistogramBenchmark.POINTS), roundTo), spool,
                roundTo);
    }

    /** @return impl's quartile errors on points, built with maxBins 100, the spool and the rounding */
    public static QuartileErrors quartileErrors(HistogramImpl impl, long[] points, int spool, long roundTo) {
        return quartileErrors(impl, Sample.of(points, roundTo), spool, roundTo);
    }

    private static QuartileErrors quartileErrors(HistogramImpl impl, Sample sample, int spool, long roundTo) {
        Object built = impl.build(sample.points(), spool, roundTo);
        double[] errors = new double[3];
        for (int q = 1; q <= 3; q++) {
            long b = sample.quartile(q);
            errors[q - 1] = sample.distanceToExact(impl.sum(built, b, sample.points().length), b)
                    / sample.points().length;
        }
        return new QuartileErrors(errors[0], errors[1], errors[2]);
    }

    /** Prints the quartile errors of every implementation on every payload x roundTo x spool. */
    public static void main(String[] args) {
        print(System.out);
    }

    static void print(PrintStream out) {
        out.println("Rank error at the quartiles, distance from sum(b) to the exact count / n in %, mean / worst of the three; n = "
                + StreamingHistogramBenchmark.POINTS + ", maxBins " + HistogramImpl.MAX_BINS);
        out.printf("%-15s %5s %7s  %-15s  %-15s  %-15s%n", "payload", "round", "spool", "contend", "cassandra",
                "tdigest");
        for (HistogramPayload payload : HistogramPayload.values()) {
            long[] points = payload.points(StreamingHistogramBenchmark.POINTS);
            for (long roundTo : ROUNDINGS) {
                Sample sample = Sample.of(points, roundTo);
                QuartileErrors tdigest = quartileErrors(HistogramImpl.tdigest, sample, 0, roundTo);
                for (int spool : SPOOLS) {
                    out.printf("%-15s %5d %7d  %-15s  %-15s  %-15s%n", payload, roundTo, spool,
                            cell(quartileErrors(HistogramImpl.contend, sample, spool, roundTo)),
                            cell(quartileErrors(HistogramImpl.cassandra, sample, spool, roundTo)), cell(tdigest));
                }
            }
        }
        out.println("b: the quartiles of the points rounded up to roundTo (what each histogram is given); the error is");
        out.println("the distance from sum(b) to [points below b, points at most b], the exact count's range at b");
        out.println("(one number on continuous data; an exact histogram scores 0). t-digest has no spool (same in every row).");
    }

    private static String cell(QuartileErrors e) {
        return String.format("%6.3f / %6.3f", 100 * e.mean(), 100 * e.worst());
    }
}

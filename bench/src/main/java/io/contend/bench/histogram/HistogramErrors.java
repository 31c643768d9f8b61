package io.contend.bench.histogram;

import io.contend.histogram.StreamingHistogram;
import io.contend.histogram.StreamingHistogramBuilder;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Accuracy of the implementations the {@code histogram} experiment compares: the rank error at the quartiles,
 * |sum(b) - exact(b)| / n, where b runs over the payload's exact quartiles (its points of rank n/4, n/2 and 3n/4
 * in sorted order, before rounding) and exact(b) is the number of points at most b. Deterministic, so it is
 * computed once per configuration, outside JMH.
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

    /** The payload's points and their sorted copy, made once. */
    private record Sample(long[] points, long[] sorted) {
        static Sample of(long[] points) {
            long[] sorted = points.clone();
            Arrays.sort(sorted);
            return new Sample(points, sorted);
        }

        long quartile(int q) {
            return sorted[q * sorted.length / 4];
        }

        /** @return how many points are at most b */
        int countAtMost(long b) {
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
        return quartileErrors(impl, Sample.of(payload.points(StreamingHistogramBenchmark.POINTS)), spool, roundTo);
    }

    /** @return impl's quartile errors on points, built with maxBins 100, the spool and the rounding */
    public static QuartileErrors quartileErrors(HistogramImpl impl, long[] points, int spool, long roundTo) {
        return quartileErrors(impl, Sample.of(points), spool, roundTo);
    }

    private static QuartileErrors quartileErrors(HistogramImpl impl, Sample sample, int spool, long roundTo) {
        Object built = impl.build(sample.points(), spool, roundTo);
        double[] errors = new double[3];
        for (int q = 1; q <= 3; q++) {
            long b = sample.quartile(q);
            errors[q - 1] = Math.abs(impl.sum(built, b, sample.points().length) - sample.countAtMost(b)) / sample.points().length;
        }
        return new QuartileErrors(errors[0], errors[1], errors[2]);
    }

    /**
     * The errors that no number of bins removes: those of a histogram with a bin for every distinct rounded point
     * and the same sum (half a point's own count, and the rounding). Null when there are more distinct points
     * than a histogram may have bins.
     */
    public static QuartileErrors floor(long[] points, long roundTo) {
        Sample sample = Sample.of(points);
        long distinct = Arrays.stream(sample.sorted()).map(p -> HistogramImpl.roundUp(p, roundTo)).distinct().count();
        if (distinct > StreamingHistogramBuilder.MAX_BINS) {
            return null;
        }
        StreamingHistogramBuilder exact = new StreamingHistogramBuilder((int) distinct, 0, roundTo);
        for (long p : points) {
            exact.update(p);
        }
        StreamingHistogram h = exact.build();
        double[] errors = new double[3];
        for (int q = 1; q <= 3; q++) {
            long b = sample.quartile(q);
            errors[q - 1] = Math.abs(h.sum(b) - sample.countAtMost(b)) / points.length;
        }
        return new QuartileErrors(errors[0], errors[1], errors[2]);
    }

    /** Prints the quartile errors of every implementation on every payload x roundTo x spool. */
    public static void main(String[] args) {
        print(System.out);
    }

    static void print(PrintStream out) {
        out.println("Rank error at the quartiles, |sum(b) - exact(b)| / n in %, mean / worst of the three; n = "
                + StreamingHistogramBenchmark.POINTS + ", maxBins " + HistogramImpl.MAX_BINS);
        out.printf("%-15s %5s %7s  %-15s  %-15s  %-15s  %s%n", "payload", "round", "spool", "contend", "cassandra",
                "tdigest", "floor");
        for (HistogramPayload payload : HistogramPayload.values()) {
            Sample sample = Sample.of(payload.points(StreamingHistogramBenchmark.POINTS));
            for (long roundTo : ROUNDINGS) {
                QuartileErrors floor = floor(sample.points(), roundTo);
                QuartileErrors tdigest = quartileErrors(HistogramImpl.tdigest, sample, 0, roundTo);
                for (int spool : SPOOLS) {
                    out.printf("%-15s %5d %7d  %-15s  %-15s  %-15s  %s%n", payload, roundTo, spool,
                            cell(quartileErrors(HistogramImpl.contend, sample, spool, roundTo)),
                            cell(quartileErrors(HistogramImpl.cassandra, sample, spool, roundTo)), cell(tdigest),
                            floor == null ? "-" : cell(floor));
                }
            }
        }
        out.println("exact(b): points at most b, b the payload's exact quartiles (before rounding). t-digest has no");
        out.println("spool (same in every row) and gets the rounded points. floor: a bin for every distinct rounded");
        out.println("point, the same sum rule (half a point's own count counts below it): what no number of bins");
        out.println("removes; '-' with more than " + StreamingHistogramBuilder.MAX_BINS + " distinct points.");
    }

    private static String cell(QuartileErrors e) {
        return String.format("%6.3f / %6.3f", 100 * e.mean(), 100 * e.worst());
    }
}

package io.contend.bench.histogram;

import com.tdunning.math.stats.MergingDigest;
import io.contend.histogram.StreamingHistogram;
import io.contend.histogram.StreamingHistogramBuilder;
import org.apache.cassandra.utils.streamhist.StreamingTombstoneHistogramBuilder;
import org.apache.cassandra.utils.streamhist.TombstoneHistogram;

/**
 * The implementations the {@code histogram} experiment compares, behind one build-and-query shape: contend's
 * builder, Cassandra 5.0.4's StreamingTombstoneHistogramBuilder, and t-digest 3.3's MergingDigest (a quantile
 * sketch, as a reference: it has no spool, so {@code spool} does not apply to it).
 */
public enum HistogramImpl {
    /** contend's StreamingHistogramBuilder; the benchmark reuses one builder, cleared per build. */
    contend,
    /** Cassandra's StreamingTombstoneHistogramBuilder; it cannot be cleared, so each build makes a new one. */
    cassandra,
    /** t-digest's MergingDigest, compression 100 (its default); a new digest per build. */
    tdigest;

    /** maxBins of CASSANDRA-13444's benchmark, and t-digest's compression. */
    public static final int MAX_BINS = 100;

    /**
     * Builds from points with a new builder (digest for t-digest): what the benchmark measures for the peers.
     *
     * @param points the payload
     * @param spool the spool size (ignored by t-digest)
     * @return contend's StreamingHistogram, Cassandra's TombstoneHistogram or a compressed MergingDigest
     */
    public Object build(long[] points, int spool) {
        switch (this) {
            case contend: {
                StreamingHistogramBuilder builder = new StreamingHistogramBuilder(MAX_BINS, spool, 1);
                for (long p : points) {
                    builder.update(p);
                }
                return builder.build();
            }
            case cassandra: {
                StreamingTombstoneHistogramBuilder builder = new StreamingTombstoneHistogramBuilder(MAX_BINS, spool, 1);
                for (long p : points) {
                    builder.update(p);
                }
                return builder.build();
            }
            default: {
                MergingDigest digest = new MergingDigest(MAX_BINS);
                for (long p : points) {
                    digest.add(p, 1);
                }
                digest.compress();
                return digest;
            }
        }
    }

    /** @return sum(b) of what {@link #build} returns: the estimated count of points at most b */
    private double sum(Object built, double b, int points) {
        switch (this) {
            case contend:
                return ((StreamingHistogram) built).sum(b);
            case cassandra:
                return ((TombstoneHistogram) built).sum(b);
            default:
                return ((MergingDigest) built).cdf(b) * points;
        }
    }

    /**
     * The error of sum(median) relative to the number of points: |estimate - exact| / n, where median is the
     * points' exact median and exact the number of points at most it.
     */
    public double sumErrorAtMedian(long[] points, int spool) {
        long[] sorted = points.clone();
        java.util.Arrays.sort(sorted);
        long median = sorted[sorted.length / 2];
        int exact = 0;
        while (exact < sorted.length && sorted[exact] <= median) {
            exact++;
        }
        double estimate = sum(build(points, spool), median, points.length);
        return Math.abs(estimate - exact) / points.length;
    }
}

package io.contend.bench.histogram;

import com.tdunning.math.stats.MergingDigest;
import io.contend.histogram.StreamingHistogram;
import io.contend.histogram.StreamingHistogramBuilder;
import org.apache.cassandra.utils.streamhist.StreamingTombstoneHistogramBuilder;
import org.apache.cassandra.utils.streamhist.TombstoneHistogram;

/**
 * The implementations the {@code histogram} experiment compares, behind one build-and-query shape: contend's
 * builder, Cassandra 5.0.4's StreamingTombstoneHistogramBuilder, and t-digest 3.3's MergingDigest (a quantile
 * sketch, as a reference: it has no spool, so {@code spool} does not apply to it, and no rounding, so it is given
 * the points rounded up as the builders round them).
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
     * @param roundTo the rounding step in seconds, at least 1 (1: none)
     * @return contend's StreamingHistogram, Cassandra's TombstoneHistogram or a compressed MergingDigest
     */
    public Object build(long[] points, int spool, long roundTo) {
        switch (this) {
            case contend: {
                StreamingHistogramBuilder builder = new StreamingHistogramBuilder(MAX_BINS, spool, roundTo);
                for (long p : points) {
                    builder.update(p);
                }
                return builder.build();
            }
            case cassandra: {
                StreamingTombstoneHistogramBuilder builder = new StreamingTombstoneHistogramBuilder(MAX_BINS, spool,
                        Math.toIntExact(roundTo));
                for (long p : points) {
                    builder.update(p);
                }
                return builder.build();
            }
            default: {
                MergingDigest digest = new MergingDigest(MAX_BINS);
                for (long p : points) {
                    digest.add(roundUp(p, roundTo), 1);
                }
                digest.compress();
                return digest;
            }
        }
    }

    /**
     * @param built what {@link #build} returned
     * @param points how many points it was built from
     * @return sum(b): the estimated count of points at most b
     */
    public double sum(Object built, double b, int points) {
        switch (this) {
            case contend:
                return ((StreamingHistogram) built).sum(b);
            case cassandra:
                return ((TombstoneHistogram) built).sum(b);
            default:
                return ((MergingDigest) built).cdf(b) * points;
        }
    }

    /** @return point rounded up to a multiple of roundTo, as the builders round it */
    static long roundUp(long point, long roundTo) {
        long remainder = Math.floorMod(point, roundTo);
        return remainder == 0 ? point : point - remainder + roundTo;
    }
}

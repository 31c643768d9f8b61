package io.contend.writepath;

import io.contend.histogram.StreamingHistogram;
import io.contend.histogram.StreamingHistogramBuilder;

/**
 * contend's deletion-time histogram with Cassandra's settings (CASSANDRA-13444; Cassandra's SSTable defaults: 100
 * bins, spool 100,000, rounding 60 s). Single-threaded, like the flush that fills it.
 *
 * <p>Each thread keeps one builder between the histograms it makes: a histogram takes its thread's idle builder
 * (or a new one if there is none, or it is in use), and on its first read builds its immutable summary, clears the
 * builder and gives it back. Clearing keeps the builder's arrays (its spool grows to two 16-byte slots per distinct
 * rounded deletion time it has met, up to megabytes at these settings), so a flush allocates no builder once its
 * thread has made one:
 * the garbage CASSANDRA-13444 removed per update, removed per flush too. Each thread that makes histograms keeps
 * one builder for its life; the write path makes them on its flush thread alone. A histogram therefore takes no
 * point after its first read.
 */
final class ContendDeletionHistogram implements DeletionHistogram {
    static final int MAX_BINS = 100;
    static final int SPOOL = 100_000;
    static final long ROUND_SECONDS = 60;

    static final Factory FACTORY = new Factory() {
        @Override
        public DeletionHistogram create() {
            return new ContendDeletionHistogram();
        }

        @Override
        public String name() {
            return "contend";
        }

        @Override
        public String toString() {
            return "DeletionHistogram.Factory[contend]";
        }
    };

    /** The builder each thread lends its next histogram; absent while one of its histograms is being filled. */
    private static final ThreadLocal<StreamingHistogramBuilder> IDLE = new ThreadLocal<>();

    /** The builder this histogram fills; null once built. */
    private StreamingHistogramBuilder builder;
    private StreamingHistogram built;
    private long count;

    private ContendDeletionHistogram() {
        StreamingHistogramBuilder idle = IDLE.get();
        if (idle != null) {
            IDLE.remove();
            builder = idle;
        } else {
            builder = new StreamingHistogramBuilder(MAX_BINS, SPOOL, ROUND_SECONDS);
        }
    }

    /**
     * @throws IllegalStateException once the histogram has been read: it is built, and its builder is back with its
     *                               thread
     */
    @Override
    public void update(long deletionTime) {
        if (builder == null) {
            throw new IllegalStateException("this histogram was read, so it is built and takes no more points; "
                    + "a flush adds every deletion time before it reads: " + this);
        }
        builder.update(deletionTime);
        count++;
    }

    private StreamingHistogram histogram() {
        if (built == null) {
            built = builder.build();
            builder.clear();
            if (IDLE.get() == null) {
                IDLE.set(builder);
            }
            builder = null;
        }
        return built;
    }

    @Override
    public long totalCount() {
        return histogram().totalCount();
    }

    @Override
    public double sum(double point) {
        return histogram().sum(point);
    }

    @Override
    public String toString() {
        return "ContendDeletionHistogram[" + count + " points, "
                + (built != null ? built.toString() : "being filled") + "]";
    }
}

package io.contend.writepath;

import io.contend.histogram.StreamingHistogram;
import io.contend.histogram.StreamingHistogramBuilder;

/**
 * contend's deletion-time histogram with Cassandra's settings (CASSANDRA-13444; Cassandra's SSTable defaults: 100
 * bins, spool 100,000, rounding 60 s). Single-threaded, like the flush that fills it.
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

    private final StreamingHistogramBuilder builder = new StreamingHistogramBuilder(MAX_BINS, SPOOL, ROUND_SECONDS);
    private StreamingHistogram built;
    private long count;

    @Override
    public void update(long deletionTime) {
        builder.update(deletionTime);
        count++;
        built = null;
    }

    private StreamingHistogram histogram() {
        if (built == null) {
            built = builder.build();
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
        return "ContendDeletionHistogram[" + count + " points, " + histogram() + "]";
    }
}

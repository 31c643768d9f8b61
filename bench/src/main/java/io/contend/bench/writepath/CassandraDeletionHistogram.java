package io.contend.bench.writepath;

import io.contend.writepath.DeletionHistogram;
import org.apache.cassandra.utils.streamhist.StreamingTombstoneHistogramBuilder;
import org.apache.cassandra.utils.streamhist.TombstoneHistogram;

/**
 * The JDK/peer build's deletion-time histogram: Cassandra 5.0.4's {@code StreamingTombstoneHistogramBuilder} with
 * the settings Cassandra's SSTable writer uses (100 bins, spool 100,000, rounding 60 s; CASSANDRA-13444). It lives
 * in the bench module so that no user of the writepath module sees Cassandra's jar. Single-threaded, like the flush
 * that fills it.
 */
public final class CassandraDeletionHistogram implements DeletionHistogram {
    static final int MAX_BINS = 100;
    static final int SPOOL = 100_000;
    static final int ROUND_SECONDS = 60;

    /** Makes one per flush; named {@code cassandra}. */
    public static final Factory FACTORY = new Factory() {
        @Override
        public DeletionHistogram create() {
            return new CassandraDeletionHistogram();
        }

        @Override
        public String name() {
            return "cassandra";
        }

        @Override
        public String toString() {
            return "DeletionHistogram.Factory[cassandra]";
        }
    };

    private final StreamingTombstoneHistogramBuilder builder =
            new StreamingTombstoneHistogramBuilder(MAX_BINS, SPOOL, ROUND_SECONDS);
    private TombstoneHistogram built;

    private CassandraDeletionHistogram() {
    }

    @Override
    public void update(long deletionTime) {
        builder.update(deletionTime);
        built = null;
    }

    private TombstoneHistogram histogram() {
        if (built == null) {
            built = builder.build();
        }
        return built;
    }

    /** @return the sum of the built histogram's bin counts (Cassandra keeps no separate total) */
    @Override
    public long totalCount() {
        long[] total = {0};
        histogram().forEach((point, value) -> total[0] += value);
        return total[0];
    }

    @Override
    public double sum(double point) {
        return histogram().sum(point);
    }

    @Override
    public String toString() {
        return "CassandraDeletionHistogram[" + histogram().size() + " bins]";
    }
}

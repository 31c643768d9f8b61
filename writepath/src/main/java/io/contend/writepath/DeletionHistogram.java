package io.contend.writepath;

/**
 * The deletion-time histogram a flush writes into each segment (CASSANDRA-13444): every row with a deletion time
 * adds that time, in seconds, and the segment keeps the built summary. One histogram per flush, used by the flush
 * thread alone: it adds every deletion time, then reads.
 *
 * <p>The JDK/peer build of this component is Cassandra's {@code StreamingTombstoneHistogramBuilder} (the lab names the
 * version it measured), which contend keeps in the {@code bench} module's scope only (so that no user of contend sees Cassandra's jar): it
 * will be a {@link Factory} in {@code bench}, passed to {@link Components#withHistogram(Factory)}.
 */
public interface DeletionHistogram {

    /**
     * Adds one deletion time.
     *
     * @param deletionTime seconds since the epoch
     * @throws IllegalStateException if the histogram was already read and takes no more points (contend's, whose
     *                               first read gives its builder back for the thread's next histogram)
     */
    void update(long deletionTime);

    /** @return how many deletion times were added (every one counts, whatever its bin) */
    long totalCount();

    /**
     * @param point seconds since the epoch
     * @return the estimated number of deletion times at or before {@code point}
     */
    double sum(double point);

    /** Makes the histogram of each flush. */
    interface Factory {
        /** @return a new, empty histogram builder */
        DeletionHistogram create();

        /** @return a short name for reports, e.g. {@code contend} or {@code cassandra} */
        String name();
    }

    /**
     * contend's {@link io.contend.histogram.StreamingHistogramBuilder} with Cassandra's settings: 100 bins, a spool
     * of 100,000 points, deletion times rounded up to 60 s.
     *
     * @return the factory, named {@code contend}
     */
    static Factory contend() {
        return ContendDeletionHistogram.FACTORY;
    }
}

package io.contend.histogram;

import io.contend.internal.Checks;

/**
 * Builds a {@link StreamingHistogram} from a stream of points, allocating nothing per update once its arrays
 * exist (CASSANDRA-13444): bins are sorted primitive arrays, and a spool, an open-addressing primitive map,
 * accumulates distinct points until it holds {@code maxSpool} of them, when they are merged into the bins one at
 * a time; a repeated point then costs one hash probe instead of a merge. With {@code maxSpool} 0 every point goes
 * straight into the bins. Either way a run of equal points (after rounding) is added as one weighted point when
 * the run ends, at the cost of one comparison per point: time-ordered deletion times rounded to 60 s come in such
 * runs, which would otherwise each cost a merge or a hash probe.
 *
 * <p>Bins: a point equal to a bin's point adds to it; a new point, once maxBins bins exist, is inserted and the
 * closest adjacent pair merges (Ben-Haim and Tom-Tov, JMLR 2010), taken among the pairs whose combined count is
 * at most 2 * total / maxBins (t-digest's size bound, Dunning and Ertl 2019). The bound is what keeps the bins
 * balanced on time-ordered input (ascending or descending deletion times, or several writers' batches), where
 * the plain closest-pair rule lets one bin take most of the stream. Most updates merge into a neighbouring bin
 * without scanning the bins; a scan is O(maxBins).
 *
 * <p>Rounding: with {@code roundTo} above 1, each point is first rounded up to a multiple of {@code roundTo}
 * (up, as Cassandra does for expiry times, so the estimate errs toward later; a point above the largest
 * multiple that fits in a long goes to that multiple), which makes equal points, and so cheap updates, more
 * likely at the price of up to {@code roundTo - 1} of error per point. A bin keeps its exact mean while it is in
 * the builder and its point is the multiple of roundTo nearest to that mean, so merges neither round mass up (as
 * Cassandra's builder does) nor lose the weight of small merges into a heavy bin; see {@link StreamingHistogram}
 * for the error behaviour.
 *
 * <p>{@link #build()} flushes the spool and returns an immutable histogram; the builder stays usable and
 * later updates do not change histograms already built. {@link #releaseSpool()} frees the spool's memory
 * between bursts of updates. Not thread-safe: one thread updates a builder (Cassandra builds one per
 * SSTable writer).
 */
public final class StreamingHistogramBuilder {
    /** Largest maxBins: the bins are scanned linearly when one point is merged. */
    public static final int MAX_BINS = 1 << 16;
    /** Largest maxSpool (the spool takes two 16-byte slots per point it can hold). */
    public static final int MAX_SPOOL = 1 << 24;

    private final int maxBins;
    private final int maxSpool;
    private final long roundTo;
    private final Rounding rounding;

    private final Bins bins;
    /** bins::add, made once so that a flush allocates nothing. */
    private final PointConsumer toBins;
    /** The current run of equal rounded points, not yet added: its point and count (0: none). */
    private long runPoint;
    private long runCount;

    /** Null when maxSpool is 0 or after releaseSpool(); created on first use. */
    private Spool spool;

    /**
     * @param maxBins the most bins the histogram keeps, in [1, {@value #MAX_BINS}] (Cassandra uses 100)
     * @param maxSpool distinct points buffered before they are merged into the bins, in
     *        [0, {@value #MAX_SPOOL}], rounded up to a power of two as Cassandra's builder does (its hash table
     *        has twice that many slots, 16 bytes each); 0 merges every point at once
     * @param roundTo points are rounded up to a multiple of this, at least 1 (1: no rounding)
     * @throws IllegalArgumentException if an argument is out of range, naming it and its value
     */
    public StreamingHistogramBuilder(int maxBins, int maxSpool, long roundTo) {
        this.maxBins = Checks.inRange("maxBins", maxBins, 1, MAX_BINS);
        Checks.inRange("maxSpool", maxSpool, 0, MAX_SPOOL);
        this.maxSpool = maxSpool == 0 ? 0 : Integer.highestOneBit(2 * maxSpool - 1);
        this.roundTo = Checks.inRange("roundTo", roundTo, 1, Long.MAX_VALUE);
        this.rounding = new Rounding(roundTo);
        bins = new Bins(maxBins, roundTo);
        toBins = bins::add;
    }

    /**
     * Adds one occurrence of point.
     *
     * @param point the value, e.g. a deletion time in seconds
     */
    public void update(long point) {
        update(point, 1);
    }

    /**
     * Adds count occurrences of point; a count of 0 changes nothing.
     *
     * @param point the value, e.g. a deletion time in seconds
     * @param count how many times it occurred, at least 0
     * @throws IllegalArgumentException if count is negative
     */
    public void update(long point, long count) {
        if (count <= 0) {
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative: " + count);
            }
            return;
        }
        long p = rounding.roundUp(point);
        if (p == runPoint && runCount != 0) {
            runCount = Counts.add(runCount, count);
        } else {
            endRun();
            runPoint = p;
            runCount = count;
        }
    }

    /** Adds the current run of equal points, as one weighted point, to the spool or (without one) the bins. */
    private void endRun() {
        long count = runCount;
        if (count == 0) {
            return;
        }
        runCount = 0;
        if (maxSpool == 0) {
            bins.add(runPoint, count);
            return;
        }
        Spool s = spool;
        if (s == null) {
            s = createSpool();
        }
        if (s.add(runPoint, count) >= maxSpool) {
            flush();
        }
    }

    private Spool createSpool() {
        spool = new Spool(maxSpool);
        return spool;
    }

    /** Merges the spooled points into the bins, one at a time, then empties the spool. */
    private void flush() {
        if (spool != null) {
            spool.drainTo(toBins);
        }
    }

    /**
     * Flushes the spool and returns the histogram of everything added so far. The builder stays usable; the
     * histogram does not change with later updates.
     *
     * @return the histogram
     */
    public StreamingHistogram build() {
        endRun();
        flush();
        return bins.toHistogram(maxBins, roundTo);
    }

    /**
     * Flushes the spool into the bins and frees its memory (at most 32 bytes per spooled point); the next update
     * allocates it again. For a builder kept between bursts of updates.
     */
    public void releaseSpool() {
        flush();
        spool = null;
    }

    /** Empties the builder, keeping its memory. */
    public void clear() {
        bins.clear();
        runCount = 0;
        if (spool != null) {
            spool.clear();
        }
    }

    /** @return the bin limit */
    public int maxBins() {
        return maxBins;
    }

    /** @return the spool limit, rounded up to a power of two (0: no spool) */
    public int maxSpool() {
        return maxSpool;
    }

    /** @return the rounding step (1: no rounding) */
    public long roundTo() {
        return roundTo;
    }

    @Override
    public String toString() {
        return "StreamingHistogramBuilder{maxBins=" + maxBins + ", maxSpool=" + maxSpool + ", roundTo=" + roundTo
                + ", bins=" + bins.size() + ", spooled=" + ((spool == null ? 0 : spool.size()) + (runCount == 0 ? 0 : 1)) + "}";
    }
}

package io.contend.histogram;

import io.contend.internal.Checks;

/**
 * Builds a {@link StreamingHistogram} from a stream of points, allocating nothing per update once its arrays
 * exist (CASSANDRA-13444): bins are sorted primitive arrays, and a spool, an open-addressing primitive map,
 * accumulates distinct (rounded) points until it holds {@code maxSpool} of them, when they are merged into the bins
 * one at a time; a repeated point then costs one hash probe instead of a merge. With {@code maxSpool} 0 there is no
 * spool, and the builder holds back only a few recent distinct points (at most 32, direct-mapped by their
 * value), each as one weighted point: time-ordered deletion times rounded to 60 s repeat a few points in turn,
 * which would otherwise each cost a merge. With a spool, a repeated point is one probe of a slot already in the
 * cache; an earlier check for runs of equal points in front of it cost a mispredicted branch per point when two
 * points interleave (a minute of random seconds rounded to 60, spool 1000: 5.8 ns per point with the check, 2.3
 * without, Cassandra 5.0.4 3.4; JMH, one run).
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
    /** Adds a spooled bucket to the bins; made once so that a flush allocates nothing. */
    private final PointConsumer toBins;
    /** What a builder without a spool holds back; null when maxSpool is above 0. */
    private final RecentBuckets recent;

    /** Null when maxSpool is 0 or after releaseSpool(); created on first use. */
    private Spool spool;

    /**
     * @param maxBins the most bins the histogram keeps, in [1, {@value #MAX_BINS}] (Cassandra uses 100)
     * @param maxSpool distinct points buffered before they are merged into the bins, in
     *        [0, {@value #MAX_SPOOL}], rounded up to a power of two as Cassandra's builder does (its hash table
     *        has twice that many slots, 16 bytes each); 0: no spool, each point goes to the bins once a different point
     *        takes its place among the 32 held back
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
        toBins = (bucket, count) -> bins.add(rounding.point(bucket), count);
        recent = this.maxSpool == 0 ? new RecentBuckets(bins, rounding) : null;
    }

    /**
     * Adds one occurrence of point.
     *
     * @param point the value, e.g. a deletion time in seconds: any long, negative ones too (Cassandra's builder
     *              asserts points are not negative and caps them at its largest deletion time; this one does neither)
     */
    public void update(long point) {
        update(point, 1);
    }

    /**
     * Adds count occurrences of point; a count of 0 changes nothing.
     *
     * @param point the value, any long (see {@link #update(long)})
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
        long bucket = rounding.bucket(point);
        if (recent != null) {
            recent.add(bucket, count);
            return;
        }
        Spool s = spool;
        if (s == null) {
            s = createSpool();
        }
        if (s.add(bucket, count) >= maxSpool) {
            flush();
        }
    }

    private Spool createSpool() {
        spool = new Spool(maxSpool);
        return spool;
    }

    /** Merges the spooled (or held back) points into the bins, one at a time, then empties the spool. */
    private void flush() {
        if (spool != null) {
            spool.drainTo(toBins);
        } else if (recent != null) {
            recent.flush();
        }
    }

    /**
     * Flushes the spool and returns the histogram of everything added so far. The builder stays usable; the
     * histogram does not change with later updates.
     *
     * @return the histogram
     */
    public StreamingHistogram build() {
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
        if (spool != null) {
            spool.clear();
        }
        if (recent != null) {
            recent.clear();
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
                + ", bins=" + bins.size() + ", spooled=" + (spool != null ? spool.size() : recent != null ? recent.size() : 0) + "}";
    }
}

package io.contend.histogram;

import io.contend.internal.Checks;

/**
 * Builds a {@link StreamingHistogram} from a stream of points, allocating nothing per update once its arrays
 * exist (CASSANDRA-13444, "Fast and garbage-free Streaming Histogram"): bins are sorted primitive arrays, and a spool, an open-addressing
 * primitive map, accumulates distinct points until it holds {@code maxSpool} of them, when they are merged into
 * the bins one at a time (O(maxBins) each); a repeated point then costs one hash probe instead of a merge.
 * With {@code maxSpool} 0 every point goes straight into the bins.
 *
 * <p>Rounding: with {@code roundTo} above 1, each point is first rounded up to a multiple of {@code roundTo}
 * (up, as Cassandra does for expiry times, so the estimate errs toward later; a point above the largest
 * multiple that fits in a long goes to that multiple), which makes equal points, and so cheap updates, more
 * likely at the price of up to {@code roundTo - 1} of error per point. Merged points are rounded to the
 * nearest multiple and stay inside their pair; see {@link StreamingHistogram} for the error behaviour.
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
    private final long largestMultiple;

    /** Sorted bins, with room for one more than maxBins. */
    private final long[] points;
    private final long[] counts;
    private int bins;
    /** A lower bound on the gaps between bins once they are full, or 0 (see Bins.insertMergingClosest). */
    private long gapBound;

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
        this.largestMultiple = Long.MAX_VALUE - Long.MAX_VALUE % roundTo;
        points = new long[maxBins + 1];
        counts = new long[maxBins + 1];
    }

    /** Adds one occurrence of point. */
    public void update(long point) {
        update(point, 1);
    }

    /**
     * Adds count occurrences of point; a count of 0 changes nothing.
     *
     * @throws IllegalArgumentException if count is negative
     */
    public void update(long point, long count) {
        if (count <= 0) {
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative: " + count);
            }
            return;
        }
        long p = round(point);
        if (maxSpool == 0) {
            addToBins(p, count);
            return;
        }
        Spool s = spool;
        if (s == null) {
            s = createSpool();
        }
        if (s.add(p, count) >= maxSpool) {
            flush();
        }
    }

    private long round(long point) {
        if (roundTo == 1) {
            return point;
        }
        long remainder = Math.floorMod(point, roundTo);
        if (remainder == 0) {
            return point;
        }
        return point > largestMultiple ? largestMultiple : point - remainder + roundTo;
    }

    private Spool createSpool() {
        spool = new Spool(maxSpool);
        return spool;
    }

    /** Merges the spooled points into the bins, one at a time, then empties the spool. */
    private void flush() {
        Spool s = spool;
        if (s == null || s.size() == 0) {
            return;
        }
        for (int slot = 0, slots = s.slots(); slot < slots; slot++) {
            long count = s.countAt(slot);
            if (count != 0) {
                addToBins(s.pointAt(slot), count);
            }
        }
        s.clear();
    }

    private void addToBins(long point, long count) {
        int n = bins;
        if (n == maxBins) {
            int i = Bins.lowerBound(points, n, point);
            if (i < n && points[i] == point) {
                counts[i] = Counts.add(counts[i], count);
            } else {
                gapBound = Bins.insertMergingClosest(points, counts, n, point, count, roundTo, gapBound);
            }
            return;
        }
        bins = Bins.insert(points, counts, n, point, count);
        gapBound = 0; // a new bin splits a gap: the bound no longer holds
    }

    /**
     * Flushes the spool and returns the histogram of everything added so far. The builder stays usable; the
     * histogram does not change with later updates.
     */
    public StreamingHistogram build() {
        flush();
        return new StreamingHistogram(points, counts, bins, maxBins, roundTo);
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
        bins = 0;
        gapBound = 0;
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
                + ", bins=" + bins + ", spooled=" + (spool == null ? 0 : spool.size()) + "}";
    }
}

package io.contend.histogram;

/**
 * The builder's bins: parallel arrays of strictly increasing grid points, their counts (each at least 1) and
 * their first moments about their points (so that a bin's exact mean is point + moment / count), at most maxBins
 * of them.
 *
 * <p>Implementation notes. A point equal to a bin's point adds to that bin. Otherwise, while there are fewer
 * than maxBins bins, it becomes a bin; when they are full it is inserted and then one adjacent pair merges:
 * the closest pair (Ben-Haim and Tom-Tov, "A Streaming Parallel Decision Tree Algorithm", JMLR 11 (2010),
 * Algorithm 1) among the pairs whose combined count is at most 2 * total / maxBins ({@link BinMerge}: t-digest's
 * size bound, Dunning and Ertl 2019). The plain closest-pair rule fails on time-ordered input, which is what a
 * tombstone histogram gets: the newest point is always closest to the newest bin, so one bin swallows most of
 * the stream (on points 0 .. 999,999 in order, maxBins 100 and no spool, sum at the median was 125,248 instead of
 * 500,000). Under the bound
 * that bin stops growing at about 2% of the count (maxBins 100) and the closest pair that may still merge is
 * taken instead, so the bins stay balanced whatever the order. On ties the new point's own pairs go first
 * (left, then right), then the leftmost pair.
 *
 * <p>Most updates need no scan of the bins. After a scan, every pair that may merge has a gap of at least the
 * second smallest gap among them ({@code gapBound}; the smallest is merged away), and every pair that may not has a combined count of at least
 * {@code reeligibleAt}. Merging and adding only widen gaps and add counts, so while the limit stays below
 * reeligibleAt (the limit grows with the total), a new point whose closer eligible neighbour is no farther than
 * gapBound merges into it without a scan; the pair on its other side is then folded into the two bounds.
 * Single-threaded, like the builder.
 */
final class Bins {
    private final int maxBins;
    private final long step;
    private final long[] points;
    private final long[] counts;
    /** Sum of (value - point) over a bin's values: 0 for a bin of one distinct point, and adding at the point keeps it. */
    private final double[] moments;
    private int size;
    private long total;
    /** Pairs that may merge have gaps (unsigned) of at least this; 0 when unknown, i.e. scan. */
    private long gapBound;
    /** Pairs left out of gapBound hold together at least this many; gapBound holds while the limit is below it. */
    private long reeligibleAt;
    /** Scratch of one scan: the closest pair that may merge, its gap, the next closest gap, the lightest pair that may not. */
    private int scanBest;
    private long scanBestGap;
    private long scanSecondGap;
    private long scanHeavy;

    /**
     * @param maxBins at least 1
     * @param step the grid: every point added is a multiple of it
     */
    Bins(int maxBins, long step) {
        this.maxBins = maxBins;
        this.step = step;
        points = new long[maxBins + 1];
        counts = new long[maxBins + 1];
        moments = new double[maxBins + 1];
    }

    /** Adds count (at least 1) occurrences of point, a multiple of the step. */
    void add(long point, long count) {
        total = Counts.add(total, count);
        // Time-ordered input mostly lands beyond the last bin: no search then (a well-predicted branch either way).
        int k = size > 0 && point > points[size - 1] ? size : lowerBound(points, size, point);
        if (k < size && points[k] == point) {
            counts[k] = Counts.add(counts[k], count); // the moment about the point does not change
        } else if (size < maxBins) {
            insertAt(k, point, count);
            gapBound = 0; // a new bin splits a gap: the bound no longer holds
        } else {
            long limit = BinMerge.limit(total, maxBins);
            if (!mergeIntoNeighbour(k, point, count, limit)) {
                insertAt(k, point, count);
                mergePair(closestPair(k, limit));
            }
        }
    }

    /**
     * The fast path: merges the new point into its closer neighbour when that pair may merge and is no farther
     * apart than gapBound, which makes it the pair a scan would pick.
     *
     * @return false when a scan is needed
     */
    private boolean mergeIntoNeighbour(int k, long point, long count, long limit) {
        if (gapBound == 0 || limit >= reeligibleAt) {
            return false;
        }
        boolean left = k > 0 && BinMerge.mayMerge(counts[k - 1], count, limit);
        boolean right = k < size && BinMerge.mayMerge(count, counts[k], limit);
        if (left && (!right || Long.compareUnsigned(point - points[k - 1], points[k] - point) <= 0)) {
            if (Long.compareUnsigned(point - points[k - 1], gapBound) > 0) {
                return false;
            }
            setMerged(k - 1, points[k - 1], moments[k - 1], counts[k - 1], point, 0, count);
        } else if (right && Long.compareUnsigned(points[k] - point, gapBound) <= 0) {
            setMerged(k, point, 0, count, points[k], moments[k], counts[k]);
        } else {
            return false;
        }
        if (k > 0 && k < size) { // the pair on the point's other side is new: fold it into the bounds
            foldPair(k - 1, limit);
        }
        return true;
    }

    private void foldPair(int i, long limit) {
        if (BinMerge.mayMerge(counts[i], counts[i + 1], limit)) {
            long gap = points[i + 1] - points[i];
            gapBound = Long.compareUnsigned(gap, gapBound) < 0 ? gap : gapBound;
        } else {
            reeligibleAt = Math.min(reeligibleAt, Counts.add(counts[i], counts[i + 1]));
        }
    }

    /**
     * Scans the size - 1 pairs (the new bin at k among them) for the closest pair that may merge, and records
     * the bounds for the fast path. If no pair may merge (possible only once the total has saturated at
     * Long.MAX_VALUE and so understates the counts, see {@link BinMerge}), the closest pair of all.
     *
     * @return the left index of the pair
     */
    private int closestPair(int k, long limit) {
        scanBest = -1;
        scanSecondGap = -1; // unsigned: the largest gap
        scanHeavy = Long.MAX_VALUE;
        for (int j = Math.max(0, k - 1); j <= Math.min(k, size - 2); j++) { // the new bin's pairs win ties
            consider(j, limit);
        }
        for (int j = 0; j < size - 1; j++) {
            if (j < k - 1 || j > k) {
                consider(j, limit);
            }
        }
        if (scanBest < 0) {
            return closestPair(k, BinMerge.NO_LIMIT);
        }
        // After the merge, the pairs that may merge are the others, or wider versions of them (the two next to it).
        gapBound = scanSecondGap;
        reeligibleAt = scanHeavy;
        return scanBest;
    }

    /** One pair of the scan: the closest and second closest pairs that may merge, the lightest that may not. */
    private void consider(int j, long limit) {
        if (!BinMerge.mayMerge(counts[j], counts[j + 1], limit)) {
            scanHeavy = Math.min(scanHeavy, Counts.add(counts[j], counts[j + 1]));
            return;
        }
        long gap = points[j + 1] - points[j];
        if (scanBest < 0 || Long.compareUnsigned(gap, scanBestGap) < 0) {
            if (scanBest >= 0) {
                scanSecondGap = scanBestGap;
            }
            scanBest = j;
            scanBestGap = gap;
        } else if (Long.compareUnsigned(gap, scanSecondGap) < 0) {
            scanSecondGap = gap;
        }
    }

    /** Merges bins i and i + 1 into bin i. */
    private void mergePair(int i) {
        setMerged(i, points[i], moments[i], counts[i], points[i + 1], moments[i + 1], counts[i + 1]);
        int tail = size - i - 2;
        System.arraycopy(points, i + 2, points, i + 1, tail);
        System.arraycopy(counts, i + 2, counts, i + 1, tail);
        System.arraycopy(moments, i + 2, moments, i + 1, tail);
        size--;
    }

    /** Stores at index at the merge of two bins (left below right): the nearest grid point to their mean. */
    private void setMerged(int at, long left, double leftMoment, long leftCount, long right, double rightMoment, long rightCount) {
        double moment = BinMerge.momentAboutLeft(left, leftMoment, right, rightMoment, rightCount);
        double count = (double) leftCount + (double) rightCount;
        long point = BinMerge.nearestGridPoint(left, right, moment, count, step);
        points[at] = point;
        moments[at] = moment - BinMerge.unsignedToDouble(point - left) * count;
        counts[at] = Counts.add(leftCount, rightCount);
    }

    private void insertAt(int k, long point, long count) {
        int tail = size - k;
        System.arraycopy(points, k, points, k + 1, tail);
        System.arraycopy(counts, k, counts, k + 1, tail);
        System.arraycopy(moments, k, moments, k + 1, tail);
        points[k] = point;
        counts[k] = count;
        moments[k] = 0;
        size++;
    }

    /** @return the histogram of the bins */
    StreamingHistogram toHistogram(int histogramMaxBins, long roundTo) {
        return new StreamingHistogram(points, counts, size, histogramMaxBins, roundTo);
    }

    int size() {
        return size;
    }

    /** Empties the bins, keeping their memory. */
    void clear() {
        size = 0;
        total = 0;
        gapBound = 0;
    }

    /**
     * The first index in [0, n) whose point is at least key, or n: a binary search whose step is a conditional
     * move rather than a branch (points arrive in random order, so a branch would mispredict half the time).
     */
    static int lowerBound(long[] points, int n, long key) {
        if (n == 0) {
            return 0;
        }
        int base = 0;
        int length = n;
        while (length > 1) {
            int half = length >>> 1;
            base = points[base + half - 1] < key ? base + half : base;
            length -= half;
        }
        return points[base] < key ? base + 1 : base;
    }
}

package io.contend.histogram;

/**
 * Merges many bins at once, for {@link StreamingHistogram#merge}: repeatedly the closest adjacent pair whose
 * combined count is at most 2 * total / maxBins ({@link BinMerge}), ties to the leftmost pair, until maxBins
 * remain. The same rule as the builder's, applied to all bins at once instead of one new point at a time.
 *
 * <p>Implementation notes: O(n log n) with a min-heap of (gap, left bin) candidates over a linked list of live
 * bins. A merge pushes the two pairs it creates; entries whose pair has changed since are skipped when they come
 * up. The total is fixed during a reduction and counts only grow, so a pair that may not merge never may later
 * and its entry is dropped. While more than maxBins bins are live some pair may merge (see {@link BinMerge}),
 * and every live pair has an entry, so the heap does not run dry first; should saturated counts make it (a
 * total saturated at Long.MAX_VALUE understates the counts), a second pass without the bound finishes the job.
 * Means are kept exactly (first moments) through the reduction, as the builder does. Single-threaded; instances keep
 * their scratch arrays for reuse.
 */
final class BinReducer {
    private final GapHeap heap = new GapHeap();
    private int[] next = new int[0];
    private int[] prev = new int[0];
    private double[] moments = new double[0];

    /**
     * Merges pairs of points/counts[0, n) in place until at most maxBins remain.
     *
     * @param points strictly increasing multiples of step
     * @param counts each at least 1
     * @return the new number of bins, min(n, maxBins)
     */
    int reduce(long[] points, long[] counts, int n, int maxBins, long step) {
        if (n <= maxBins) {
            return n;
        }
        ensureScratch(n);
        long total = 0;
        for (int i = 0; i < n; i++) {
            next[i] = i + 1 < n ? i + 1 : -1;
            prev[i] = i - 1;
            moments[i] = 0;
            total = Counts.add(total, counts[i]);
        }
        int live = mergePairs(points, counts, n, maxBins, step, BinMerge.limit(total, maxBins));
        if (live > maxBins) {
            mergePairs(points, counts, live, maxBins, step, BinMerge.NO_LIMIT);
        }
        return compact(points, counts);
    }

    /** Merges pairs that may merge under limit until maxBins are live; returns how many are. */
    private int mergePairs(long[] points, long[] counts, int live, int maxBins, long step, long limit) {
        heap.clear();
        for (int i = 0; i >= 0 && next[i] >= 0; i = next[i]) {
            heap.push(points[next[i]] - points[i], i);
        }
        while (live > maxBins && heap.size() > 0) {
            long gap = heap.topGap();
            int left = heap.topLeft();
            heap.pop();
            int right = counts[left] == 0 ? -1 : next[left];
            if (right < 0 || points[right] - points[left] != gap || !BinMerge.mayMerge(counts[left], counts[right], limit)) {
                continue; // stale (the pair changed since it was pushed), or it may not merge, now or later
            }
            merge(points, counts, left, right, step);
            live--;
        }
        return live;
    }

    /** Merges bin right into bin left, its successor, and pushes the two pairs that changed. */
    private void merge(long[] points, long[] counts, int left, int right, long step) {
        double moment = BinMerge.momentAboutLeft(points[left], moments[left], points[right], moments[right], counts[right]);
        double count = (double) counts[left] + (double) counts[right];
        long point = BinMerge.nearestGridPoint(points[left], points[right], moment, count, step);
        moments[left] = moment - BinMerge.unsignedToDouble(point - points[left]) * count;
        points[left] = point;
        counts[left] = Counts.add(counts[left], counts[right]);
        counts[right] = 0;
        int after = next[right];
        next[left] = after;
        if (after >= 0) {
            prev[after] = left;
            heap.push(points[after] - points[left], left);
        }
        if (prev[left] >= 0) {
            heap.push(points[left] - points[prev[left]], prev[left]);
        }
    }

    /** Bin 0 is only ever the left of a merge, so it is live: walks the list, compacting in place. */
    private int compact(long[] points, long[] counts) {
        int out = 0;
        for (int i = 0; i >= 0; i = next[i]) {
            points[out] = points[i];
            counts[out] = counts[i];
            out++;
        }
        return out;
    }

    private void ensureScratch(int n) {
        if (next.length < n) {
            next = new int[n];
            prev = new int[n];
            moments = new double[n];
        }
        heap.ensureCapacity(3 * n);
    }
}

package io.contend.histogram;

/**
 * The algorithms on bins: parallel arrays of strictly increasing points and their counts (each at least 1).
 * Merging follows Ben-Haim and Tom-Tov, "A Streaming Parallel Decision Tree Algorithm", JMLR 11 (2010),
 * Algorithm 1: while there are too many bins, replace the two adjacent bins whose points are closest by one
 * bin at their count-weighted mean with the sum of their counts. Ties go to the leftmost pair, so results are
 * deterministic.
 *
 * <p>Arithmetic that cannot overflow: gaps between points are taken as unsigned 64-bit values (two longs are
 * at most 2^64 - 1 apart), counts saturate at Long.MAX_VALUE, and the merged point is computed from the nearer
 * end of the pair, so it never leaves [left, right]. Points live on a grid of multiples of {@code step} (1 when
 * the builder does not round); a merged point is rounded to the nearest grid point, is strictly between the
 * pair when the pair is at least two steps apart, and goes to the heavier end (the left one on a tie) when the
 * pair is one step apart. Rounding to the nearest grid point, not up, keeps mass from drifting in one
 * direction (Cassandra rounds merged points up again, and with frequent merges its mass drifts upward).
 *
 * <p>{@link #reduce} merges many bins at once (a histogram merge) in O(n log n) with a heap of candidate
 * pairs; {@link #insertMergingClosest} adds one point to full bins and merges one pair in O(n), the
 * one-point-at-a-time path. Both pick the pairs that merging the closest pair, one at a time, picks. Instances hold reusable scratch arrays; single-threaded.
 */
final class Bins {
    /** Scratch for reduce: linked list of live bins and a binary min-heap of (gap, left bin) candidates. */
    private int[] next = new int[0];
    private int[] prev = new int[0];
    private long[] heapGaps = new long[0];
    private int[] heapLefts = new int[0];
    private int heapSize;

    /**
     * Inserts (point, count) into points/counts[0, n), adding to an equal point's count; the arrays must have
     * room for n + 1 entries.
     *
     * @return the new number of bins (n or n + 1)
     */
    static int insert(long[] points, long[] counts, int n, long point, long count) {
        int i = lowerBound(points, n, point);
        if (i < n && points[i] == point) {
            counts[i] = Counts.add(counts[i], count);
            return n;
        }
        System.arraycopy(points, i, points, i + 1, n - i);
        System.arraycopy(counts, i, counts, i + 1, n - i);
        points[i] = point;
        counts[i] = count;
        return n + 1;
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

    /**
     * Adds a new point to full bins and merges the closest pair, in one pass: the same result as
     * {@link #insert} followed by merging the closest pair, but it scans the gaps the new point would make
     * without inserting it, and moves only the bins between the insertion and the merge (none when the new point
     * merges with a neighbour), instead of shifting the tail of both arrays twice. BinsTest checks it against
     * that two-step reference.
     *
     * <p>gapBound, when not 0, is a lower bound on every gap between the bins (unsigned). When one of the two
     * gaps the new point makes is strictly below it, that gap is the closest pair and no scan is needed: after a
     * full scan every gap is at least the smallest one found, and merging only widens the gaps next to the merge,
     * so the bound stays valid from one call to the next and, as merges even out the gaps, the new point's own
     * gap is often the smallest.
     *
     * @param n the number of bins, at least 1; point must not be among them
     * @param gapBound a lower bound on the gaps, or 0 for none
     * @return a lower bound on the gaps afterwards, for the next call
     */
    static long insertMergingClosest(long[] points, long[] counts, int n, long point, long count, long step, long gapBound) {
        int k = lowerBound(points, n, point);
        if (gapBound != 0) {
            long left = k > 0 ? point - points[k - 1] : 0;
            long right = k < n ? points[k] - point : 0;
            if (k > 0 && Long.compareUnsigned(left, gapBound) < 0 && (k == n || Long.compareUnsigned(left, right) <= 0)) {
                long q = mergedPoint(points[k - 1], counts[k - 1], point, count, step);
                points[k - 1] = q;
                counts[k - 1] = Counts.add(counts[k - 1], count);
                return k == n ? gapBound : minUnsigned(gapBound, points[k] - q);
            }
            if (k < n && Long.compareUnsigned(right, gapBound) < 0 && (k == 0 || Long.compareUnsigned(right, left) < 0)) {
                long q = mergedPoint(point, count, points[k], counts[k], step);
                points[k] = q;
                counts[k] = Counts.add(counts[k], count);
                return k == 0 ? gapBound : minUnsigned(gapBound, q - points[k - 1]);
            }
        }
        // Scan the gaps of the array with the point inserted at k, in order, so ties go to the leftmost pair.
        int best = -1;
        long bestGap = 0;
        for (int i = 0; i < k - 1; i++) {
            long gap = points[i + 1] - points[i];
            if (best < 0 || Long.compareUnsigned(gap, bestGap) < 0) {
                bestGap = gap;
                best = i;
            }
        }
        if (k > 0 && (best < 0 || Long.compareUnsigned(point - points[k - 1], bestGap) < 0)) {
            bestGap = point - points[k - 1];
            best = k - 1;
        }
        if (k < n && (best < 0 || Long.compareUnsigned(points[k] - point, bestGap) < 0)) {
            bestGap = points[k] - point;
            best = k;
        }
        for (int i = k; i < n - 1; i++) {
            long gap = points[i + 1] - points[i];
            if (Long.compareUnsigned(gap, bestGap) < 0) {
                bestGap = gap;
                best = i + 1;
            }
        }
        if (best == k - 1) { // the point merges into its left neighbour
            points[k - 1] = mergedPoint(points[k - 1], counts[k - 1], point, count, step);
            counts[k - 1] = Counts.add(counts[k - 1], count);
        } else if (best == k) { // into its right neighbour
            points[k] = mergedPoint(point, count, points[k], counts[k], step);
            counts[k] = Counts.add(counts[k], count);
        } else if (best < k) { // an older pair left of it: close the gap up to the point
            points[best] = mergedPoint(points[best], counts[best], points[best + 1], counts[best + 1], step);
            counts[best] = Counts.add(counts[best], counts[best + 1]);
            System.arraycopy(points, best + 2, points, best + 1, k - best - 2);
            System.arraycopy(counts, best + 2, counts, best + 1, k - best - 2);
            points[k - 1] = point;
            counts[k - 1] = count;
        } else { // an older pair right of it, (best - 1, best) in the old arrays: open a slot at k
            int i = best - 1;
            long merged = mergedPoint(points[i], counts[i], points[i + 1], counts[i + 1], step);
            long mergedCount = Counts.add(counts[i], counts[i + 1]);
            System.arraycopy(points, k, points, k + 1, i - k);
            System.arraycopy(counts, k, counts, k + 1, i - k);
            points[i + 1] = merged;
            counts[i + 1] = mergedCount;
            points[k] = point;
            counts[k] = count;
        }
        return bestGap; // every gap is now at least the one just merged away
    }

    private static long minUnsigned(long a, long b) {
        return Long.compareUnsigned(a, b) <= 0 ? a : b;
    }

    /**
     * Merges closest pairs of points/counts[0, n) until at most maxBins remain, in place.
     *
     * @return the new number of bins, min(n, maxBins)
     */
    int reduce(long[] points, long[] counts, int n, int maxBins, long step) {
        if (n <= maxBins) {
            return n;
        }
        ensureScratch(n);
        heapSize = 0;
        for (int i = 0; i < n; i++) {
            next[i] = i + 1 < n ? i + 1 : -1;
            prev[i] = i - 1;
        }
        for (int i = 0; i < n - 1; i++) {
            heapGaps[heapSize] = points[i + 1] - points[i];
            heapLefts[heapSize++] = i;
        }
        for (int i = heapSize / 2 - 1; i >= 0; i--) {
            siftDown(i);
        }
        for (int merges = n - maxBins; merges > 0; ) {
            long gap = heapGaps[0];
            int left = heapLefts[0];
            popTop();
            int right = counts[left] == 0 ? -1 : next[left];
            if (right < 0 || points[right] - points[left] != gap) {
                continue; // stale: the left bin was merged away or its pair changed since this entry was pushed
            }
            points[left] = mergedPoint(points[left], counts[left], points[right], counts[right], step);
            counts[left] = Counts.add(counts[left], counts[right]);
            counts[right] = 0;
            int after = next[right];
            next[left] = after;
            if (after >= 0) {
                prev[after] = left;
                push(points[after] - points[left], left);
            }
            if (prev[left] >= 0) {
                push(points[left] - points[prev[left]], prev[left]);
            }
            merges--;
        }
        // Bin 0 is only ever the left of a merge, so it is alive: walk the list, compacting in place.
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
            heapGaps = new long[3 * n];
            heapLefts = new int[3 * n];
        }
    }

    private void push(long gap, int left) {
        int i = heapSize++;
        heapGaps[i] = gap;
        heapLefts[i] = left;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(i, parent)) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void popTop() {
        heapSize--;
        heapGaps[0] = heapGaps[heapSize];
        heapLefts[0] = heapLefts[heapSize];
        siftDown(0);
    }

    private void siftDown(int i) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= heapSize) {
                return;
            }
            if (child + 1 < heapSize && less(child + 1, child)) {
                child++;
            }
            if (!less(child, i)) {
                return;
            }
            swap(i, child);
            i = child;
        }
    }

    /** Heap order: smaller gap (unsigned) first, then the leftmost pair. */
    private boolean less(int a, int b) {
        int byGap = Long.compareUnsigned(heapGaps[a], heapGaps[b]);
        return byGap < 0 || (byGap == 0 && heapLefts[a] < heapLefts[b]);
    }

    private void swap(int a, int b) {
        long g = heapGaps[a];
        heapGaps[a] = heapGaps[b];
        heapGaps[b] = g;
        int l = heapLefts[a];
        heapLefts[a] = heapLefts[b];
        heapLefts[b] = l;
    }

    /**
     * The count-weighted mean of left < right, rounded to the nearest multiple of step from left, kept strictly
     * inside the pair when the pair is at least two steps apart; right - left must be a multiple of step.
     */
    static long mergedPoint(long left, long leftCount, long right, long rightCount, long step) {
        long steps = Long.divideUnsigned(right - left, step); // at least 1
        double towardRight = (double) rightCount / ((double) leftCount + (double) rightCount);
        long offset;
        if (towardRight <= 0.5) {
            offset = Math.round(towardRight * unsignedToDouble(steps));
        } else {
            offset = steps - Math.round((1 - towardRight) * unsignedToDouble(steps));
        }
        if (Long.compareUnsigned(steps, 2) >= 0) {
            offset = clampUnsigned(offset, 1, steps - 1);
        } else {
            offset = towardRight > 0.5 ? 1 : 0;
        }
        return left + offset * step;
    }

    private static long clampUnsigned(long value, long min, long max) {
        if (Long.compareUnsigned(value, min) < 0) {
            return min;
        }
        return Long.compareUnsigned(value, max) > 0 ? max : value;
    }

    static double unsignedToDouble(long value) {
        double d = (double) (value >>> 1) * 2.0;
        return d + (value & 1);
    }
}

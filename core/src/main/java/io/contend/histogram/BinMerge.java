package io.contend.histogram;

/**
 * The arithmetic of merging two bins, shared by the builder ({@link Bins}) and histogram merges
 * ({@link BinReducer}).
 *
 * <p>The size bound: a pair may merge only while its combined count is at most {@code 2 * total / maxBins}. Among
 * more than maxBins bins such a pair always exists: otherwise the floor((maxBins + 1) / 2) disjoint pairs
 * (0, 1), (2, 3), ... would each hold more than 2 * total / maxBins, together more than the total. The bound is
 * t-digest's size constraint (Dunning and Ertl, "Computing Extremely Accurate Quantiles Using t-Digests", 2019,
 * arXiv:1902.04023) with the linear scale function, which gives every quantile the same bound: a tombstone
 * histogram is asked for sum(b) anywhere, not for the tails.
 *
 * <p>The merged bin sits at the count-weighted mean of the two bins' means. A bin keeps its mean exactly (as its
 * grid point plus its first moment about it, a double) while it is in a builder, so that many small merges into a heavy bin move it
 * by their true weight instead of being rounded away one by one; its point is the grid point nearest to the
 * mean, kept within the pair so that points stay strictly increasing. Rounding to the nearest grid point, not
 * up as Cassandra does, keeps mass from drifting in one direction. Gaps are unsigned (two longs are at most
 * 2^64 - 1 apart) and counts saturate, so nothing overflows.
 */
final class BinMerge {
    private static final double TWO_TO_63 = 0x1p63;

    private BinMerge() {
    }

    /** No bound: every pair may merge. */
    static final long NO_LIMIT = Long.MAX_VALUE;

    /**
     * @return the largest combined count of a pair that may merge: 2 * total / maxBins, rounded down (exact for
     *         totals below 2^53: a quotient that is a whole number is not rounded below it)
     */
    static long limit(long total, int maxBins) {
        return (long) (2.0 * total / maxBins);
    }

    /** @return whether a pair with these counts may merge under limit */
    static boolean mayMerge(long leftCount, long rightCount, long limit) {
        return Counts.add(leftCount, rightCount) <= limit;
    }

    /**
     * The first moment of two bins about the left one's point: the sum of (value - left) over both bins' values.
     * A bin's moment is the sum of (value - its point) over its values, so its mean is its point plus moment /
     * count.
     *
     * @param left the left point, below right
     */
    static double momentAboutLeft(long left, double leftMoment, long right, double rightMoment, long rightCount) {
        return leftMoment + rightMoment + unsignedToDouble(right - left) * (double) rightCount;
    }

    /**
     * The grid point nearest to the mean left + moment / count, clamped to [left, right]; ties go to the even
     * multiple of step. One division: the mean in steps is moment / (count * step).
     *
     * @param left a multiple of step, below right
     * @param right a multiple of step
     * @param moment the sum of (value - left) over the values
     * @param count how many values, at least 1
     */
    static long nearestGridPoint(long left, long right, double moment, double count, long step) {
        double target = Math.rint(moment / (count * step));
        if (!(target > 0)) {
            return left;
        }
        long span = right - left;
        if (target * step >= unsignedToDouble(span)) {
            return right;
        }
        long gridOffset = doubleToUnsigned(target) * step;
        return Long.compareUnsigned(gridOffset, span) < 0 ? left + gridOffset : right;
    }

    /** @return the unsigned 64-bit value as a double */
    static double unsignedToDouble(long value) {
        return value >= 0 ? (double) value : (double) (value >>> 1) * 2.0 + (value & 1);
    }

    /** @return a whole double in [0, 2^64) as an unsigned 64-bit value */
    private static long doubleToUnsigned(double value) {
        return value < TWO_TO_63 ? (long) value : (long) (value - TWO_TO_63) ^ Long.MIN_VALUE;
    }
}

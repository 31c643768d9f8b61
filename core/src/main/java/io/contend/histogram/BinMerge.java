package io.contend.histogram;

/**
 * The arithmetic of merging two bins, shared by the builder ({@link Bins}) and histogram merges
 * ({@link BinReducer}).
 *
 * <p>The size bound: a pair may merge only while its combined count is at most {@code 2 * total / maxBins}. Among
 * more than maxBins bins such a pair always exists: otherwise the floor((maxBins + 1) / 2) disjoint pairs
 * (0, 1), (2, 3), ... would each hold more than 2 * total / maxBins, together more than the total (unless the
 * total has saturated at Long.MAX_VALUE, below the true sum; then the callers merge the closest pair of all). The bound is
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

    /** Totals below this get their limit from a double quotient, which is exact there (see limit). */
    private static final long DOUBLE_EXACT = 1L << 52;

    /**
     * The largest combined count of a pair that may merge: floor(2 * total / maxBins), exactly. Below 2^52 it
     * is the truncated double quotient, which keeps a 64-bit integer division (see {@link Rounding}) off the
     * update path: 2.0 * total
     * is exact, and the quotient x is either a whole number, returned exactly, or at least 1 / maxBins below the
     * next one, while the division's error is at most x * 2^-53 = total / (maxBins * 2^52), less than
     * 1 / maxBins; so it never rounds up to the next whole number. From 2^52 on that can happen (total
     * 2^52 + 2^51 + 1 over 3 bins gave 2^52 + 1), so there it is 2q + (1 if 2r is at least maxBins) for
     * total = q * maxBins + r, in long arithmetic.
     *
     * @param total the total count, at least 0
     * @param maxBins at least 1
     * @return floor(2 * total / maxBins), or Long.MAX_VALUE where that does not fit in a long (maxBins 1 and
     *         total above Long.MAX_VALUE / 2), which no saturated sum of counts exceeds either
     */
    static long limit(long total, int maxBins) {
        if (total < DOUBLE_EXACT) {
            return (long) (2.0 * total / maxBins);
        }
        long quotient = total / maxBins;
        if (quotient > Long.MAX_VALUE / 2) {
            return Long.MAX_VALUE;
        }
        long remainder = total - quotient * maxBins;
        return 2 * quotient + (remainder >= maxBins - remainder ? 1 : 0);
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
     * multiple of step (an even multiple, not an even number of steps from left). One division: the mean in
     * steps from left is moment / (count * step); Math.rint sends a tie to an even offset, which is an odd
     * multiple when left is one, and only then (a tie, which is rare) is left's parity computed.
     *
     * @param left a multiple of step, below right
     * @param right a multiple of step
     * @param moment the sum of (value - left) over the values
     * @param count how many values, at least 1
     */
    static long nearestGridPoint(long left, long right, double moment, double count, long step) {
        double steps = moment / (count * step);
        double target = Math.rint(steps);
        // steps - target is exact (the two are within a factor of 2 of each other, or target is 0).
        if (Math.abs(steps - target) == 0.5 && ((left / step) & 1) != 0) {
            target += steps > target ? 1 : -1;
        }
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

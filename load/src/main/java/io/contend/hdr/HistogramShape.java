package io.contend.hdr;

/**
 * The length of an HdrHistogram counts array, as HdrHistogram lays it out for a lowest discernible value and a
 * number of significant digits: bucket 0 has {@code subBucketCount} slots, each further bucket the upper half of
 * that, twice as wide as the bucket before. The log reader uses it to size a histogram for the slots its payload
 * fills rather than for the range its header declares.
 *
 * <p>The two magnitudes are computed with the floating-point logarithms HdrHistogram uses, not with exact bit
 * arithmetic: for a lowest value just below a power of two they differ, and only HdrHistogram's agree with the
 * arrays it allocates.
 */
final class HistogramShape {
    private final long lowest;
    private final int unitMagnitude;
    private final int subBucketCountMagnitude;
    private final int subBucketHalfCount;

    private HistogramShape(long lowest, int unitMagnitude, int subBucketCountMagnitude) {
        this.lowest = lowest;
        this.unitMagnitude = unitMagnitude;
        this.subBucketCountMagnitude = subBucketCountMagnitude;
        this.subBucketHalfCount = 1 << (subBucketCountMagnitude - 1);
    }

    /**
     * @param lowestDiscernibleValue a histogram's lowest discernible value
     * @param significantDigits its number of significant decimal digits
     * @return its shape, or null where HdrHistogram refuses the pair (digits outside 0..5, a lowest value below 1
     *         or above Long.MAX_VALUE / 2, or buckets that would not fit in a long)
     */
    static HistogramShape of(long lowestDiscernibleValue, int significantDigits) {
        if (lowestDiscernibleValue < 1 || lowestDiscernibleValue > Long.MAX_VALUE / 2 || significantDigits < 0
                || significantDigits > 5) {
            return null;
        }
        int unitMagnitude = (int) (Math.log(lowestDiscernibleValue) / Math.log(2));
        long singleUnitResolutionLimit = 2 * (long) Math.pow(10, significantDigits);
        int subBucketCountMagnitude = (int) Math.ceil(Math.log(singleUnitResolutionLimit) / Math.log(2));
        if (subBucketCountMagnitude + unitMagnitude > 62) {
            return null;
        }
        return new HistogramShape(lowestDiscernibleValue, unitMagnitude, subBucketCountMagnitude);
    }

    /**
     * @param highestTrackableValue a highest trackable value, at least twice the lowest discernible value
     * @return the number of slots of the counts array HdrHistogram allocates for it
     */
    long lengthFor(long highestTrackableValue) {
        long smallestUntrackable = 1L << (subBucketCountMagnitude + unitMagnitude);
        int buckets = 1;
        while (smallestUntrackable <= highestTrackableValue) {
            if (smallestUntrackable > Long.MAX_VALUE / 2) {
                buckets++; // the last bucket reaches past Long.MAX_VALUE
                break;
            }
            smallestUntrackable <<= 1;
            buckets++;
        }
        return (buckets + 1L) * subBucketHalfCount;
    }

    /** @return the slots of every bucket but the first (which has twice as many): a power of two */
    int halfBucketSlots() {
        return subBucketHalfCount;
    }

    /**
     * @param index a slot of the counts array
     * @return the lowest value the slot counts: bucket 0 spans slots 0 to subBucketCount - 1 one unit apart, each
     *         further bucket half as many slots, twice as far apart as the bucket before
     */
    long valueAt(int index) {
        int halfMagnitude = subBucketCountMagnitude - 1;
        int bucket = (index >> halfMagnitude) - 1;
        long subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount;
        if (bucket < 0) {
            subBucket -= subBucketHalfCount;
            bucket = 0;
        }
        return subBucket << (bucket + unitMagnitude);
    }

    /**
     * @param slots how many slots, from index 0, the counts array must have
     * @return the smallest highest trackable value whose array has at least that many slots (never below twice
     *         the lowest discernible value), or Long.MAX_VALUE when only the widest arrays have them
     */
    long highestFor(long slots) {
        for (int buckets = 1; ; buckets++) {
            int untrackableMagnitude = subBucketCountMagnitude + unitMagnitude + buckets - 1;
            if (untrackableMagnitude > 62) {
                return Long.MAX_VALUE;
            }
            if ((buckets + 1L) * subBucketHalfCount >= slots) {
                return Math.max((1L << untrackableMagnitude) - 1, 2 * lowest);
            }
        }
    }
}

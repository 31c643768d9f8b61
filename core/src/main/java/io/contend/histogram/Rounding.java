package io.contend.histogram;

/**
 * Rounds points up to a multiple of a step, as the builder does on every update. The builder works with the
 * bucket, the multiple's index ({@code roundUp(p) == bucket(p) * step}): consecutive buckets are consecutive
 * integers, which hash without collisions where their multiples of the step do not ({@link Spool}).
 *
 * <p>Where it is exact (|point| below 2^52) it multiplies by the step's reciprocal and corrects the quotient,
 * instead of a 64-bit division, which costs tens of cycles on common x86 cores and would be paid on every update;
 * beyond, it uses {@link Math#floorDiv(long, long)}. A point above the largest multiple that fits in a long goes to
 * that multiple.
 *
 * <p>Why the product suffices: with |point| &lt; 2^52 and step &ge; 2, t = point / step has |t| &lt; 2^51, and the
 * two roundings (of the reciprocal and of the product) leave |point * reciprocal - t| &lt; |t| * 2^-52 &lt; 1/2, so
 * its truncation c lies within 1.5 of t and point - c * step in (-1.5 step, 1.5 step): the ceiling of t is c - 1,
 * c, c + 1 or c + 2, told apart by that remainder.
 */
final class Rounding {
    private static final long EXACT = 1L << 52;

    private final long step;
    private final double reciprocal;
    private final long largestBucket;

    /** @param step at least 1 */
    Rounding(long step) {
        this.step = step;
        this.reciprocal = 1.0 / step;
        this.largestBucket = Long.MAX_VALUE / step;
    }

    /** @return the index of the smallest multiple of the step at least point, or of the largest multiple in a long */
    long bucket(long point) {
        if (step == 1) {
            return point;
        }
        if (point > -EXACT && point < EXACT) {
            long c = (long) (point * reciprocal);
            long remainder = point - c * step;
            if (remainder > 0) {
                return remainder > step ? c + 2 : c + 1;
            }
            return remainder <= -step ? c - 1 : c;
        }
        long floor = Math.floorDiv(point, step);
        long ceiling = floor * step == point ? floor : floor + 1;
        return Math.min(ceiling, largestBucket);
    }

    /** @return the multiple of the step at index bucket (a value bucket(...) returned) */
    long point(long bucket) {
        return bucket * step;
    }

    /** @return the smallest multiple of the step at least point, or the largest multiple in a long */
    long roundUp(long point) {
        return point(bucket(point));
    }
}

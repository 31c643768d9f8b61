package io.contend.histogram;

/**
 * Rounds points up to a multiple of a step, as the builder does on every update. Where it is exact (|point| below
 * 2^52) it multiplies by the step's reciprocal and corrects the remainder, instead of a 64-bit division, which
 * costs tens of cycles on common x86 cores and would be paid on every update; beyond, it uses
 * {@link Math#floorMod(long, long)}. A point above the largest multiple that fits in a long goes to that multiple.
 *
 * <p>Why the product suffices: with |point| &lt; 2^52 and step &ge; 2, t = point / step has |t| &lt; 2^51, and the
 * two roundings (of the reciprocal and of the product) leave |point * reciprocal - t| &lt; |t| * 2^-52 &lt; 1/2, so
 * its truncation c lies within 1.5 of t and point - c * step within 1.5 steps of 0: at most two corrections make
 * it the remainder in [0, step).
 */
final class Rounding {
    private static final long EXACT = 1L << 52;

    private final long step;
    private final double reciprocal;
    private final long largestMultiple;

    /** @param step at least 1 */
    Rounding(long step) {
        this.step = step;
        this.reciprocal = 1.0 / step;
        this.largestMultiple = Long.MAX_VALUE - Long.MAX_VALUE % step;
    }

    /** @return the smallest multiple of the step at least point, or the largest multiple in a long */
    long roundUp(long point) {
        if (step == 1) {
            return point;
        }
        long remainder;
        if (point > -EXACT && point < EXACT) {
            remainder = point - (long) (point * reciprocal) * step;
            if (remainder < 0) {
                remainder += step;
                if (remainder < 0) {
                    remainder += step;
                }
            } else if (remainder >= step) {
                remainder -= step;
            }
        } else {
            remainder = Math.floorMod(point, step);
        }
        if (remainder == 0) {
            return point;
        }
        return point > largestMultiple ? largestMultiple : point - remainder + step;
    }
}

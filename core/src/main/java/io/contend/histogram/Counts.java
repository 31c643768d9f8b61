package io.contend.histogram;

/** Saturating count arithmetic: counts are non-negative and stop at Long.MAX_VALUE instead of wrapping. */
final class Counts {
    private Counts() {
    }

    /** a + b for non-negative a and b, saturating at Long.MAX_VALUE. */
    static long add(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}

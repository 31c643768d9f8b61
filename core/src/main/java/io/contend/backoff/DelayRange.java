package io.contend.backoff;

import io.contend.internal.Checks;

/** Validation of the delays the built-in strategies accept. */
final class DelayRange {
    private DelayRange() {
    }

    /** Throws IllegalArgumentException unless 1 <= min <= max <= MAX_DELAY_NANOS, naming the offending value. */
    static void check(String minName, long min, String maxName, long max) {
        Checks.inRange(minName, min, 1, BackoffStrategy.MAX_DELAY_NANOS);
        Checks.inRange(maxName, max, 1, BackoffStrategy.MAX_DELAY_NANOS);
        Checks.ordered(minName, min, maxName, max);
    }
}

package io.contend.queue;

import java.util.Objects;

/** Argument checks and arithmetic shared by the queues. */
final class QueueSupport {
    /** Largest power-of-two array capacity a queue uses. */
    static final int MAX_POW2_CAPACITY = 1 << 30;

    private QueueSupport() {
    }

    /**
     * @param name the argument's name, for the message
     * @param requested a capacity of at least {@code min}
     * @param min the smallest accepted
     * @return the smallest power of two at or above both requested and min
     * @throws IllegalArgumentException naming the value when it is below min or above 2^30
     */
    static int roundToPowerOfTwo(String name, int requested, int min) {
        if (requested < min || requested > MAX_POW2_CAPACITY) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + MAX_POW2_CAPACITY + "]: " + requested);
        }
        return 1 << (32 - Integer.numberOfLeadingZeros(Math.max(requested, 2) - 1));
    }

    static void checkLimit(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be at least 0: " + limit);
        }
    }

    static void requireNonNull(Object action, Object wait, Object exit) {
        Objects.requireNonNull(action, "consumer/supplier");
        Objects.requireNonNull(wait, "wait strategy");
        Objects.requireNonNull(exit, "exit condition");
    }

    static <E> E requireElement(E e) {
        if (e == null) {
            throw new NullPointerException("null elements are not allowed");
        }
        return e;
    }

    /** size from a stable snapshot of the indices, clamped to [0, max] */
    static int clampSize(long size, int max) {
        return (int) Math.max(0, Math.min(size, max));
    }
}

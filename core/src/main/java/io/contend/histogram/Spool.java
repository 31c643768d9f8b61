package io.contend.histogram;

/**
 * The builder's spool: an open-addressing map from point to count on one primitive array (linear probing, load
 * factor at most 1/2, Fibonacci hashing), so that accumulating a point that is already spooled costs one hash and
 * a short probe and allocates nothing. A slot is a point and its count side by side, so that a probe touches one
 * cache line, not one in each of two arrays: a spool of 100,000 points spans megabytes, and most of its probes
 * miss the cache. A slot is empty when its count is 0 (spooled counts are at least 1). Single-threaded, like the
 * builder.
 */
final class Spool {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** Slot i: its point at 2i, its count at 2i + 1. */
    private final long[] slots;
    private final int shift;
    private final int mask;
    private int size;

    /** @param maxSize the most distinct points it will hold (the builder flushes when it is reached) */
    Spool(int maxSize) {
        int capacity = Integer.highestOneBit(Math.max(2, maxSize) * 2 - 1) << 1;
        slots = new long[2 * capacity];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    /** Adds count (at least 1) to point's entry; returns the number of distinct points spooled. */
    int add(long point, long count) {
        int i = (int) ((point * GOLDEN) >>> shift);
        while (true) {
            int at = 2 * i;
            long c = slots[at + 1];
            if (c == 0) {
                slots[at] = point;
                slots[at + 1] = count;
                return ++size;
            }
            if (slots[at] == point) {
                slots[at + 1] = Counts.add(c, count);
                return size;
            }
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    /** Empties the spool. */
    void clear() {
        if (size != 0) {
            java.util.Arrays.fill(slots, 0L);
            size = 0;
        }
    }

    /** Passes every spooled point and its count to consumer, in slot order, and empties the spool. */
    void drainTo(PointConsumer consumer) {
        if (size == 0) {
            return;
        }
        for (int at = 0; at < slots.length; at += 2) {
            long count = slots[at + 1];
            if (count != 0) {
                slots[at + 1] = 0;
                consumer.accept(slots[at], count);
            }
        }
        size = 0;
    }
}

package io.contend.histogram;

import java.util.Arrays;

/**
 * The builder's spool: an open-addressing map from point to count on two primitive arrays (linear probing,
 * load factor at most 1/2, Fibonacci hashing), so that accumulating a point that is already spooled costs one
 * hash and a short probe and allocates nothing. A slot is empty when its count is 0 (spooled counts are at
 * least 1). Single-threaded, like the builder.
 *
 * <p>Source: the spool of CASSANDRA-13444's builder; linear probing and Fibonacci (multiplicative) hashing as in
 * Knuth, The Art of Computer Programming, vol. 3, section 6.4.
 */
final class Spool {
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private final long[] points;
    private final long[] counts;
    private final int shift;
    private final int mask;
    private int size;

    /** @param maxSize the most distinct points it will hold (the builder flushes when it is reached) */
    Spool(int maxSize) {
        int capacity = Integer.highestOneBit(Math.max(2, maxSize) * 2 - 1) << 1;
        points = new long[capacity];
        counts = new long[capacity];
        mask = capacity - 1;
        shift = 64 - Integer.numberOfTrailingZeros(capacity);
    }

    /** Adds count (at least 1) to point's entry; returns the number of distinct points spooled. */
    int add(long point, long count) {
        int i = (int) ((point * GOLDEN) >>> shift);
        while (true) {
            long c = counts[i];
            if (c == 0) {
                points[i] = point;
                counts[i] = count;
                return ++size;
            }
            if (points[i] == point) {
                counts[i] = Counts.add(c, count);
                return size;
            }
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    /** @return the number of slots; entries are the slots with a non-zero count */
    int slots() {
        return counts.length;
    }

    /** @return the count in a slot, 0 if the slot is empty */
    long countAt(int slot) {
        return counts[slot];
    }

    /** @return the point in a non-empty slot */
    long pointAt(int slot) {
        return points[slot];
    }

    void clear() {
        if (size != 0) {
            Arrays.fill(counts, 0L);
            size = 0;
        }
    }
}

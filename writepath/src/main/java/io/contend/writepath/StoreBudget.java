package io.contend.writepath;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/*
 * Implementation notes.
 *
 * Algorithm: per row the bytes it was admitted with (keys plus value) sit in a ConcurrentHashMap; admitting a
 * write changes them inside compute (atomic per row) and moves the totals of rows and bytes with a CAS loop that
 * refuses to pass the limits, so two rows admitted at once cannot both take the last bytes.
 *
 * Invariants: rows() <= maxRows and bytes() <= maxBytes at every moment; a row's entry is the larger of its
 * admitted sizes until it is overwritten by an admitted write (a write that then fails keeps its reservation:
 * the budget errs on the side of refusing).
 *
 * Ordering: the totals are AtomicLongs changed only by successful CASes; nothing else is published through them.
 */
/**
 * Bounds what clients can make a server store: at most {@code maxRows} distinct rows and {@code maxBytes} bytes of
 * keys and values, counting each row once at its latest admitted size. Thread-safe.
 */
final class StoreBudget {
    private record RowKey(Key partition, Key clustering) {
    }

    private final long maxRows;
    private final long maxBytes;
    private final ConcurrentHashMap<RowKey, Long> sizes = new ConcurrentHashMap<>();
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong largestValue = new AtomicLong();

    StoreBudget(long maxRows, long maxBytes) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be at least 1: " + maxRows);
        }
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be at least 1: " + maxBytes);
        }
        this.maxRows = maxRows;
        this.maxBytes = maxBytes;
    }

    /**
     * Admits a write of a row, or refuses it if the row would pass a limit.
     *
     * @return null if admitted, otherwise why not (one line)
     */
    String admit(Key partition, Key clustering, int valueLength) {
        long size = (long) partition.length() + clustering.length() + valueLength;
        String[] refusal = new String[1];
        sizes.compute(new RowKey(partition, clustering), (k, old) -> {
            if (old == null && !add(rows, 1, maxRows)) {
                refusal[0] = "the server holds its limit of " + maxRows + " rows";
                return null;
            }
            long delta = old == null ? size : size - old;
            if (!add(bytes, delta, maxBytes)) {
                if (old == null) {
                    rows.decrementAndGet();
                }
                refusal[0] = "the server holds " + bytes.get() + " of its limit of " + maxBytes
                        + " bytes of rows; this row needs " + size;
                return old;
            }
            return size;
        });
        if (refusal[0] == null) {
            largestValue.accumulateAndGet(valueLength, Math::max);
        }
        return refusal[0];
    }

    private static boolean add(AtomicLong total, long delta, long limit) {
        for (;;) {
            long t = total.get();
            if (delta > 0 && t + delta > limit) {
                return false;
            }
            if (total.compareAndSet(t, t + delta)) {
                return true;
            }
        }
    }

    /** @return the largest value admitted so far: what a read of a stored row may have to copy */
    long largestValue() {
        return largestValue.get();
    }

    long rows() {
        return rows.get();
    }

    long bytes() {
        return bytes.get();
    }

    @Override
    public String toString() {
        return "StoreBudget[" + rows.get() + " of " + maxRows + " rows, " + bytes.get() + " of " + maxBytes
                + " bytes]";
    }
}

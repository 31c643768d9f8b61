package io.contend.alloc;

import io.contend.backoff.ContentionManager;
import io.contend.internal.Checks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Objects;

/*
 * Implementation notes.
 *
 * Algorithm: bump allocation. The offset only grows. CAS_LOOP / CAS_BACKOFF read the offset (lv), return
 * FULL if the request does not fit, else casOffset(offset, offset + size), retrying (after a backoff for
 * CAS_BACKOFF) when another thread moved it first. XADD does xaddOffset(size) unconditionally and checks
 * afterwards: old + size <= capacity is a success; otherwise the request failed but the offset has moved past
 * the capacity anyway. The offset is a long, so failed XADDs cannot wrap it (2^63 bytes of failed requests).
 *
 * Invariants: (1) successful ranges [old, old + size) are disjoint and lie inside [0, capacity): each comes
 * from a distinct interval of the monotonic offset and is checked against the capacity; (2) exactly one XADD
 * can have old <= capacity < old + size (the intervals of successive XADDs are contiguous), and it alone
 * writes the boundary field, so usedBytes() = boundary (or min(offset, capacity) while none crossed) and
 * wasteBytes() = capacity - usedBytes() is never negative; (3) under the CAS strategies the offset never passes
 * the capacity.
 *
 * Ordering: every offset update is an atomic RMW (volatile CAS or XADD), so two allocations never overlap;
 * the boundary is written once with a release store (so) and read with an acquire load (la). Writes into the
 * memory of an allocation are the caller's, published by the caller.
 *
 * Padding: the offset, written by every allocating thread, sits between 128-byte pads.
 *
 * Source: CASSANDRA-15922 (NativeAllocator.Region.allocate: CAS loop -> getAndAdd).
 */
abstract class RegionPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class RegionOffset extends RegionPadBefore {
    volatile long offset;
}

abstract class RegionPadAfter extends RegionOffset {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/**
 * A fixed-capacity block of memory, on the heap or off it, handing out ranges by bump allocation.
 * {@link #allocate(int)} returns the offset of a new range, or {@link #FULL} if it does not fit.
 * Thread-safe. Memory is {@link #memory()}, a ByteBuffer of exactly {@link #capacity()} bytes.
 */
public final class Region extends RegionPadAfter {
    /** Returned by allocate when the request does not fit. */
    public static final long FULL = -1;
    /** Largest capacity: the range of a ByteBuffer index. */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE;

    private static final VarHandle OFFSET;
    private static final VarHandle BOUNDARY;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OFFSET = lookup.findVarHandle(RegionOffset.class, "offset", long.class);
            BOUNDARY = lookup.findVarHandle(Region.class, "boundary", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int capacity;
    private final AllocationStrategy strategy;
    private final ContentionManager manager;
    private final ByteBuffer memory;
    /** Index in the owning allocator's table, set before the region is published; -1 when standalone. */
    int index = -1;
    /** Offset at which the one crossing XADD started, or -1. Written once. */
    @SuppressWarnings("unused") // accessed through BOUNDARY
    private long boundary = -1;

    /**
     * @param capacity bytes, in [1, {@link #MAX_CAPACITY}]
     * @param offHeap true for a direct ByteBuffer, false for a heap one
     * @param strategy how the offset advances
     * @param manager backoff (used by CAS_BACKOFF) and telemetry (every strategy records into it)
     */
    public Region(int capacity, boolean offHeap, AllocationStrategy strategy, ContentionManager manager) {
        this.capacity = Checks.inRange("capacity", capacity, 1, MAX_CAPACITY);
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        this.manager = Objects.requireNonNull(manager, "manager");
        this.memory = offHeap ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
    }

    /**
     * @param size bytes, in [1, capacity]
     * @return the offset of a range of {@code size} bytes that no other allocation overlaps, or {@link #FULL}
     * @throws IllegalArgumentException if size is out of range
     */
    public long allocate(int size) {
        Checks.inRange("size", size, 1, capacity);
        return strategy == AllocationStrategy.XADD ? allocateXadd(size) : allocateCas(size);
    }

    /**
     * Allocates several ranges in one atomic step (a Row's cells): they are contiguous, the i-th starting at
     * the returned offset plus the sizes before it.
     *
     * @param sizes bytes of each range, each at least 1, summing to at most the capacity
     * @return the offset of the first range, or {@link #FULL}
     * @throws IllegalArgumentException if a size is below 1 or the sum exceeds the capacity
     */
    public long allocate(int[] sizes) {
        return allocate(totalSize(sizes, capacity));
    }

    /** Sums sizes, checking each is at least 1 and the sum at most {@code max}. */
    static int totalSize(int[] sizes, int max) {
        Objects.requireNonNull(sizes, "sizes");
        if (sizes.length == 0) {
            throw new IllegalArgumentException("sizes must not be empty");
        }
        long total = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (sizes[i] < 1) {
                throw new IllegalArgumentException("sizes[" + i + "] must be at least 1: " + sizes[i]);
            }
            total += sizes[i];
        }
        if (total > max) {
            throw new IllegalArgumentException("sizes sum to " + total + " bytes, more than " + max);
        }
        return (int) total;
    }

    private long allocateXadd(int size) {
        long old = xaddOffset(size);
        manager.onSingleAttempt(false);
        if (old + size <= capacity) {
            return old;
        }
        if (old <= capacity) {
            soBoundary(old); // the one XADD that crossed the capacity
        }
        return FULL;
    }

    private long allocateCas(int size) {
        int failures = 0;
        long backoffNanos = 0;
        for (;;) {
            long old = lvOffset();
            if (old + size > capacity) {
                if (failures > 0) {
                    manager.onGiveUp(failures, backoffNanos);
                }
                return FULL;
            }
            if (casOffset(old, old + size)) {
                manager.onSuccess(failures, backoffNanos);
                return old;
            }
            failures = failures == Integer.MAX_VALUE ? failures : failures + 1;
            if (strategy == AllocationStrategy.CAS_BACKOFF) {
                backoffNanos += manager.onFailure(failures);
            }
        }
    }

    /**
     * Gives back the end of the last range if nothing was allocated after it: moves the offset from
     * {@code end} back to {@code start} with one CAS. Used to return an unused chunk tail.
     *
     * @param start where the unused part begins
     * @param end where the range ended (the offset, if nothing came after it)
     * @return whether the bytes were given back
     */
    public boolean tryGiveBack(long start, long end) {
        return start <= end && end <= capacity && casOffset(end, start);
    }

    /** @return bytes handed out or lost to a crossing XADD: the end of the last range that fit */
    public long usedBytes() {
        long crossed = laBoundary();
        return crossed >= 0 ? crossed : Math.min(lvOffset(), capacity);
    }

    /** @return bytes that can no longer be handed out to a request that would have fitted: capacity - used */
    public long wasteBytes() {
        return capacity - usedBytes();
    }

    /** @return bytes still free; 0 once an XADD crossed the capacity */
    public long remainingBytes() {
        return capacity - usedBytes();
    }

    /** @return the capacity in bytes */
    public int capacity() {
        return capacity;
    }

    /** @return the allocation strategy */
    public AllocationStrategy strategy() {
        return strategy;
    }

    /** @return the region's memory; write an allocation at its offset with absolute puts */
    public ByteBuffer memory() {
        return memory;
    }

    /** @return whether the memory is off-heap */
    public boolean isOffHeap() {
        return memory.isDirect();
    }

    private long lvOffset() {
        return offset;
    }

    private boolean casOffset(long expect, long update) {
        return OFFSET.compareAndSet(this, expect, update);
    }

    private long xaddOffset(long delta) {
        return (long) OFFSET.getAndAdd(this, delta);
    }

    private void soBoundary(long value) {
        BOUNDARY.setRelease(this, value);
    }

    private long laBoundary() {
        return (long) BOUNDARY.getAcquire(this);
    }

    @Override
    public String toString() {
        return "Region[" + strategy + ", " + (isOffHeap() ? "off-heap" : "heap") + ", used " + usedBytes() + " of "
                + capacity + " bytes]";
    }
}

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
 * Algorithm: bump allocation. CAS_LOOP / CAS_BACKOFF read the offset (lv), return FULL if the request does
 * not fit, else casOffset(offset, offset + size), retrying (after a backoff for CAS_BACKOFF) when another thread
 * moved it first. XADD does xaddOffset(size) unconditionally and checks afterwards: old + size <= capacity is a
 * success; otherwise the request failed but the offset has moved past the capacity anyway. The offset is a
 * long, so failed XADDs cannot wrap it (2^63 bytes of failed requests). Allocation only moves the offset
 * forward; the one move back is tryGiveBack, casOffset(end, start), which succeeds only while the offset is
 * still at end, i.e. when nothing was allocated after the range whose unused tail [start, end) it returns.
 *
 * Invariants: (1) successful ranges [old, old + size) that are in use are disjoint and lie inside
 * [0, capacity): each comes from its own interval of the offset and is checked against the capacity; a
 * give-back re-opens only bytes its caller owns and will not use, at the end of the handed-out space; (2)
 * exactly one XADD can have old <= capacity < old + size (the intervals of successive XADDs are contiguous, and
 * after that XADD the offset stays above the capacity: a give-back needs end <= capacity), and it alone writes
 * the boundary field, so usedBytes() = boundary (or min(offset, capacity) while none crossed) and
 * wasteBytes() = capacity - usedBytes() is never negative; (3) under the CAS strategies the offset never
 * passes the capacity.
 *
 * Ordering: every offset update is an atomic RMW (volatile CAS or XADD), so two allocations never overlap;
 * the boundary is written once with a release store (so) and read with an acquire load (la). Writes into the
 * memory of an allocation are the caller's, published by the caller.
 *
 * Padding: the offset, written by every allocating thread, sits between 128-byte pads of
 * byte fields, because since JDK 15 the JVM fills holes in a superclass's layout with a subclass's
 * narrow fields (JDK-8237767) and long pads leave such holes; LayoutTest checks the result.
 * The pad and field-holder classes (a VarHandle and its accessors per field) repeat across padded classes on
 * purpose: a class-hierarchy pad must sit in each hierarchy, and Java has no mixins.
 *
 * Source: CASSANDRA-15922 (NativeAllocator.Region.allocate: CAS loop -> getAndAdd).
 */
abstract class RegionPadBefore {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;
}

abstract class RegionOffset extends RegionPadBefore {
    volatile long offset;
}

abstract class RegionPadAfter extends RegionOffset {
    byte q0b000, q0b001, q0b002, q0b003, q0b004, q0b005, q0b006, q0b007, q0b008, q0b009, q0b010, q0b011, q0b012, q0b013, q0b014, q0b015,
            q0b016, q0b017, q0b018, q0b019, q0b020, q0b021, q0b022, q0b023, q0b024, q0b025, q0b026, q0b027, q0b028, q0b029, q0b030, q0b031,
            q0b032, q0b033, q0b034, q0b035, q0b036, q0b037, q0b038, q0b039, q0b040, q0b041, q0b042, q0b043, q0b044, q0b045, q0b046, q0b047,
            q0b048, q0b049, q0b050, q0b051, q0b052, q0b053, q0b054, q0b055, q0b056, q0b057, q0b058, q0b059, q0b060, q0b061, q0b062, q0b063,
            q0b064, q0b065, q0b066, q0b067, q0b068, q0b069, q0b070, q0b071, q0b072, q0b073, q0b074, q0b075, q0b076, q0b077, q0b078, q0b079,
            q0b080, q0b081, q0b082, q0b083, q0b084, q0b085, q0b086, q0b087, q0b088, q0b089, q0b090, q0b091, q0b092, q0b093, q0b094, q0b095,
            q0b096, q0b097, q0b098, q0b099, q0b100, q0b101, q0b102, q0b103, q0b104, q0b105, q0b106, q0b107, q0b108, q0b109, q0b110, q0b111,
            q0b112, q0b113, q0b114, q0b115, q0b116, q0b117, q0b118, q0b119, q0b120, q0b121, q0b122, q0b123, q0b124, q0b125, q0b126, q0b127;
}

/**
 * A fixed-capacity block of memory, on the heap or off it, handing out ranges by bump allocation.
 * {@link #allocate(int)} returns the offset of a new range, or {@link #FULL} if it does not fit.
 * Thread-safe. Memory is {@link #memory()}, a ByteBuffer of exactly {@link #capacity()} bytes.
 */
public final class Region extends RegionPadAfter {
    /** Returned by allocate when the request does not fit. */
    public static final long FULL = -1;
    /**
     * Largest capacity: {@code Integer.MAX_VALUE - 8}, the longest byte array every JVM can allocate (HotSpot
     * refuses Integer.MAX_VALUE itself with "Requested array size exceeds VM limit"; the JDK's own collections
     * use the same bound). Whether a region that large can be made depends on the heap (or, off-heap, on
     * -XX:MaxDirectMemorySize): an OutOfMemoryError then propagates.
     */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE - 8;

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
     * @throws IllegalArgumentException if capacity is out of range
     * @throws OutOfMemoryError if the heap (or direct memory) cannot hold the capacity
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

    /**
     * Sums the sizes of a batch (a row's cells), checking each: what {@link RegionAllocator#allocate(int[])}
     * allocates in one step. Public so that other allocators of batches check them the same way.
     *
     * @param sizes each at least 1
     * @param max the largest sum accepted, e.g. {@link #MAX_CAPACITY}
     * @return the sum
     * @throws IllegalArgumentException if sizes is empty, a size is below 1 (naming its index) or the sum is
     *         above max
     */
    public static int totalSize(int[] sizes, int max) {
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
     * {@code end} back to {@code start} with one CAS. Used to return an unused chunk tail: the caller must own
     * {@code [start, end)} and not use it afterwards, or the region hands those bytes out again.
     *
     * @param start where the unused part begins, in [0, end]
     * @param end where the range ended (the offset, if nothing came after it), at most the capacity
     * @return whether the bytes were given back
     * @throws IllegalArgumentException if not {@code 0 <= start <= end <= capacity}: such a range is no region's,
     *         and moving the offset to it would hand out offsets outside the region
     */
    public boolean tryGiveBack(long start, long end) {
        Checks.inRange("end", end, 0, capacity);
        Checks.inRange("start", start, 0, end);
        return casOffset(end, start);
    }

    /** @return bytes handed out: the end of the last range that fit (a crossing XADD's range did not) */
    public long usedBytes() {
        long crossed = laBoundary();
        return crossed >= 0 ? crossed : Math.min(lvOffset(), capacity);
    }

    /**
     * Bytes not handed out, {@code capacity - usedBytes()}: what the region wastes if nothing more is allocated
     * from it. Once it is full (or its allocator has moved on to another region) this is its wasted tail; while
     * it is in use this includes the {@link #remainingBytes()} a request may still get.
     *
     * @return capacity minus used bytes, never negative
     */
    public long wasteBytes() {
        return capacity - usedBytes();
    }

    /**
     * Bytes a request can still get: {@code capacity - offset}, and 0 once an XADD crossed the capacity (the
     * tail before the crossing is then lost for good, though {@link #wasteBytes()} still counts it).
     *
     * @return bytes still free for allocation
     */
    public long remainingBytes() {
        if (laBoundary() >= 0) {
            return 0;
        }
        return capacity - Math.min(lvOffset(), capacity);
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

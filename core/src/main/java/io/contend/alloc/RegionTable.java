package io.contend.alloc;

import io.contend.backoff.ContentionManager;

import java.util.Arrays;

/*
 * Implementation notes.
 *
 * Algorithm: every region an allocator makes is reserved from the pool, created, and registered in a
 * copy-on-write array under the table's lock, where it learns its index; handles name regions by that index.
 * Creation is rare (a swap or a dedicated request), so the lock and the array copy cost nothing on the
 * allocation path, which only reads the array.
 *
 * Invariants: a region is in the table if and only if its bytes are reserved from the pool until close: if
 * creating the memory or registering fails (OutOfMemoryError, a closed table, anything), the reservation is
 * released before the failure propagates. After close, no region is registered, and the bytes of all
 * registered ones are released once.
 *
 * Ordering: the region's index is written before the volatile write that publishes the grown array, and a
 * handle to a region exists only after registration, so a reader that resolves a handle through the array
 * sees the region fully constructed. closed is written under the lock and read as a volatile.
 *
 * Source: the region list and MemtablePool accounting of Cassandra's NativeAllocator (CASSANDRA-15922).
 */

/** The regions of one allocator: creation with pool accounting, lookup by handle, and close. */
final class RegionTable {
    private final RegionFactory factory;
    private final boolean offHeap;
    private final AllocationStrategy strategy;
    private final ContentionManager manager;
    private final MemoryPool pool;
    private volatile Region[] regions = new Region[0];
    private volatile boolean closed;

    RegionTable(RegionFactory factory, boolean offHeap, AllocationStrategy strategy, ContentionManager manager,
            MemoryPool pool) {
        this.factory = factory;
        this.offHeap = offHeap;
        this.strategy = strategy;
        this.manager = manager;
        this.pool = pool;
    }

    /**
     * Reserves the capacity from the pool, makes the region and registers it; on any failure the reservation is
     * rolled back and the failure propagates.
     *
     * @throws MemoryLimitException if the pool refuses the capacity
     * @throws IllegalStateException if the table is closed
     * @throws OutOfMemoryError if the memory cannot be allocated
     */
    Region create(int capacity) {
        return create(capacity, Long.MAX_VALUE);
    }

    /**
     * {@link #create(int)}, waiting for the pool at most {@code maxWaitNanos} of its timeout.
     *
     * @throws MemoryLimitException if the pool refuses the capacity
     */
    Region create(int capacity, long maxWaitNanos) {
        if (pool != null) {
            pool.reserveWithin(capacity, maxWaitNanos);
        }
        try {
            return register(factory.create(capacity, offHeap, strategy, manager));
        } catch (Throwable t) {
            if (pool != null) {
                pool.release(capacity);
            }
            throw t;
        }
    }

    /**
     * @return how long a request for a region may wait for the pool in all: its timeout if it blocks; unbounded
     *         when there is no pool or it fails at once, since then no request waits for it
     */
    long waitLimitNanos() {
        return pool != null && pool.waitLimitNanos() > 0 ? pool.waitLimitNanos() : Long.MAX_VALUE;
    }

    private synchronized Region register(Region region) {
        if (closed) {
            throw new IllegalStateException("allocator is closed");
        }
        Region[] grown = Arrays.copyOf(regions, regions.length + 1);
        region.index = regions.length;
        grown[regions.length] = region;
        regions = grown;
        return region;
    }

    /** @return the region a handle names; IllegalArgumentException if it names none of this table's */
    Region get(long handle) {
        int index = Handles.regionIndex(handle);
        Region[] table = regions;
        if (handle < 0 || index >= table.length) {
            throw new IllegalArgumentException("not a handle of this allocator: " + handle);
        }
        return table[index];
    }

    /** @return every region registered so far (a snapshot; do not modify) */
    Region[] regions() {
        return regions;
    }

    long reservedBytes() {
        long total = 0;
        for (Region r : regions) {
            total += r.capacity();
        }
        return total;
    }

    /**
     * Refuses further regions and releases the reserved bytes to the pool.
     *
     * @return false if the table was already closed (nothing is released twice)
     */
    boolean close() {
        long reserved;
        synchronized (this) {
            if (closed) {
                return false;
            }
            closed = true;
            reserved = reservedBytes();
        }
        if (pool != null) {
            pool.release(reserved);
        }
        return true;
    }

    boolean isClosed() {
        return closed;
    }
}

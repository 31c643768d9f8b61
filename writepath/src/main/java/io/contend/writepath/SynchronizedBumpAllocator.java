package io.contend.writepath;

import io.contend.alloc.MemoryPool;
import io.contend.alloc.Region;

import java.nio.ByteBuffer;
import java.util.Arrays;

/*
 * Implementation notes.
 *
 * Algorithm: the JDK build of the cell memory, the way one writes it without contend: one monitor guards the
 * bump offset of the current region; a row that does not fit retires the region (its tail is wasted) and a new
 * one is reserved from the pool and made, with the same sizes as contend's regions (8 KiB doubling to 1 MiB, the
 * largest at once for a row the next size cannot hold, a dedicated region above 128 KiB), so the two builds
 * differ only in how they synchronise.
 *
 * Invariants: ranges handed out are disjoint (the offset only moves forward, under the monitor); every region in
 * the table has its capacity reserved from the pool until close, which releases the sum once.
 *
 * Ordering: allocation runs under the monitor. Readers resolve a handle without the monitor through the volatile
 * regions array, which is replaced (copy on write) under the monitor after the new region is built, so a reader
 * holding a handle sees the region's buffer. reserved is volatile so that the switch check reads it without the
 * monitor. The cell bytes are published to readers by the memtable's index, not here.
 *
 * Source: the allocation that CASSANDRA-15922 measured against, written with a lock instead of a CAS loop.
 */
/** The JDK build's cell memory: a {@code synchronized} bump allocator over growing heap regions. */
final class SynchronizedBumpAllocator implements Allocator {
    static final int MIN_REGION = 8 * 1024;
    static final int MAX_REGION = 1024 * 1024;
    static final int DEDICATED_THRESHOLD = 128 * 1024;

    static final Factory FACTORY = new Factory() {
        @Override
        public Allocator create(MemoryPool pool) {
            return new SynchronizedBumpAllocator(pool);
        }

        @Override
        public String name() {
            return "synchronized";
        }

        @Override
        public String toString() {
            return "Allocator.Factory[synchronized]";
        }
    };

    private final MemoryPool pool;
    private volatile ByteBuffer[] regions = new ByteBuffer[0];
    private volatile long reserved;
    // guarded by this:
    private int current = -1;
    private int offset;
    private int nextSize = MIN_REGION;
    /** Written under the monitor; volatile for toString. */
    private volatile boolean closed;

    SynchronizedBumpAllocator(MemoryPool pool) {
        this.pool = pool;
    }

    @Override
    public synchronized long allocate(int[] sizes) {
        if (closed) {
            throw new IllegalStateException("allocator is closed");
        }
        int total = Region.totalSize(sizes, Region.MAX_CAPACITY);
        if (total > DEDICATED_THRESHOLD) {
            return handle(addRegion(total), 0);
        }
        if (current < 0 || offset + total > regions[current].capacity()) {
            int size = nextSize < total ? MAX_REGION : nextSize; // as contend's regions: the largest if it must
            current = addRegion(size);
            offset = 0;
            nextSize = Math.min(MAX_REGION, size * 2);
        }
        long handle = handle(current, offset);
        offset += total;
        return handle;
    }


    /** Called under the monitor: reserves, makes and registers a region, undoing the reservation on failure. */
    private int addRegion(int capacity) {
        if (pool != null) {
            pool.reserve(capacity);
        }
        ByteBuffer buffer;
        try {
            buffer = ByteBuffer.allocate(capacity);
        } catch (Throwable t) {
            if (pool != null) {
                pool.release(capacity);
            }
            throw t;
        }
        ByteBuffer[] grown = Arrays.copyOf(regions, regions.length + 1);
        grown[regions.length] = buffer;
        regions = grown;
        reserved += capacity;
        return grown.length - 1;
    }

    private static long handle(int region, int offset) {
        return ((long) region << 32) | offset;
    }

    @Override
    public ByteBuffer memory(long handle) {
        int index = (int) (handle >>> 32);
        ByteBuffer[] table = regions;
        if (handle < 0 || index >= table.length) {
            throw new IllegalArgumentException("not a handle of this allocator: " + handle);
        }
        return table[index];
    }

    @Override
    public int offset(long handle) {
        return (int) handle;
    }

    @Override
    public long reservedBytes() {
        return reserved;
    }

    @Override
    public void poison(byte value) {
        for (ByteBuffer region : regions) {
            RegionCellAllocator.fill(region, value);
        }
    }

    @Override
    public void close() {
        long toRelease;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            toRelease = reserved;
        }
        if (pool != null && toRelease > 0) {
            pool.release(toRelease);
        }
    }

    @Override
    public String toString() {
        return "SynchronizedBumpAllocator[" + regions.length + " regions, " + reserved + " bytes"
                + (closed ? ", closed" : "") + "]";
    }
}

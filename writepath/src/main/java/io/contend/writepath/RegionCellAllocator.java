package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.MemoryPool;
import io.contend.alloc.Region;
import io.contend.alloc.RegionAllocator;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;

/*
 * Implementation notes.
 *
 * Algorithm: a thin adapter over contend's RegionAllocator, built lazily on the first allocation so that
 * creating a memtable (at a switch, possibly while the pool is full) reserves nothing; the region allocator
 * reserves its first region when built. Row batches go to RegionAllocator.allocate(int[]), which routes them to
 * the calling thread's chunk (tlab), the current region (XADD or CAS), or a dedicated region.
 *
 * Invariants: at most one RegionAllocator is built (double-checked under this object's monitor); close() closes
 * it if it was built, and later allocations throw IllegalStateException.
 *
 * Reserved bytes: RegionAllocator.reservedBytes() sums its region table, and the write path asks after every
 * write (the switch threshold), so the sum is cached per current region: it is recomputed only when the current
 * region changed (a swap, which is when the table grows, except for dedicated regions of requests above 128 KiB,
 * which are counted at the next swap). The JDK build reads one volatile field; this keeps the two builds' checks
 * alike in cost. The pool, not this number, bounds memory.
 *
 * Ordering: the allocator reference is volatile: a thread that reads it non-null sees the fully built allocator
 * (its final fields and its table published by the volatile write). The region memory a handle names is written
 * by the allocating writer with plain puts and published to readers by the memtable's index (a
 * ConcurrentSkipListMap insert, a volatile write), not by this class. The cache writes the sum before the region
 * it belongs to (both volatile), so a reader that sees the region sees that sum or a newer one.
 *
 * Source: CASSANDRA-15922 (NativeAllocator's regions and their XADD), through io.contend.alloc.
 */
/** contend's cell memory: one {@link RegionAllocator} per memtable, built on first use. */
final class RegionCellAllocator implements Allocator {
    private final MemoryPool pool;
    private final AllocationStrategy strategy;
    private final int chunkSize;
    private volatile RegionAllocator allocator;
    /** The current region when {@link #summed} was computed. */
    private volatile Region summedAt;
    private volatile long summed;
    private boolean closed; // guarded by this

    private RegionCellAllocator(MemoryPool pool, AllocationStrategy strategy, int chunkSize) {
        this.pool = pool;
        this.strategy = strategy;
        this.chunkSize = chunkSize;
    }

    static Factory factory(AllocationStrategy strategy, int chunkSize) {
        java.util.Objects.requireNonNull(strategy, "strategy");
        if (chunkSize != 0 && (chunkSize < 16 || chunkSize > 128 * 1024)) {
            throw new IllegalArgumentException("chunkSize must be 0 or in [16, 131072]: " + chunkSize);
        }
        String name = chunkSize > 0 ? "tlab" : strategy.name().toLowerCase(Locale.ROOT);
        return new Factory() {
            @Override
            public Allocator create(MemoryPool pool) {
                return new RegionCellAllocator(pool, strategy, chunkSize);
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public String toString() {
                return "Allocator.Factory[" + name + "]";
            }
        };
    }

    @Override
    public long allocate(int[] sizes) {
        RegionAllocator a = allocator;
        if (a == null) {
            a = build();
        }
        return a.allocate(sizes);
    }

    private synchronized RegionAllocator build() {
        if (closed) {
            throw new IllegalStateException("allocator is closed");
        }
        RegionAllocator a = allocator;
        if (a == null) {
            RegionAllocator.Builder b = RegionAllocator.builder().strategy(strategy).pool(pool);
            if (chunkSize > 0) {
                b.threadLocalChunks(chunkSize);
            }
            a = b.build();
            allocator = a;
        }
        return a;
    }

    @Override
    public ByteBuffer memory(long handle) {
        RegionAllocator a = allocator;
        if (a == null) {
            throw new IllegalArgumentException("no memory allocated yet, so no handle is valid: " + handle);
        }
        return a.memory(handle);
    }

    @Override
    public int offset(long handle) {
        return RegionAllocator.offset(handle);
    }

    @Override
    public long reservedBytes() {
        RegionAllocator a = allocator;
        if (a == null) {
            return 0;
        }
        Region current = a.currentRegion();
        if (current != summedAt) {
            long sum = a.reservedBytes();
            summed = sum;
            summedAt = current;
            return sum;
        }
        return summed;
    }

    @Override
    public void poison(byte value) {
        RegionAllocator a = allocator;
        if (a != null) {
            for (Region region : a.regions()) {
                fill(region.memory(), value);
            }
        }
    }

    static void fill(ByteBuffer memory, byte value) {
        if (memory.hasArray()) {
            Arrays.fill(memory.array(), memory.arrayOffset(), memory.arrayOffset() + memory.capacity(), value);
        } else {
            for (int i = 0; i < memory.capacity(); i++) {
                memory.put(i, value);
            }
        }
    }

    @Override
    public void close() {
        RegionAllocator a;
        synchronized (this) {
            closed = true;
            a = allocator;
        }
        if (a != null) {
            a.close();
        }
    }

    @Override
    public String toString() {
        RegionAllocator a = allocator;
        return "RegionCellAllocator[" + (a == null ? strategy + (chunkSize > 0 ? ", chunks of " + chunkSize : "")
                + ", nothing allocated" : a.toString()) + "]";
    }
}

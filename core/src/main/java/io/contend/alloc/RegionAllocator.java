package io.contend.alloc;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContentionManager;
import io.contend.internal.Checks;
import io.contend.telemetry.ContentionCounter;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;

/*
 * Implementation notes.
 *
 * Algorithm: allocations go to the current region (Region.allocate with the configured strategy). When it
 * answers FULL, the thread makes the next region (twice the size, up to the maximum; a spare region if one is
 * big enough) and tries casCurrent(full, next): one thread wins and installs its region; a loser keeps its
 * fresh region in the spare queue for the next swap instead of dropping it. Either way the thread retries in
 * whatever region is current. Requests above the dedicated threshold get a region of their own. With
 * thread-local chunks, a request first tries the calling thread's chunk (plain arithmetic); a chunk is claimed
 * from the current region with one region allocation of chunkSize.
 *
 * A handle packs the region's index (high 32 bits) and the offset (low 32 bits) into a long, so allocating
 * creates no object. Regions are registered in a copy-on-write array under the allocator's lock when created
 * (rare), and learn their index there, before any handle to them exists.
 *
 * Invariants: exactly one region is current; a swap replaces only the region that was seen full (CAS), so
 * concurrent swaps install one region and lose no allocation (each allocation succeeded in some registered
 * region); every created region is in the table and its bytes are reserved from the pool until close.
 *
 * Ordering: current is read with lv and replaced with a volatile CAS; a new region is fully constructed and
 * registered (volatile array write) before the CAS publishes it. The region table is a volatile array.
 *
 * Source: Cassandra's NativeAllocator and its region swap (CASSANDRA-15922); thread-local chunks answer the
 * ticket's "160 writers would pin 160 regions of 1 MiB": many small chunks of one region instead.
 */

/**
 * Allocates byte ranges from a growing series of regions, Cassandra style: regions start small (8 KiB by
 * default) and double up to a maximum (1 MiB), large requests (above 128 KiB) get a dedicated region, and
 * the tail a full region leaves unused is measured as waste. Optionally, each thread allocates from a chunk
 * of the shared region with no atomic instruction at all.
 *
 * <p>{@link #allocate(int)} returns a handle: use {@link #memory(long)} and {@link #offset(long)} to reach the
 * bytes. Thread-safe. {@link #close()} releases the regions' bytes to the pool; allocating after close throws
 * IllegalStateException. Close after the allocating threads have stopped: an allocation racing close may
 * still succeed.
 */
public final class RegionAllocator implements AutoCloseable {
    private static final VarHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(RegionAllocator.class, "current", Region.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final AllocationStrategy strategy;
    private final ContentionManager manager;
    private final int minRegionSize;
    private final int maxRegionSize;
    private final int dedicatedThreshold;
    private final int chunkSize;
    private final boolean offHeap;
    private final MemoryPool pool;
    private final ConcurrentLinkedQueue<Region> spares = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<ThreadChunk> chunks;
    private final List<ThreadChunk> allChunks = new ArrayList<>();
    private volatile Region[] regions = new Region[0];
    @SuppressWarnings("unused") // accessed through CURRENT
    private volatile Region current;
    private volatile boolean closed;
    private long chunkWasteAtClose;

    private RegionAllocator(Builder b) {
        this.strategy = b.strategy;
        this.manager = new ContentionManager(b.strategy == AllocationStrategy.CAS_BACKOFF ? b.backoff
                : BackoffStrategy.none(), b.telemetry);
        this.minRegionSize = b.minRegionSize;
        this.maxRegionSize = b.maxRegionSize;
        this.dedicatedThreshold = b.dedicatedThreshold;
        this.chunkSize = b.chunkSize;
        this.offHeap = b.offHeap;
        this.pool = b.pool;
        this.chunks = chunkSize > 0 ? ThreadLocal.withInitial(this::registerChunk) : null;
        this.current = createRegion(minRegionSize);
    }

    /** @return a builder with Cassandra's defaults: XADD, 8 KiB doubling to 1 MiB, dedicated above 128 KiB */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Allocates {@code size} bytes.
     *
     * @param size bytes, in [1, {@link Region#MAX_CAPACITY}]
     * @return a handle: {@link #memory(long)} and {@link #offset(long)} locate the range
     * @throws IllegalArgumentException if size is out of range
     * @throws IllegalStateException if the allocator is closed
     * @throws MemoryLimitException if a new region would exceed the pool's limit
     */
    public long allocate(int size) {
        Checks.inRange("size", size, 1, Region.MAX_CAPACITY);
        checkOpen();
        if (size > dedicatedThreshold) {
            return allocateDedicated(size);
        }
        if (chunks != null && size <= chunkSize) {
            return allocateFromChunk(size);
        }
        return allocateShared(size);
    }

    /**
     * Allocates a batch (a Row's cells) in one step: contiguous ranges, the i-th at
     * {@code offset(handle) + sizes[0] + ... + sizes[i-1]}, in the same region.
     *
     * @param sizes each at least 1, summing to at most {@link Region#MAX_CAPACITY}
     * @return the handle of the first range
     */
    public long allocate(int[] sizes) {
        return allocate(Region.totalSize(sizes, Region.MAX_CAPACITY));
    }

    private long allocateShared(int size) {
        for (;;) {
            Region region = lvCurrent();
            long offset = size <= region.capacity() ? region.allocate(size) : Region.FULL;
            if (offset != Region.FULL) {
                return handle(region, offset);
            }
            swap(region, size);
        }
    }

    private long allocateFromChunk(int size) {
        ThreadChunk chunk = chunks.get();
        long cursor = chunk.cursor;
        if (chunk.regionIndex != ThreadChunk.NONE && cursor + size <= chunk.limit) {
            chunk.cursor = cursor + size;
            return ((long) chunk.regionIndex << 32) | cursor;
        }
        chunk.abandon();
        for (;;) {
            Region region = lvCurrent();
            long offset = chunkSize <= region.capacity() ? region.allocate(chunkSize) : Region.FULL;
            if (offset != Region.FULL) {
                chunk.regionIndex = region.index;
                chunk.cursor = offset + size;
                chunk.limit = offset + chunkSize;
                return ((long) chunk.regionIndex << 32) | offset;
            }
            swap(region, chunkSize);
        }
    }

    private long allocateDedicated(int size) {
        Region region = createRegion(size);
        long offset = region.allocate(size);
        return handle(region, offset);
    }

    /** Installs a bigger region in place of {@code full}, unless another thread already did. */
    private void swap(Region full, int needed) {
        if (lvCurrent() != full) {
            return;
        }
        int size = (int) Math.min(maxRegionSize, Math.max(2L * full.capacity(), minRegionSize));
        if (size < needed) {
            size = maxRegionSize;
        }
        Region next = takeSpare(size);
        if (next == null) {
            next = createRegion(size);
        }
        if (!casCurrent(full, next)) {
            spares.offer(next); // lost the race: keep it for the next swap
        }
    }

    private Region takeSpare(int size) {
        Region spare = spares.poll();
        if (spare != null && spare.capacity() < size) {
            spares.offer(spare);
            return null;
        }
        return spare;
    }

    private Region createRegion(int capacity) {
        if (pool != null) {
            pool.reserve(capacity);
        }
        Region region = new Region(capacity, offHeap, strategy, manager);
        synchronized (this) {
            if (closed) {
                if (pool != null) {
                    pool.release(capacity);
                }
                throw new IllegalStateException("allocator is closed");
            }
            Region[] grown = Arrays.copyOf(regions, regions.length + 1);
            region.index = regions.length;
            grown[regions.length] = region;
            regions = grown;
        }
        return region;
    }

    private long handle(Region region, long offset) {
        return ((long) region.index << 32) | offset;
    }

    private ThreadChunk registerChunk() {
        ThreadChunk chunk = new ThreadChunk();
        synchronized (allChunks) {
            allChunks.add(chunk);
        }
        return chunk;
    }

    /**
     * Returns the calling thread's chunk: its unused tail goes back to the region if nothing was allocated
     * after it, else it is counted as waste. Call when a thread stops allocating. No effect without chunks.
     */
    public void releaseThreadChunk() {
        if (chunks != null) {
            chunks.get().giveBack(regions);
        }
    }

    /**
     * @param handle a handle from {@link #allocate(int)}
     * @return the region holding the range
     */
    public Region region(long handle) {
        int index = (int) (handle >>> 32);
        Region[] table = regions;
        if (handle < 0 || index >= table.length) {
            throw new IllegalArgumentException("not a handle of this allocator: " + handle);
        }
        return table[index];
    }

    /**
     * @param handle a handle from {@link #allocate(int)}
     * @return the memory of the range's region
     */
    public ByteBuffer memory(long handle) {
        return region(handle).memory();
    }

    /**
     * @param handle a handle from any RegionAllocator
     * @return the offset of the range in its region's memory
     */
    public static int offset(long handle) {
        return (int) handle;
    }

    /** @return the regions made so far, including dedicated and spare ones */
    public List<Region> regions() {
        return List.of(regions);
    }

    /** @return the region new allocations go to */
    public Region currentRegion() {
        return lvCurrent();
    }

    /**
     * Bytes that can no longer be handed out: the unused tails of regions that are neither current nor spare,
     * plus abandoned chunk tails (and, after close, open ones).
     *
     * @return waste in bytes
     */
    public long wasteBytes() {
        Region now = lvCurrent();
        long waste = 0;
        for (Region r : regions) {
            if (r != now && !spares.contains(r)) {
                waste += r.wasteBytes();
            }
        }
        synchronized (allChunks) {
            for (ThreadChunk c : allChunks) {
                waste += c.laWasted();
            }
        }
        return waste + chunkWasteAtClose;
    }

    /** @return bytes of all regions made, i.e. reserved from the pool */
    public long reservedBytes() {
        long total = 0;
        for (Region r : regions) {
            total += r.capacity();
        }
        return total;
    }

    /** @return the telemetry every region records into, or null */
    public ContentionCounter telemetry() {
        return manager.telemetry();
    }

    /** Releases every region's bytes to the pool and refuses further allocation. Idempotent. */
    @Override
    public void close() {
        long reserved;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            reserved = reservedBytes();
        }
        synchronized (allChunks) {
            for (ThreadChunk c : allChunks) {
                chunkWasteAtClose += c.lpOpenTail();
            }
        }
        if (pool != null) {
            pool.release(reserved);
        }
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("allocator is closed");
        }
    }

    private Region lvCurrent() {
        return (Region) CURRENT.getVolatile(this);
    }

    private boolean casCurrent(Region expect, Region update) {
        return CURRENT.compareAndSet(this, expect, update);
    }

    @Override
    public String toString() {
        return "RegionAllocator[" + strategy + (chunkSize > 0 ? ", chunks of " + chunkSize : "") + ", "
                + regions.length + " regions, " + reservedBytes() + " bytes, waste " + wasteBytes()
                + (closed ? ", closed" : "") + "]";
    }

    /** Settings of a {@link RegionAllocator}; every setter validates its argument. */
    public static final class Builder {
        private AllocationStrategy strategy = AllocationStrategy.XADD;
        private BackoffStrategy backoff = BackoffStrategy.constant(1);
        private ContentionCounter telemetry;
        private int minRegionSize = 8 * 1024;
        private int maxRegionSize = 1024 * 1024;
        private int dedicatedThreshold = 128 * 1024;
        private int chunkSize;
        private boolean offHeap;
        private MemoryPool pool;

        private Builder() {
        }

        /** @param strategy how regions advance their offset (default XADD) @return this */
        public Builder strategy(AllocationStrategy strategy) {
            this.strategy = Objects.requireNonNull(strategy, "strategy");
            return this;
        }

        /** @param backoff what CAS_BACKOFF does after a failed CAS (default constant 1 ns) @return this */
        public Builder backoff(BackoffStrategy backoff) {
            this.backoff = Objects.requireNonNull(backoff, "backoff");
            return this;
        }

        /** @param telemetry where regions count attempts and CAS failures, or null @return this */
        public Builder telemetry(ContentionCounter telemetry) {
            this.telemetry = telemetry;
            return this;
        }

        /**
         * @param min first region's size (default 8 KiB)
         * @param max largest region's size (default 1 MiB)
         * @return this
         */
        public Builder regionSizes(int min, int max) {
            Checks.inRange("minRegionSize", min, 1, Region.MAX_CAPACITY);
            Checks.inRange("maxRegionSize", max, 1, Region.MAX_CAPACITY);
            Checks.ordered("minRegionSize", min, "maxRegionSize", max);
            this.minRegionSize = min;
            this.maxRegionSize = max;
            return this;
        }

        /** @param bytes requests above this get a dedicated region (default 128 KiB) @return this */
        public Builder dedicatedThreshold(int bytes) {
            this.dedicatedThreshold = Checks.inRange("dedicatedThreshold", bytes, 1, Region.MAX_CAPACITY);
            return this;
        }

        /**
         * Turns on thread-local chunks: each thread claims {@code bytes} from the shared region with one atomic
         * step and allocates inside it with none. 0 turns them off (the default).
         *
         * @param bytes chunk size, 0 or in [16, dedicated threshold]
         * @return this
         */
        public Builder threadLocalChunks(int bytes) {
            if (bytes != 0) {
                Checks.inRange("chunkSize", bytes, 16, Region.MAX_CAPACITY);
            }
            this.chunkSize = bytes;
            return this;
        }

        /** @param offHeap true for direct ByteBuffers (default heap) @return this */
        public Builder offHeap(boolean offHeap) {
            this.offHeap = offHeap;
            return this;
        }

        /** @param pool the budget regions reserve their bytes from, or null for none @return this */
        public Builder pool(MemoryPool pool) {
            this.pool = pool;
            return this;
        }

        /**
         * @return the allocator, with its first region made (and reserved from the pool)
         * @throws IllegalArgumentException if the sizes are inconsistent
         */
        public RegionAllocator build() {
            Checks.ordered("dedicatedThreshold", dedicatedThreshold, "maxRegionSize", maxRegionSize);
            if (chunkSize > 0) {
                Checks.ordered("chunkSize", chunkSize, "dedicatedThreshold", dedicatedThreshold);
            }
            return new RegionAllocator(this);
        }
    }
}

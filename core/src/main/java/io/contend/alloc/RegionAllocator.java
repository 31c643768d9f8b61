package io.contend.alloc;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContentionManager;
import io.contend.internal.Checks;
import io.contend.telemetry.ContentionCounter;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/*
 * Implementation notes.
 *
 * The allocator only routes requests and owns its parts, each with its own notes: RegionTable (creating,
 * registering and releasing regions, pool accounting), RegionSwap (the current region and its replacement),
 * ThreadChunks (per-thread chunks and their waste, also the chunks of caller-held ThreadAllocators) and Handles
 * (the handle's packing). A request above the
 * dedicated threshold gets a region of its own from the table; with chunks, a request that fits a chunk goes
 * to the calling thread's chunk; anything else goes to the current region.
 *
 * Source: Cassandra's NativeAllocator (CASSANDRA-15922): regions growing from 8 KiB to 1 MiB, dedicated regions
 * above 128 KiB, the region swap.
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
 * still succeed. If a region cannot be made (the pool's limit, or an OutOfMemoryError on the heap or in direct
 * memory), the request fails with that exception and the pool gets back what was reserved for it.
 *
 * <p>Waiting: with a pool that blocks, a request that finds the region full while another thread is making the
 * next one waits for that thread, which itself waits at most the pool's timeout; if that thread fails, the request
 * asks the pool for its own region with what is left of the timeout. A request for the shared region waits at most
 * the pool's timeout in all before its MemoryLimitException. An interrupted thread stops waiting at once (the
 * pool's rule).
 */
public final class RegionAllocator implements AutoCloseable {
    /**
     * Chunk size of {@link #newThreadAllocator()} handles when the allocator has no thread-local chunks, unless the
     * dedicated threshold is smaller.
     */
    static final int DEFAULT_HANDLE_CHUNK = 4 * 1024;
    private final AllocationStrategy strategy;
    private final ContentionManager manager;
    private final int dedicatedThreshold;
    private final int chunkSize;
    /** Requests in [1, chunkLimit] go to the thread's chunk: min(chunk size, dedicated threshold); 0 without chunks. */
    private final int chunkLimit;
    private final RegionTable table;
    private final RegionSwap swap;
    /** Null without thread-local chunks. */
    private final ThreadChunks chunks;
    /** chunks' thread-id cache, held here so the fast path reaches a thread's chunk in one load less; null without. */
    private final ThreadChunk[] chunkCache;
    /** The chunks of caller-held handles: {@link #chunks}, or a set of its own when there are none. */
    private final ThreadChunks handleChunks;
    private final int handleChunkSize;

    private RegionAllocator(Builder b) {
        this.strategy = b.strategy;
        this.manager = new ContentionManager(b.strategy == AllocationStrategy.CAS_BACKOFF ? b.backoff
                : BackoffStrategy.none(), b.telemetry);
        this.dedicatedThreshold = b.dedicatedThreshold;
        this.chunkSize = b.chunkSize;
        this.chunkLimit = Math.min(b.chunkSize, b.dedicatedThreshold);
        this.table = new RegionTable(b.regionFactory, b.offHeap, b.strategy, manager, b.pool);
        this.swap = new RegionSwap(table, b.minRegionSize, b.maxRegionSize);
        this.chunks = chunkSize > 0 ? new ThreadChunks(chunkSize, swap) : null;
        this.chunkCache = chunks != null ? chunks.cache() : null;
        // Without chunks, a handle's chunk obeys the rule threadLocalChunks enforces: at most the dedicated
        // threshold, which is at most the largest region, so a chunk always fits in a fresh region.
        this.handleChunkSize = chunkSize > 0 ? chunkSize : Math.min(DEFAULT_HANDLE_CHUNK, b.dedicatedThreshold);
        this.handleChunks = chunks != null ? chunks : new ThreadChunks(handleChunkSize, swap);
    }

    /** @return a builder with Cassandra's defaults: XADD, 8 KiB doubling to 1 MiB, dedicated above 128 KiB */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Allocates {@code size} bytes.
     *
     * @param size bytes, in [1, {@link Region#MAX_CAPACITY}]; a request above the dedicated threshold needs that
     *        many bytes of heap (or direct memory) in one piece
     * @return a handle: {@link #memory(long)} and {@link #offset(long)} locate the range
     * @throws IllegalArgumentException if size is out of range
     * @throws IllegalStateException if the allocator is closed
     * @throws MemoryLimitException if a new region would exceed the pool's limit
     * @throws OutOfMemoryError if a new region's memory cannot be allocated (its pool reservation is undone)
     */
    public long allocate(int size) {
        if (size > 0 && size <= chunkLimit) { // the thread-local path first, kept small enough to inline
            checkOpen();
            Thread current = Thread.currentThread();
            ThreadChunk chunk = chunkCache[ThreadChunks.slot(current)];
            if (chunk != null && chunk.owner == current) {
                long handle = chunk.tryAllocate(size);
                if (handle != ThreadChunk.NONE) {
                    return handle;
                }
            }
            return chunks.allocateSlowly(size);
        }
        return allocateShared(size);
    }

    /** Anything but a thread-local chunk's request: a dedicated region, or the current shared region. */
    private long allocateShared(int size) {
        Checks.inRange("size", size, 1, Region.MAX_CAPACITY);
        checkOpen();
        if (size > dedicatedThreshold) {
            Region region = table.create(size);
            return Handles.of(region.index, region.allocate(size));
        }
        return swap.allocate(size);
    }

    /**
     * A handle for the calling thread's hot allocation loop: the thread's own chunk, held by the caller, so each
     * small allocation is a plain bump with no lookup of the thread's chunk. Use it from the calling thread only,
     * and close it when done.
     *
     * @return a new handle on a new chunk of this allocator's chunk size (if the allocator was built without
     *         {@link Builder#threadLocalChunks(int)}: 4 KiB, or the dedicated threshold if that is smaller)
     * @throws IllegalStateException if the allocator is closed
     */
    public ThreadAllocator newThreadAllocator() {
        checkOpen();
        return new ThreadAllocator(this, handleChunks, handleChunkSize);
    }

    /** The region table, for giving a chunk's tail back. */
    Region[] regionsForGiveBack() {
        return table.regions();
    }

    /**
     * Allocates a batch (a Row's cells) in one step: contiguous ranges, the i-th at
     * {@code offset(handle) + sizes[0] + ... + sizes[i-1]}, in the same region.
     *
     * @param sizes each at least 1, summing to at most {@link Region#MAX_CAPACITY}
     * @return the handle of the first range
     * @throws NullPointerException if sizes is null
     * @throws IllegalArgumentException if a size or their sum is out of range
     * @throws IllegalStateException if the allocator is closed
     * @throws MemoryLimitException if a new region would exceed the pool's limit
     * @throws OutOfMemoryError if a new region's memory cannot be allocated (its pool reservation is undone)
     */
    public long allocate(int[] sizes) {
        return allocate(Region.totalSize(sizes, Region.MAX_CAPACITY));
    }

    /**
     * Returns the calling thread's chunk: its unused tail goes back to the region if nothing was allocated
     * after it, else it is counted as waste. Call when a thread stops allocating. No effect without chunks.
     * A thread that ends without calling it is noticed later, and its open tail counted as waste.
     */
    public void releaseThreadChunk() {
        if (chunks != null) {
            chunks.releaseCurrent(table.regions());
        }
    }

    /**
     * @param handle a handle from {@link #allocate(int)}
     * @return the region holding the range
     * @throws IllegalArgumentException if the handle names no region of this allocator
     */
    public Region region(long handle) {
        return table.get(handle);
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
        return Handles.offset(handle);
    }

    /** @return the regions made so far, including dedicated and spare ones */
    public List<Region> regions() {
        return List.of(table.regions());
    }

    /** @return the region new allocations go to */
    public Region currentRegion() {
        return swap.current();
    }

    /**
     * Bytes that can no longer be handed out: the unused tails of regions that are neither current nor spare,
     * abandoned chunk tails, and the open chunk tails of threads that have ended (and, after close, of all).
     *
     * @return waste in bytes
     */
    public long wasteBytes() {
        return swap.retiredWasteBytes(table.regions()) + handleChunks.wasteBytes();
    }

    /**
     * @return bytes of all regions made, i.e. reserved from the pool; after {@link #close()} still the regions'
     *         total, though the pool has them back
     */
    public long reservedBytes() {
        return table.reservedBytes();
    }

    /** @return the telemetry every region records into, or null */
    public ContentionCounter telemetry() {
        return manager.telemetry();
    }

    /** @return threads whose chunk is still tracked: those that allocated and had not ended when last checked */
    int trackedThreads() {
        return handleChunks.registeredCount();
    }

    /**
     * Releases every region's bytes to the pool and refuses further allocation. Idempotent. The regions' memory is
     * not wiped or unmapped: {@link #region(long)}, {@link #memory(long)} and {@link #regions()} still return it, and
     * the garbage collector frees it (heap or direct buffers alike) once nothing refers to it. Reading or writing it
     * after close is the caller's error, as is using a Cassandra memtable's cells after its allocator is discarded:
     * the pool may have granted its bytes to another allocator already.
     */
    @Override
    public void close() {
        if (table.close()) {
            handleChunks.close();
        }
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return table.isClosed();
    }

    private void checkOpen() {
        if (table.isClosed()) {
            throw new IllegalStateException("allocator is closed");
        }
    }

    @Override
    public String toString() {
        return "RegionAllocator[" + strategy + (chunkSize > 0 ? ", chunks of " + chunkSize : "") + ", "
                + table.regions().length + " regions, " + reservedBytes() + " bytes, waste " + wasteBytes()
                + (isClosed() ? ", closed" : "") + "]";
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
        private RegionFactory regionFactory = RegionFactory.DEFAULT;

        private Builder() {
        }

        /**
         * @param strategy how regions advance their offset (default XADD)
         * @return this
         */
        public Builder strategy(AllocationStrategy strategy) {
            this.strategy = Objects.requireNonNull(strategy, "strategy");
            return this;
        }

        /**
         * @param backoff what CAS_BACKOFF does after a failed CAS (default constant 1 ns)
         * @return this
         */
        public Builder backoff(BackoffStrategy backoff) {
            this.backoff = Objects.requireNonNull(backoff, "backoff");
            return this;
        }

        /**
         * @param telemetry where regions count attempts and CAS failures, or null
         * @return this
         */
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

        /**
         * @param bytes requests above this get a dedicated region (default 128 KiB)
         * @return this
         */
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

        /**
         * @param offHeap true for direct ByteBuffers (default heap)
         * @return this
         */
        public Builder offHeap(boolean offHeap) {
            this.offHeap = offHeap;
            return this;
        }

        /**
         * @param pool the budget regions reserve their bytes from, or null for none
         * @return this
         */
        public Builder pool(MemoryPool pool) {
            this.pool = pool;
            return this;
        }

        /** Tests: makes regions through {@code factory}, e.g. one that fails. */
        Builder regionFactory(RegionFactory factory) {
            this.regionFactory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /**
         * @return the allocator, with its first region made (and reserved from the pool)
         * @throws IllegalArgumentException if the sizes are inconsistent
         * @throws MemoryLimitException or OutOfMemoryError if the first region cannot be made (nothing stays
         *         reserved)
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

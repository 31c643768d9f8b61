package io.contend.alloc;

/*
 * Implementation notes.
 *
 * Algorithm: the caller holds its thread's chunk directly instead of looking it up on every call (the
 * allocator's thread-id table, or its ThreadLocal): allocate() is a bounds check, a read of the allocator's closed flag and a bump of the chunk's cursor,
 * with no atomic instruction and no map lookup. When the chunk is used up, one region allocation (an XADD, or a
 * CAS on the CAS strategies) claims the next chunk, exactly as RegionAllocator's own thread-local path does.
 *
 * Invariants: only the thread that created the handle uses it (the chunk's fields are the owner's plain data);
 * the chunk is registered with the allocator's ThreadChunks, so its waste is counted like any other chunk's and
 * is folded when the owner ends or the handle is closed.
 *
 * Ordering: the chunk's fields are owner-only plain data (see ThreadChunk). The closed flag is a volatile read,
 * so an allocation that starts after close() has returned throws.
 *
 * Verification: no new race is introduced (the handle is one thread's; what it shares with other threads is the
 * region allocation of a new chunk, which the jcstress region tests and the allocator's tests cover), so there is
 * no Lincheck test of it; ThreadAllocatorTest checks that handles and shared calls on four threads never overlap.
 *
 * Source: HotSpot's TLABs (the allocating thread owns its buffer outright) and Netty's PoolThreadCache (a
 * caller-held cache for the hot path); CASSANDRA-15922 for the chunks of a shared region.
 */

/**
 * A handle for one thread's hot allocation loop: the allocator's thread-local chunk, held by the caller, so each
 * small allocation is a plain bump of a cursor. Create it on the thread that will use it
 * ({@link RegionAllocator#newThreadAllocator()}), use it from that thread only, and close it when the loop is
 * done: closing gives the chunk's unused tail back to its region when nothing was allocated after it (else the
 * tail is counted as waste). Requests larger than the chunk go to the allocator itself.
 *
 * <p>Not thread-safe by design; it is one thread's private buffer, like a JVM TLAB. Handles from the same
 * allocator on different threads never overlap.
 */
public final class ThreadAllocator implements AutoCloseable {
    private final RegionAllocator allocator;
    private final ThreadChunks chunks;
    private final ThreadChunk chunk;
    private final int chunkSize;
    private final Thread owner;
    private boolean closed;

    ThreadAllocator(RegionAllocator allocator, ThreadChunks chunks, int chunkSize) {
        this.allocator = allocator;
        this.chunks = chunks;
        this.chunkSize = chunkSize;
        this.owner = Thread.currentThread();
        this.chunk = chunks.registerHandle(owner);
    }

    /**
     * Allocates {@code size} bytes: from this thread's chunk when they fit, else a new chunk, or the allocator
     * itself for a request larger than a chunk.
     *
     * @param size bytes, in [1, {@link Region#MAX_CAPACITY}]
     * @return a handle, as {@link RegionAllocator#allocate(int)} returns
     * @throws IllegalArgumentException if size is out of range
     * @throws IllegalStateException if the allocator or this handle is closed, or the caller is not the thread
     *         that created the handle (checked when a new chunk is claimed)
     */
    public long allocate(int size) {
        if (closed) {
            throw new IllegalStateException("thread allocator is closed");
        }
        if (size < 1 || size > chunkSize) {
            return allocator.allocate(size);
        }
        if (allocator.isClosed()) {
            throw new IllegalStateException("allocator is closed");
        }
        long handle = chunk.tryAllocate(size);
        return handle != ThreadChunk.NONE ? handle : refill(size);
    }

    private long refill(int size) {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("a thread allocator belongs to " + owner.getName() + ", not "
                    + Thread.currentThread().getName());
        }
        return chunks.refill(chunk, size);
    }

    /** @return the allocator this handle allocates from */
    public RegionAllocator allocator() {
        return allocator;
    }

    /**
     * Gives the chunk's unused tail back (or counts it as waste) and stops the handle. Idempotent. Called by the
     * thread that created the handle, or by any thread once that one has ended (its chunk's fields are its own plain
     * data until then; an ended thread's writes are visible to whoever saw it end).
     *
     * @throws IllegalStateException if the caller is another thread and the owner is still alive (nothing changes)
     */
    @Override
    public void close() {
        if (Thread.currentThread() != owner && owner.isAlive()) {
            throw new IllegalStateException("a thread allocator is closed by its thread " + owner.getName()
                    + ", or after it ended; not by " + Thread.currentThread().getName());
        }
        if (!closed) {
            closed = true;
            chunks.retire(chunk, allocator.regionsForGiveBack());
        }
    }

    @Override
    public String toString() {
        return "ThreadAllocator[" + owner.getName() + ", chunks of " + chunkSize + (closed ? ", closed" : "") + "]";
    }
}

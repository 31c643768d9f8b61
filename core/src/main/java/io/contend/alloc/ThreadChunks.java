package io.contend.alloc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/*
 * Implementation notes.
 *
 * Algorithm: each thread allocates from its own ThreadChunk, claiming a new chunk of chunkSize from the shared
 * regions (RegionSwap.allocate: one XADD or CAS) when a request does not fit. A thread finds its chunk in a
 * direct-mapped table indexed by its thread id (slot = id mod CACHE_SLOTS), checked by the chunk's owner: a field
 * read and a compare instead of a ThreadLocal lookup, which cost about half of a 16-byte allocation at 1 thread
 * (the allocator experiment: 0.31-0.39x of a plain bump pointer with the ThreadLocal alone). RegionAllocator
 * inlines that lookup and holds the table itself (one dependent load less: 449 -> 539 allocations/us at 1 thread,
 * JMH, 6 forks each). A thread whose slot is held by another live thread's chunk uses the ThreadLocal, which always
 * holds the thread's chunk. The
 * chunks are also registered in a list, so that their waste can be summed. Registering a new thread's chunk, and
 * summing, first fold the chunks of threads that have ended: their abandoned tails and their open tail (which
 * nobody will use now) move into a retired total and the chunk leaves the list. So a pool that replaces its
 * threads keeps the list as long as its live threads, and no byte of waste is lost.
 *
 * Invariants: every chunk's waste is counted in exactly one place: its live entry, or the retired total. A chunk
 * is folded only once its owner has ended, i.e. will never write it again.
 *
 * Ordering: the list and the retired total are guarded by the list's lock. The cache is read plainly: a
 * thread dereferences only the owner of a chunk it finds there, a final field, so it sees the owner of any
 * chunk it can see (JLS 17.5), and uses the chunk only if it is its own, whose other fields it wrote itself. A
 * slot is filled with a CAS (casSlot), only by the chunk's owner, when it is empty or its chunk's owner has
 * ended; a thread tries once, when its chunk is registered. A dead owner's chunk is read plainly
 * after Thread.isAlive() returned false, which happens-after the owner's last write (JLS 17.4.4). Live chunks'
 * waste is read with an acquire load paired with the owner's release store (ThreadChunk).
 *
 * Source: CASSANDRA-15922 for thread-local allocation; the folding of ended threads is the one contend's
 * ContentionCounter does for its per-thread cells.
 */

/** The per-thread chunks of one allocator: allocation from them, their registry and their waste. */
final class ThreadChunks {
    /** Slots of the thread-id cache: a power of two. */
    static final int CACHE_SLOTS = 128;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(ThreadChunk[].class);

    /** Thread-id slot to chunk; read directly by RegionAllocator's allocate (see {@link #cache()}). */
    private final ThreadChunk[] cache = new ThreadChunk[CACHE_SLOTS];
    private final int chunkSize;
    private final RegionSwap swap;
    private final ThreadLocal<ThreadChunk> local = ThreadLocal.withInitial(this::register);
    private final List<ThreadChunk> registered = new ArrayList<>();
    /** Waste of the chunks folded away (ended threads, or all of them at close). Guarded by registered. */
    private long retiredWaste;

    ThreadChunks(int chunkSize, RegionSwap swap) {
        this.chunkSize = chunkSize;
        this.swap = swap;
    }

    /**
     * The thread-id cache, for a caller's inlined fast path: slot {@link #slot(Thread)} holds a chunk, which is the
     * thread's only if its owner is the thread. The array is never replaced.
     */
    ThreadChunk[] cache() {
        return cache;
    }

    /**
     * The calling thread's allocation when its cached chunk did not serve it: a thread not in the cache, or a chunk
     * that is used up. Kept apart from the fast path so that the fast path inlines.
     *
     * @param size bytes, in [1, chunk size]
     * @return the handle of the range, from the calling thread's chunk
     */
    long allocateSlowly(int size) {
        ThreadChunk chunk = local.get();
        long handle = chunk.tryAllocate(size);
        return handle != ThreadChunk.NONE ? handle : refill(chunk, size);
    }

    /**
     * Owner only: abandons the chunk's tail and claims a new chunk for a request that did not fit.
     *
     * @param chunk the owner's chunk
     * @param size bytes, in [1, chunk size]
     * @return the handle of the range
     */
    long refill(ThreadChunk chunk, int size) {
        return chunk.restart(swap.allocate(chunkSize), chunkSize, size);
    }

    /**
     * Registers a chunk for a caller-held ThreadAllocator of the given thread.
     *
     * @param owner the thread that will use it
     * @return the chunk, empty
     */
    ThreadChunk registerHandle(Thread owner) {
        ThreadChunk chunk = new ThreadChunk(owner);
        synchronized (registered) {
            foldEndedThreads();
            registered.add(chunk);
        }
        return chunk;
    }

    /**
     * Owner only: gives a handle's tail back and moves its waste to the retired total, so a thread that makes
     * many handles does not grow the registry.
     *
     * @param chunk the handle's chunk
     * @param regions the allocator's region table
     */
    void retire(ThreadChunk chunk, Region[] regions) {
        chunk.giveBack(regions);
        synchronized (registered) {
            if (registered.remove(chunk)) {
                retiredWaste += chunk.laWasted();
            }
        }
    }

    /** Gives the calling thread's unused tail back (see ThreadChunk.giveBack). */
    void releaseCurrent(Region[] regions) {
        local.get().giveBack(regions);
    }

    private ThreadChunk register() {
        Thread current = Thread.currentThread();
        ThreadChunk chunk = registerHandle(current);
        int slot = slot(current);
        ThreadChunk held = cache[slot];
        if (held == null || !held.owner.isAlive()) {
            casSlot(slot, held, chunk); // a lost race leaves the winner's chunk: this thread then uses the ThreadLocal
        }
        return chunk;
    }

    @SuppressWarnings("deprecation") // Thread.threadId() is JDK 19+; getId() is the same value on 17
    static int slot(Thread thread) {
        return (int) thread.getId() & (CACHE_SLOTS - 1);
    }

    private void casSlot(int slot, ThreadChunk expected, ThreadChunk chunk) {
        SLOTS.compareAndSet(cache, slot, expected, chunk);
    }

    /** @return tails abandoned by every thread so far, and the open tails of threads that have ended */
    long wasteBytes() {
        synchronized (registered) {
            foldEndedThreads();
            long waste = retiredWaste;
            for (ThreadChunk c : registered) {
                waste += c.laWasted();
            }
            return waste;
        }
    }

    /** At close: every chunk's open tail becomes waste, as its thread will allocate no more. */
    void close() {
        synchronized (registered) {
            for (ThreadChunk c : registered) {
                retiredWaste += c.laWasted() + c.lpOpenTail();
            }
            registered.clear();
        }
    }

    /** @return chunks still registered (threads that allocated and had not ended at the last fold) */
    int registeredCount() {
        synchronized (registered) {
            return registered.size();
        }
    }

    /** Caller holds the lock. */
    private void foldEndedThreads() {
        for (int i = registered.size() - 1; i >= 0; i--) {
            ThreadChunk c = registered.get(i);
            if (!c.owner.isAlive()) {
                retiredWaste += c.laWasted() + c.lpOpenTail();
                registered.remove(i);
            }
        }
    }
}

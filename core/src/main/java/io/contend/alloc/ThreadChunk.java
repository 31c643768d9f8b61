package io.contend.alloc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: a thread-local allocation buffer: one range [cursor, limit) of a shared region, claimed with a
 * single region allocation (one XADD or CAS), then bump-allocated with plain arithmetic by its owner only.
 * When a request does not fit, the tail [cursor, limit) is abandoned (counted as waste) and a new chunk is
 * claimed.
 *
 * Invariants: regionIndex, cursor and limit are written only by the owner; cursor <= limit; the chunk's range
 * lies inside a range the region handed out, so allocations from different chunks never overlap. The chunk
 * names its region by index and holds no reference to it: a chunk lives on in its thread's ThreadLocalMap after
 * the allocator is dropped, and must not keep the allocator's memory reachable. It does name its owner thread,
 * so that the allocator can tell when the chunk will never be written again.
 *
 * Ordering: the owner reads and writes its fields plainly; the waste total, which other threads read for
 * statistics, is published with a release store and read with an acquire load. Other threads read the other
 * fields plainly only once the owner has ended (Thread.isAlive() returning false happens-after everything the
 * owner did, JLS 17.4.4), or at close, which is exact only once the allocating threads have stopped.
 *
 * Source: HotSpot's thread-local allocation buffers; CASSANDRA-15922's "160 writers would pin 160 regions of
 * 1 MiB", answered with many small chunks of one region.
 */
final class ThreadChunk {
    /** regionIndex of a chunk that holds no range; also what tryAllocate returns when the request does not fit. */
    static final int NONE = -1;
    private static final VarHandle WASTED;

    static {
        try {
            WASTED = MethodHandles.lookup().findVarHandle(ThreadChunk.class, "wasted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread owner;
    private int regionIndex = NONE;
    private long cursor;
    private long limit;
    /** Tail bytes abandoned by this thread. Single writer. */
    @SuppressWarnings("unused") // accessed through WASTED
    private long wasted;

    ThreadChunk(Thread owner) {
        this.owner = owner;
    }

    /** Owner only: the handle of {@code size} bytes from the chunk, or NONE if they do not fit. */
    long tryAllocate(int size) {
        long start = cursor;
        if (regionIndex == NONE || start + size > limit) {
            return NONE;
        }
        cursor = start + size;
        return Handles.of(regionIndex, start);
    }

    /**
     * Owner only: abandons the current tail (counted as waste) and makes {@code claimed} the chunk, of
     * {@code chunkSize} bytes, then allocates {@code size} from its start.
     *
     * @return the handle of the {@code size} bytes
     */
    long restart(long claimed, int chunkSize, int size) {
        abandon();
        regionIndex = Handles.regionIndex(claimed);
        long start = Handles.offset(claimed);
        cursor = start + size;
        limit = start + chunkSize;
        return claimed;
    }

    /** Owner only: counts the current tail as waste and forgets the chunk. */
    private void abandon() {
        if (regionIndex != NONE) {
            addWasted(limit - cursor);
            regionIndex = NONE;
        }
    }

    /**
     * Owner only: gives the tail back to the region if nothing followed it, else counts it as waste.
     *
     * @param regions the allocator's region table, where regionIndex points
     */
    void giveBack(Region[] regions) {
        if (regionIndex != NONE) {
            if (!regions[regionIndex].tryGiveBack(cursor, limit)) {
                addWasted(limit - cursor);
            }
            regionIndex = NONE;
        }
    }

    private void addWasted(long bytes) {
        WASTED.setRelease(this, (long) WASTED.get(this) + bytes);
    }

    long laWasted() {
        return (long) WASTED.getAcquire(this);
    }

    /** Bytes claimed and not yet used (plain read: exact for the owner, or once the owner has ended). */
    long lpOpenTail() {
        return regionIndex == NONE ? 0 : limit - cursor;
    }
}

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
 * the allocator is dropped, and must not keep the allocator's memory reachable.
 *
 * Ordering: the owner reads and writes its fields plainly; the waste total, which other threads read for
 * statistics, is published with a release store and read with an acquire load. close() reads the fields of
 * other threads' chunks plainly: exact only once those threads stopped allocating, as documented.
 */
final class ThreadChunk {
    static final int NONE = -1;
    private static final VarHandle WASTED;

    static {
        try {
            WASTED = MethodHandles.lookup().findVarHandle(ThreadChunk.class, "wasted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Index of the chunk's region in the allocator's table, or NONE. */
    int regionIndex = NONE;
    long cursor;
    long limit;
    /** Tail bytes abandoned by this thread. Single writer. */
    @SuppressWarnings("unused") // accessed through WASTED
    private long wasted;

    /** Owner only: counts the current tail as waste and forgets the chunk. */
    void abandon() {
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

    /** Bytes claimed and not yet used (plain read: exact for the owner or after it stopped). */
    long lpOpenTail() {
        return regionIndex == NONE ? 0 : limit - cursor;
    }
}

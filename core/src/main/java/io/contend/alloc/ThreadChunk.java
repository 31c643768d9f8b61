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
 * Invariants: regionIndex, cursor, limit and handleBase are written only by the owner; cursor <= limit, both 0
 * while regionIndex is NONE (so one comparison refuses any request); the chunk's range
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
 * Padding: the fields sit between 128-byte pads. Each thread writes its own chunk's cursor on every allocation,
 * and chunks are small objects that a GC copies next to each other (two threads' chunks then shared a line).
 * The pads are class-hierarchy padding of byte fields, as in ContentionCell; LayoutTest checks the result.
 *
 * Source: HotSpot's thread-local allocation buffers; CASSANDRA-15922's "160 writers would pin 160 regions of
 * 1 MiB", answered with many small chunks of one region.
 */
abstract class ThreadChunkPadBefore {
    byte p0b000, p0b001, p0b002, p0b003, p0b004, p0b005, p0b006, p0b007, p0b008, p0b009, p0b010, p0b011, p0b012, p0b013, p0b014, p0b015,
            p0b016, p0b017, p0b018, p0b019, p0b020, p0b021, p0b022, p0b023, p0b024, p0b025, p0b026, p0b027, p0b028, p0b029, p0b030, p0b031,
            p0b032, p0b033, p0b034, p0b035, p0b036, p0b037, p0b038, p0b039, p0b040, p0b041, p0b042, p0b043, p0b044, p0b045, p0b046, p0b047,
            p0b048, p0b049, p0b050, p0b051, p0b052, p0b053, p0b054, p0b055, p0b056, p0b057, p0b058, p0b059, p0b060, p0b061, p0b062, p0b063,
            p0b064, p0b065, p0b066, p0b067, p0b068, p0b069, p0b070, p0b071, p0b072, p0b073, p0b074, p0b075, p0b076, p0b077, p0b078, p0b079,
            p0b080, p0b081, p0b082, p0b083, p0b084, p0b085, p0b086, p0b087, p0b088, p0b089, p0b090, p0b091, p0b092, p0b093, p0b094, p0b095,
            p0b096, p0b097, p0b098, p0b099, p0b100, p0b101, p0b102, p0b103, p0b104, p0b105, p0b106, p0b107, p0b108, p0b109, p0b110, p0b111,
            p0b112, p0b113, p0b114, p0b115, p0b116, p0b117, p0b118, p0b119, p0b120, p0b121, p0b122, p0b123, p0b124, p0b125, p0b126, p0b127;
}

/** The chunk's state, between the pads. */
abstract class ThreadChunkFields extends ThreadChunkPadBefore {
    /** regionIndex of a chunk that holds no range; also what tryAllocate returns when the request does not fit. */
    static final int NONE = -1;

    final Thread owner;
    int regionIndex = NONE;
    /** The range [cursor, limit) still free; both 0 while the chunk holds none (regionIndex NONE). */
    long cursor;
    long limit;
    /** The handle of offset 0 in regionIndex's region: a handle is handleBase | offset. */
    long handleBase;
    /** Tail bytes abandoned by this thread. Single writer; accessed through ThreadChunk's WASTED. */
    long wasted;

    ThreadChunkFields(Thread owner) {
        this.owner = owner;
    }
}

abstract class ThreadChunkPadAfter extends ThreadChunkFields {
    byte q0b000, q0b001, q0b002, q0b003, q0b004, q0b005, q0b006, q0b007, q0b008, q0b009, q0b010, q0b011, q0b012, q0b013, q0b014, q0b015,
            q0b016, q0b017, q0b018, q0b019, q0b020, q0b021, q0b022, q0b023, q0b024, q0b025, q0b026, q0b027, q0b028, q0b029, q0b030, q0b031,
            q0b032, q0b033, q0b034, q0b035, q0b036, q0b037, q0b038, q0b039, q0b040, q0b041, q0b042, q0b043, q0b044, q0b045, q0b046, q0b047,
            q0b048, q0b049, q0b050, q0b051, q0b052, q0b053, q0b054, q0b055, q0b056, q0b057, q0b058, q0b059, q0b060, q0b061, q0b062, q0b063,
            q0b064, q0b065, q0b066, q0b067, q0b068, q0b069, q0b070, q0b071, q0b072, q0b073, q0b074, q0b075, q0b076, q0b077, q0b078, q0b079,
            q0b080, q0b081, q0b082, q0b083, q0b084, q0b085, q0b086, q0b087, q0b088, q0b089, q0b090, q0b091, q0b092, q0b093, q0b094, q0b095,
            q0b096, q0b097, q0b098, q0b099, q0b100, q0b101, q0b102, q0b103, q0b104, q0b105, q0b106, q0b107, q0b108, q0b109, q0b110, q0b111,
            q0b112, q0b113, q0b114, q0b115, q0b116, q0b117, q0b118, q0b119, q0b120, q0b121, q0b122, q0b123, q0b124, q0b125, q0b126, q0b127;

    ThreadChunkPadAfter(Thread owner) {
        super(owner);
    }
}

final class ThreadChunk extends ThreadChunkPadAfter {
    private static final VarHandle WASTED;

    static {
        try {
            WASTED = MethodHandles.lookup().findVarHandle(ThreadChunkFields.class, "wasted", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    ThreadChunk(Thread owner) {
        super(owner);
    }

    /**
     * Owner only: the handle of {@code size} bytes from the chunk, or NONE if they do not fit. One comparison: a
     * chunk that holds no range has cursor = limit = 0, which no size of at least 1 fits.
     */
    long tryAllocate(int size) {
        long start = cursor;
        long end = start + size;
        if (end > limit) {
            return NONE;
        }
        cursor = end;
        return handleBase | start;
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
        handleBase = Handles.of(regionIndex, 0);
        long start = Handles.offset(claimed);
        cursor = start + size;
        limit = start + chunkSize;
        return claimed;
    }

    /** Owner only: counts the current tail as waste and forgets the chunk. */
    private void abandon() {
        if (regionIndex != NONE) {
            addWasted(limit - cursor);
            forget();
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
            forget();
        }
    }

    private void forget() {
        regionIndex = NONE;
        cursor = 0;
        limit = 0;
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

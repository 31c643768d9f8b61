package io.contend.alloc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;

/*
 * Implementation notes.
 *
 * Algorithm: allocations go to the current region (Region.allocate with the allocator's strategy). When it
 * answers FULL, the thread makes the next region (twice the size, up to the maximum; a spare region if one is
 * big enough) and tries casCurrent(full, next): one thread wins and installs its region; a loser keeps its fresh
 * region in the spare queue for the next swap instead of dropping it. Either way the thread retries in whatever
 * region is current.
 *
 * Invariants: exactly one region is current; a swap replaces only the region that was seen full (CAS), so
 * concurrent swaps install one region and lose no allocation (each allocation succeeded in some registered
 * region). A region that is neither current nor spare is retired: nothing more is allocated from it, so its
 * unused tail is waste.
 *
 * Ordering: current is read with lv and replaced with a volatile CAS; a new region is fully constructed and
 * registered in the table (a volatile array write) before the CAS publishes it.
 *
 * Source: Cassandra's NativeAllocator and its region swap (CASSANDRA-15922).
 */

/** The region new allocations go to, its replacement when full, and the spare regions lost races leave. */
final class RegionSwap {
    private static final VarHandle CURRENT;

    static {
        try {
            CURRENT = MethodHandles.lookup().findVarHandle(RegionSwap.class, "current", Region.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RegionTable table;
    private final int minRegionSize;
    private final int maxRegionSize;
    private final ConcurrentLinkedQueue<Region> spares = new ConcurrentLinkedQueue<>();
    @SuppressWarnings("unused") // accessed through CURRENT
    private volatile Region current;

    /** Makes the first region (of the minimum size) at once. */
    RegionSwap(RegionTable table, int minRegionSize, int maxRegionSize) {
        this.table = table;
        this.minRegionSize = minRegionSize;
        this.maxRegionSize = maxRegionSize;
        this.current = table.create(minRegionSize);
    }

    /**
     * Allocates from the current region, swapping in a bigger one whenever it is full.
     *
     * @param size bytes, in [1, maximum region size]
     * @return the handle of the range
     */
    long allocate(int size) {
        for (;;) {
            Region region = lvCurrent();
            long offset = size <= region.capacity() ? region.allocate(size) : Region.FULL;
            if (offset != Region.FULL) {
                return Handles.of(region.index, offset);
            }
            swap(region, size);
        }
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
            next = table.create(size);
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

    /** @return the region new allocations go to */
    Region current() {
        return lvCurrent();
    }

    /** @return the unused tails of the retired regions among {@code regions} (neither current nor spare) */
    long retiredWasteBytes(Region[] regions) {
        Region now = lvCurrent();
        long waste = 0;
        for (Region r : regions) {
            if (r != now && !spares.contains(r)) {
                waste += r.wasteBytes();
            }
        }
        return waste;
    }

    private Region lvCurrent() {
        return (Region) CURRENT.getVolatile(this);
    }

    private boolean casCurrent(Region expect, Region update) {
        return CURRENT.compareAndSet(this, expect, update);
    }
}

package io.contend.alloc;

import io.contend.idle.IdleStrategy;

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
 * Swaps in flight: a thread making the next region counts itself in swapsInFlight from before it asks the pool until
 * after its CAS (or spare offer). A thread that finds the region full while another swap is in flight waits for that
 * swap instead of making a second region; and a thread whose own region the pool refuses (MemoryLimitException)
 * first waits for the swaps still in flight and retries if the region it saw full was replaced meanwhile. Without
 * that, with a pool tight enough for one more region, the thread that lost the race to reserve it waited out the
 * pool's timeout and then failed although the winner's region had room for its allocation; Cassandra's allocator,
 * which counts the bytes allocated rather than regions, would not fail there. Two threads that both find no swap in
 * flight still both make a region, as before (the loser's becomes a spare). An interrupted thread does not wait: it
 * makes its own region as if no swap were in flight, so a pool that would make it wait refuses it at once.
 * The waits of one allocation share one deadline, the pool's timeout from its first swap: a thread that waited for
 * another thread's swap, which the pool then refused, asks the pool only for what is left of the timeout, so that it
 * does not wait the timeout twice. Its refusal then reports the whole wait, not only the pool's share of it.
 *
 * Invariants: exactly one region is current; a swap replaces only the region that was seen full (CAS), so
 * concurrent swaps install one region and lose no allocation (each allocation succeeded in some registered
 * region). A region that is neither current nor spare is retired: nothing more is allocated from it, so its
 * unused tail is waste.
 *
 * Ordering: current is read with lv and replaced with a volatile CAS; a new region is fully constructed and
 * registered in the table (a volatile array write) before the CAS publishes it. swapsInFlight is changed by getAndAdd
 * (xadd) and read volatile (lv); a swapping thread's decrement comes after its CAS, so a thread that reads the count
 * 0 after reading the full region current either sees the CAS or runs after a swap that failed.
 *
 * Source: Cassandra's NativeAllocator and its region swap (CASSANDRA-15922).
 */

/** The region new allocations go to, its replacement when full, and the spare regions lost races leave. */
final class RegionSwap {
    private static final VarHandle CURRENT;
    private static final VarHandle SWAPS_IN_FLIGHT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CURRENT = lookup.findVarHandle(RegionSwap.class, "current", Region.class);
            SWAPS_IN_FLIGHT = lookup.findVarHandle(RegionSwap.class, "swapsInFlight", int.class);
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
    /** Threads between asking the pool for a new region and installing it (or keeping it as a spare). */
    @SuppressWarnings("unused") // accessed through SWAPS_IN_FLIGHT
    private volatile int swapsInFlight;

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
        long firstSwap = 0;
        boolean swapped = false;
        for (;;) {
            Region region = lvCurrent();
            long offset = size <= region.capacity() ? region.allocate(size) : Region.FULL;
            if (offset != Region.FULL) {
                return Handles.of(region.index, offset);
            }
            if (!swapped) {
                swapped = true;
                firstSwap = System.nanoTime();
            }
            swap(region, size, firstSwap);
        }
    }

    /**
     * Installs a bigger region in place of {@code full}, unless another thread already did.
     *
     * @param since when this allocation began to wait for a region: its waits together stay within the pool's
     *              timeout
     */
    private void swap(Region full, int needed, long since) {
        if (!awaitSwapsInFlight(full, since)) {
            return; // another thread's swap replaced it
        }
        int size = (int) Math.min(maxRegionSize, Math.max(2L * full.capacity(), minRegionSize));
        if (size < needed) {
            size = maxRegionSize;
        }
        Region next = takeSpare(size);
        if (next != null) {
            install(full, next);
            return;
        }
        MemoryLimitException refused;
        xaddSwapsInFlight(1);
        try {
            install(full, table.create(size, remainingNanos(since)));
            return;
        } catch (MemoryLimitException e) {
            refused = e;
        } finally {
            xaddSwapsInFlight(-1);
        }
        if (awaitSwapsInFlight(full, since)) {
            throw waitedInAll(refused, since); // no other swap replaced the full region either
        }
    }

    /**
     * @return the pool's refusal, or where the allocation had first waited for another thread's swap, the same
     *         refusal with the allocation's whole wait, which the pool alone does not know
     */
    private MemoryLimitException waitedInAll(MemoryLimitException refused, long since) {
        long waited = System.nanoTime() - since;
        if (table.waitLimitNanos() == Long.MAX_VALUE || waited <= refused.waitedNanos()) {
            return refused;
        }
        MemoryLimitException all = new MemoryLimitException(refused.limitBytes(), refused.requestedBytes(),
                refused.usedBytes(), waited);
        all.addSuppressed(refused);
        return all;
    }

    private void install(Region full, Region next) {
        if (!casCurrent(full, next)) {
            spares.offer(next); // lost the race: keep it for the next swap
        }
    }

    /**
     * Waits while another thread's swap is in flight and {@code full} is still current, spinning, then yielding, then
     * parking for up to a millisecond at a time (a swap in flight may itself be waiting for the pool). The strategy is
     * made only when there is something to wait for. An interrupted thread stops waiting and keeps its interrupt
     * status: it goes on to make its own region, where a pool that would make it wait refuses it at once. So does a
     * thread whose allocation has waited the pool's whole timeout: its own request then only takes what is free now.
     *
     * @param since when the allocation began to wait
     * @return whether {@code full} is still current
     */
    private boolean awaitSwapsInFlight(Region full, long since) {
        IdleStrategy idle = null;
        while (lvCurrent() == full && lvSwapsInFlight() > 0 && !Thread.currentThread().isInterrupted()
                && remainingNanos(since) > 0) {
            if (idle == null) {
                idle = IdleStrategy.backoff(100, 100, 1_000, 1_000_000);
            }
            idle.idle();
        }
        return lvCurrent() == full;
    }

    /** @return how much of the pool's timeout an allocation that began to wait at {@code since} has left */
    private long remainingNanos(long since) {
        long limit = table.waitLimitNanos();
        return limit == Long.MAX_VALUE ? limit : limit - (System.nanoTime() - since);
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

    private int lvSwapsInFlight() {
        return (int) SWAPS_IN_FLIGHT.getVolatile(this);
    }

    private void xaddSwapsInFlight(int delta) {
        SWAPS_IN_FLIGHT.getAndAdd(this, delta);
    }

    private Region lvCurrent() {
        return (Region) CURRENT.getVolatile(this);
    }

    private boolean casCurrent(Region expect, Region update) {
        return CURRENT.compareAndSet(this, expect, update);
    }
}

package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;

import java.util.Objects;

/**
 * The components one write path is built from, chosen one at a time so that a run can attribute an end-to-end
 * difference to a single swap: {@link #contend()} and {@link #jdk()} are the two builds, and
 * {@code contend().withRefCount(RefCount.atomicCas())} is contend with one JDK part.
 *
 * @param allocator the cell memory of each memtable
 * @param refCount the count that guards a memtable's memory while readers copy out of it
 * @param histogram the deletion-time histogram each flush writes
 */
public record Components(Allocator.Factory allocator, RefCount.Factory refCount, DeletionHistogram.Factory histogram) {

    /**
     * @throws NullPointerException if a component is null
     */
    public Components {
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(refCount, "refCount");
        Objects.requireNonNull(histogram, "histogram");
    }

    /** @return contend's build: XADD regions, the EVEN_ODD count and contend's histogram */
    public static Components contend() {
        return new Components(Allocator.regions(AllocationStrategy.XADD), RefCount.evenOdd(),
                DeletionHistogram.contend());
    }

    /**
     * The JDK build: a {@code synchronized} bump allocator and an {@link java.util.concurrent.atomic.AtomicInteger}
     * CAS count. Its histogram is contend's until the peer (Cassandra's builder, bench scope) is passed with
     * {@link #withHistogram(DeletionHistogram.Factory)}.
     *
     * @return the JDK build
     */
    public static Components jdk() {
        return new Components(Allocator.synchronizedBump(), RefCount.atomicCas(), DeletionHistogram.contend());
    }

    /** @param factory the allocator to use instead @return a copy with it */
    public Components withAllocator(Allocator.Factory factory) {
        return new Components(factory, refCount, histogram);
    }

    /** @param factory the reference count to use instead @return a copy with it */
    public Components withRefCount(RefCount.Factory factory) {
        return new Components(allocator, factory, histogram);
    }

    /** @param factory the histogram to use instead @return a copy with it */
    public Components withHistogram(DeletionHistogram.Factory factory) {
        return new Components(allocator, refCount, factory);
    }

    /** @return e.g. {@code allocator=xadd refCount=even-odd histogram=contend} */
    @Override
    public String toString() {
        return "allocator=" + allocator.name() + " refCount=" + refCount.name() + " histogram=" + histogram.name();
    }
}

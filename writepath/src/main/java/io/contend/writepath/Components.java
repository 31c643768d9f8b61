package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;

import java.util.Objects;

/**
 * The components one write path is built from, chosen one at a time so that a run can attribute an end-to-end
 * difference to a single swap: {@link #contend()} and {@link #jdk()} are the two builds, and
 * {@code contend().withRefCount(RefCount.atomicCas())} is contend with one JDK part.
 *
 * @param allocator the cell memory of each memtable
 * @param refCount the count that guards a memtable's memory while readers copy out of it
 * @param histogram the deletion-time histogram each flush writes
 * @param pipeline the request stages (parse, apply, respond) in front of the path; the path itself does not use
 *        them, a {@link Pipeline} made from it does
 */
public record Components(Allocator.Factory allocator, RefCount.Factory refCount, DeletionHistogram.Factory histogram,
                         Pipeline.Factory pipeline) {

    /**
     * Checks that every component is given.
     *
     * @param allocator where memtables allocate
     * @param refCount the memtables' reference count
     * @param histogram the flush's deletion-time histogram
     * @param pipeline the request stages
     * @throws NullPointerException if a component is null
     */
    public Components {
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(refCount, "refCount");
        Objects.requireNonNull(histogram, "histogram");
        Objects.requireNonNull(pipeline, "pipeline");
    }

    /**
     * @return contend's build: XADD regions, the EVEN_ODD count, contend's histogram, and the staged executor
     *         (shared MPSC queues, no affinity, one thread per stage)
     */
    public static Components contend() {
        return new Components(Allocator.regions(AllocationStrategy.XADD), RefCount.evenOdd(),
                DeletionHistogram.contend(), Pipeline.staged(QueueMode.SHARED, AffinityStrategy.NONE, 1));
    }

    /**
     * The JDK build: a {@code synchronized} bump allocator, an {@link java.util.concurrent.atomic.AtomicInteger}
     * CAS count, and three chained thread pools on LinkedBlockingQueues (one thread each). Its histogram is contend's until the peer (Cassandra's builder, bench scope) is passed with
     * {@link #withHistogram(DeletionHistogram.Factory)}.
     *
     * @return the JDK build
     */
    public static Components jdk() {
        return new Components(Allocator.synchronizedBump(), RefCount.atomicCas(), DeletionHistogram.contend(),
                Pipeline.threadPools(1));
    }

    /**
     * @param factory the allocator to use instead
     * @return a copy with it
     */
    public Components withAllocator(Allocator.Factory factory) {
        return new Components(factory, refCount, histogram, pipeline);
    }

    /**
     * @param factory the reference count to use instead
     * @return a copy with it
     */
    public Components withRefCount(RefCount.Factory factory) {
        return new Components(allocator, factory, histogram, pipeline);
    }

    /**
     * @param factory the histogram to use instead
     * @return a copy with it
     */
    public Components withHistogram(DeletionHistogram.Factory factory) {
        return new Components(allocator, refCount, factory, pipeline);
    }

    /**
     * @param factory the request pipeline to use instead
     * @return a copy with it
     */
    public Components withPipeline(Pipeline.Factory factory) {
        return new Components(allocator, refCount, histogram, factory);
    }

    /** @return e.g. {@code allocator=xadd refCount=even-odd histogram=contend pipeline=staged-shared-none-1} */
    @Override
    public String toString() {
        return "allocator=" + allocator.name() + " refCount=" + refCount.name() + " histogram=" + histogram.name()
                + " pipeline=" + pipeline.name();
    }
}

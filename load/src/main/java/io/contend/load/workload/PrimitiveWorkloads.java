package io.contend.load.workload;

import io.contend.alloc.RegionAllocator;
import io.contend.histogram.StreamingHistogramBuilder;
import io.contend.load.Operation;
import io.contend.load.Sizes;
import io.contend.load.Workload;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import io.contend.queue.MpscUnboundedArrayQueue;
import io.contend.refcount.AbstractRefCounted;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Workloads over contend's own primitives, to see them under a schedule with every thread of the generator
 * on them at once: {@code allocate}, {@code retain-release}, {@code queue-handoff}, {@code histogram-update}.
 */
public final class PrimitiveWorkloads {
    private static final long DEFAULT_SIZE = 16;
    private static final long MAX_SIZE = 128 * 1024;
    private static final long DEFAULT_LIMIT = 64L << 20;
    private static final long DEFAULT_CHUNK = 1024;
    private static final long MAX_CHUNK = 1 << 20;
    private static final long DEFAULT_SPOOL = 1000;
    private static final long DEFAULT_RANGE = 86_400;

    /** The options of {@code allocate}. */
    public static final List<WorkloadOption> ALLOCATE_OPTIONS = List.of(
            new WorkloadOption("size", "SIZE", "Bytes per allocation, 1B to " + Sizes.format(MAX_SIZE) + " (default: "
                    + Sizes.format(DEFAULT_SIZE) + ")."),
            new WorkloadOption("reserve-limit", "SIZE", "Reserved bytes after which the allocator is replaced by a fresh "
                    + "one, e.g. 64MiB (default: " + Sizes.format(DEFAULT_LIMIT) + ")."),
            WorkloadOption.retired("limit-mib", "reserve-limit"));
    /** The options of {@code queue-handoff}. */
    public static final List<WorkloadOption> QUEUE_HANDOFF_OPTIONS = List.of(
            new WorkloadOption("chunk", "N", "The queue's chunk size, 2 to " + MAX_CHUNK + " (default: " + DEFAULT_CHUNK + ")."));
    /** The options of {@code histogram-update}. */
    public static final List<WorkloadOption> HISTOGRAM_UPDATE_OPTIONS = List.of(
            new WorkloadOption("spool", "N", "Each builder's spool size, 0 to " + StreamingHistogramBuilder.MAX_SPOOL
                    + " (default: " + DEFAULT_SPOOL + ")."),
            new WorkloadOption("range", "N", "Points are uniformly random in [0, N) (default: " + DEFAULT_RANGE + ")."));

    private PrimitiveWorkloads() {
    }

    private static Workload of(String name, Operation.Body body) {
        return () -> List.of(Operation.named(name, body));
    }

    /**
     * {@code allocate}: {@code --size} bytes (default 16) from one shared {@link RegionAllocator} (XADD
     * regions); when it has reserved {@code --reserve-limit} (default 64MiB) it is replaced by a fresh one and closed,
     * so memory stays bounded. An allocation that races the replacement retries on the new allocator.
     *
     * @param options the workload's options
     * @return the workload
     */
    public static Workload allocate(WorkloadOptions options) {
        options.refuseRetired("limit-mib", v -> "--reserve-limit " + v + "MiB");
        int size = (int) options.size("size", DEFAULT_SIZE, 1, MAX_SIZE);
        long limit = options.size("reserve-limit", DEFAULT_LIMIT, 1 << 20, 1L << 40);
        AtomicReference<RegionAllocator> current = new AtomicReference<>(RegionAllocator.builder().build());
        return new Workload() {
            @Override
            public List<Operation> operations() {
                return List.of(Operation.named("allocate", () -> {
                    RegionAllocator a = current.get();
                    try {
                        a.allocate(size);
                    } catch (IllegalStateException closed) {
                        current.get().allocate(size);
                    }
                    if (a.reservedBytes() > limit && current.compareAndSet(a, RegionAllocator.builder().build())) {
                        a.close();
                    }
                }));
            }

            @Override
            public void close() {
                current.get().close();
            }
        };
    }

    /**
     * {@code retain-release}: retain then release one shared reference-counted object (EVEN_ODD).
     *
     * @param options the workload's options (none)
     * @return the workload
     */
    public static Workload retainRelease(WorkloadOptions options) {
        AbstractRefCounted shared = new AbstractRefCounted() {
            @Override
            protected void deallocate() {
                throw new IllegalStateException("the shared object must never be released to 0");
            }
        };
        return of("retain-release", () -> {
            shared.retain();
            shared.release();
        });
    }

    /**
     * {@code queue-handoff}: offer a message to one shared {@link MpscUnboundedArrayQueue}; the operation that
     * takes the consumer role (one at a time, by a try-lock) drains what is there, so the queue stays short.
     *
     * @param options the workload's options
     * @return the workload
     */
    public static Workload queueHandoff(WorkloadOptions options) {
        MpscUnboundedArrayQueue<Object> queue = new MpscUnboundedArrayQueue<>((int) options.number("chunk", DEFAULT_CHUNK, 2, MAX_CHUNK));
        java.util.concurrent.atomic.AtomicBoolean consumer = new java.util.concurrent.atomic.AtomicBoolean();
        Object message = new Object();
        return of("queue-handoff", () -> {
            queue.offer(message);
            if (consumer.compareAndSet(false, true)) {
                try {
                    queue.drain(m -> { });
                } finally {
                    consumer.set(false);
                }
            }
        });
    }

    /**
     * {@code histogram-update}: one {@link StreamingHistogramBuilder} per generator thread (builders are
     * single-threaded), maxBins 100, {@code --spool} (default 1000), a uniformly random point in
     * [0, {@code --range}) (default 86400) per operation.
     *
     * @param options the workload's options
     * @return the workload
     */
    public static Workload histogramUpdate(WorkloadOptions options) {
        int spool = (int) options.number("spool", DEFAULT_SPOOL, 0, StreamingHistogramBuilder.MAX_SPOOL);
        long range = options.number("range", DEFAULT_RANGE, 1, Long.MAX_VALUE);
        ThreadLocal<StreamingHistogramBuilder> builders = ThreadLocal.withInitial(() -> new StreamingHistogramBuilder(100, spool, 1));
        return of("histogram-update", () -> builders.get().update(ThreadLocalRandom.current().nextLong(range)));
    }
}

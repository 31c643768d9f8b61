package io.contend.bench.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;
import io.contend.writepath.Allocator;
import io.contend.writepath.Components;
import io.contend.writepath.DeletionHistogram;
import io.contend.writepath.Pipeline;
import io.contend.writepath.RefCount;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The builds the {@code writepath} experiment compares: the JDK/peer build (a {@code synchronized} bump allocator,
 * an AtomicInteger CAS count, three chained ThreadPoolExecutors on LinkedBlockingQueues, Cassandra 5.0.4's
 * histogram), contend's build (XADD regions, the EVEN_ODD count, the StagedExecutor on contend's MPSC queues,
 * contend's histogram), and the JDK build with one contend component swapped in, which attributes the end-to-end
 * difference to that component.
 */
public enum WritePathBuild {
    /** The JDK/peer build: the baseline. */
    JDK("jdk", c -> c),
    /** contend's build: every component swapped. */
    CONTEND("contend", c -> Components.contend()),
    /** The JDK build with contend's allocator (XADD regions, CASSANDRA-15922). */
    JDK_CONTEND_ALLOCATOR("jdk+allocator", c -> c.withAllocator(Allocator.regions(AllocationStrategy.XADD))),
    /** The JDK build with contend's EVEN_ODD reference count (Netty PR #7248). */
    JDK_CONTEND_REFCOUNT("jdk+refcount", c -> c.withRefCount(RefCount.evenOdd())),
    /** The JDK build with contend's staged executor on MPSC queues (CASSANDRA-1632). */
    JDK_CONTEND_PIPELINE("jdk+pipeline",
            c -> c.withPipeline(Pipeline.staged(QueueMode.SHARED, AffinityStrategy.NONE, 1))),
    /** The JDK build with contend's deletion-time histogram (CASSANDRA-13444). */
    JDK_CONTEND_HISTOGRAM("jdk+histogram", c -> c.withHistogram(DeletionHistogram.contend()));

    /** The single-component swaps, in table order. */
    public static final List<WritePathBuild> SWAPS =
            List.of(JDK_CONTEND_ALLOCATOR, JDK_CONTEND_REFCOUNT, JDK_CONTEND_PIPELINE, JDK_CONTEND_HISTOGRAM);

    private final String label;
    private final UnaryOperator<Components> fromJdk;

    WritePathBuild(String label, UnaryOperator<Components> fromJdk) {
        this.label = label;
        this.fromJdk = fromJdk;
    }

    /** @return the name in tables and results.json, e.g. {@code jdk+refcount} */
    public String label() {
        return label;
    }

    /** @return the components of this build */
    public Components components() {
        return fromJdk.apply(Components.jdk().withHistogram(CassandraDeletionHistogram.FACTORY));
    }

    /**
     * @param label a build's label
     * @return the build
     * @throws IllegalArgumentException naming the labels if none matches
     */
    public static WritePathBuild of(String label) {
        for (WritePathBuild b : values()) {
            if (b.label.equals(label.toLowerCase(Locale.ROOT))) {
                return b;
            }
        }
        throw new IllegalArgumentException("unknown write-path build '" + label + "'; known: "
                + java.util.Arrays.stream(values()).map(WritePathBuild::label).toList());
    }
}

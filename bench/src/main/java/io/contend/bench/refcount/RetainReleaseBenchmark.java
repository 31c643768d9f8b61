package io.contend.bench.refcount;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * The {@code refcount} experiment, in the shape of Netty PR #7248's AbstractReferenceCountedByteBufBenchmark:
 * retain, burn {@code delay} tokens of CPU ({@link Blackhole#consumeCPU}), release. {@code _contended}: all
 * threads share one object; {@code _uncontended}: each thread has its own. The object always keeps one
 * reference of its own, so no release is final. Every implementation is called through the same
 * {@link RefCountTarget} interface (one monomorphic call per fork), on the counted object itself, Netty's an
 * AbstractReferenceCounted.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RetainReleaseBenchmark {
    /** The contended benchmark's full name: both threads on one object. */
    public static final String CONTENDED_BENCHMARK = RetainReleaseBenchmark.class.getName() + ".retainRelease_contended";
    /** The uncontended benchmark's full name: one object per thread. */
    public static final String UNCONTENDED_BENCHMARK =
            RetainReleaseBenchmark.class.getName() + ".retainRelease_uncontended";
    /** Implementation: contend's CAS loop (pre-#7248 Netty), the baseline. */
    public static final String CAS = "CAS";
    /** Implementation: contend's XADD_NAIVE (#7248 as merged, unsafe: #8563). */
    public static final String XADD_NAIVE = "XADD_NAIVE";
    /** Implementation: contend's EVEN_ODD (the fix of #8563), the default. */
    public static final String EVEN_ODD = "EVEN_ODD";
    /**
     * Implementation: contend's EVEN_ODD on a count object of its own, allocated right after the counted object, as
     * Netty 4.2's AbstractReferenceCounted keeps its RefCnt: the same layout as NETTY, contend's algorithm.
     */
    public static final String EVEN_ODD_HOLDER = "EVEN_ODD_HOLDER";
    /** Implementation: Netty's own io.netty.util.AbstractReferenceCounted. */
    public static final String NETTY = "NETTY";
    /** Every implementation, in the lab's order. */
    public static final java.util.List<String> IMPLS = java.util.List.of(CAS, XADD_NAIVE, EVEN_ODD, EVEN_ODD_HOLDER,
            NETTY);
    /** Every delay, in Blackhole.consumeCPU tokens. */
    public static final java.util.List<String> DELAYS = java.util.List.of("1", "10", "100", "1000", "10000");


    /** Parameters and the shared object. */
    @State(Scope.Benchmark)
    public static class Shared {
        /**
         * CAS, XADD_NAIVE, EVEN_ODD, EVEN_ODD_HOLDER (contend) or NETTY (io.netty.util.AbstractReferenceCounted).
         */
        @Param({CAS, XADD_NAIVE, EVEN_ODD, EVEN_ODD_HOLDER, NETTY})
        public String impl;

        /** Blackhole.consumeCPU tokens between retain and release. */
        @Param({"1", "10", "100", "1000", "10000"})
        public int delay;

        RefCountTarget target;
        /** Allocated around the target: see {@link RetainReleaseBenchmark#guard()}. */
        long[] before;
        long[] after;

        @Setup(Level.Trial)
        public void setUp() {
            before = guard();
            target = RefCountTarget.create(impl);
            after = guard();
        }
    }

    /** One object per thread. */
    @State(Scope.Thread)
    public static class Own {
        RefCountTarget target;
        long[] before;
        long[] after;

        @Setup(Level.Trial)
        public void setUp(Shared shared) {
            before = guard();
            target = RefCountTarget.create(shared.impl);
            after = guard();
        }
    }

    /**
     * A guard of 64 bytes of payload, allocated just before and just after each target, so that neither the
     * target's first line (its header, and contend's count) nor the line of Netty's count object (allocated after
     * the target) shares a cache line with whatever the thread allocated before or allocates next. Without guards
     * those neighbours were whatever the fork's allocation order and TLAB boundaries made them, and set a fork's
     * level as much as the algorithm did.
     */
    static long[] guard() {
        return new long[8];
    }

    @Benchmark
    public boolean retainRelease_contended(Shared shared) {
        return retainRelease(shared.target, shared.delay);
    }

    @Benchmark
    public boolean retainRelease_uncontended(Shared shared, Own own) {
        return retainRelease(own.target, shared.delay);
    }

    private static boolean retainRelease(RefCountTarget target, int delay) {
        target.retainOnce();
        Blackhole.consumeCPU(delay);
        return target.releaseOnce();
    }
}

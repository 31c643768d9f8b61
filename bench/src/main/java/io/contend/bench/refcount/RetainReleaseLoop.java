package io.contend.bench.refcount;

import io.contend.bench.interleave.BlockCrew;
import io.contend.bench.interleave.Interleaved;
import io.contend.bench.interleave.SideParams;
import org.openjdk.jmh.infra.Blackhole;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/*
 * Implementation notes.
 *
 * Threads: the calling thread and the BlockCrew's helpers; BlockCrew's own notes give the block hand-off and why
 * each flag's ordering suffices. Here, each thread makes its target on its own thread (BlockCrew calls the
 * operation factory there) and records it in kept under kept's monitor, so that targets() on the calling thread
 * sees every target made so far. The counts themselves are the implementations' (RefCountUpdater, Netty's
 * AbstractReferenceCounted): retains and releases balance per thread, so a count never reaches its last reference,
 * and an operation that does throws, which BlockCrew reports as a failed helper.
 */

/**
 * One implementation's side of the {@code refcount} experiment, measured by {@link Interleaved}: {@code threads}
 * threads (a {@link BlockCrew}) each retain, burn {@code delay} tokens of CPU and release, back to back, on one
 * shared object ({@code contended=true}) or on an object of their own, as {@link RetainReleaseBenchmark} does in a JMH
 * fork. A block's answer is each thread's mean time per retain/release pair, as JMH's average time with several
 * threads reports it ({@link BlockCrew.Block#threadNanosFor}).
 *
 * <p>Each object is made between two 64-byte guards, by the thread that uses it (the shared one by the calling
 * thread), so that it lies in that thread's TLAB with nothing else on its lines, as in the JMH benchmark.
 * Parameters: {@code contended} ({@code true} or {@code false}), {@code delay} (0 to 10,000 tokens), {@code threads}
 * (1 to 256).
 */
public final class RetainReleaseLoop implements LongUnaryOperator, AutoCloseable {
    private final BlockCrew crew;
    private final String impl;
    private final boolean contended;
    private final int delay;
    /** Keeps the guards and targets reachable for as long as the side lives. */
    private final Object[] kept;

    /**
     * @param impl the implementation ({@link RetainReleaseBenchmark#IMPLS})
     * @param params {@code contended}, {@code delay} and {@code threads}
     * @throws IllegalArgumentException for an unknown implementation or a parameter out of range
     */
    public RetainReleaseLoop(String impl, Map<String, String> params) {
        this.impl = impl;
        String contention = SideParams.string(params, "contended");
        if (!contention.equals("true") && !contention.equals("false")) {
            throw new IllegalArgumentException("contended must be true or false: '" + contention + "'");
        }
        contended = contention.equals("true");
        delay = SideParams.integer(params, "delay", 0, 10_000);
        int threads = SideParams.integer(params, "threads", 1, 256);
        RefCountTarget.create(impl); // an unknown implementation fails here, before any thread starts
        kept = new Object[threads * 3];
        RefCountTarget shared = contended ? guarded(impl, 0) : null;
        crew = new BlockCrew("contend-interleaved-refcount-" + impl, threads,
                i -> operation(shared != null ? shared : guarded(impl, i), delay));
    }

    /** Makes a target between two guards, on the calling thread, and keeps all three. */
    private RefCountTarget guarded(String impl, int slot) {
        long[] before = RetainReleaseBenchmark.guard();
        RefCountTarget target = RefCountTarget.create(impl);
        long[] after = RetainReleaseBenchmark.guard();
        synchronized (kept) { // helpers make theirs on their own threads
            kept[slot * 3] = before;
            kept[slot * 3 + 1] = target;
            kept[slot * 3 + 2] = after;
        }
        return target;
    }

    private static Runnable operation(RefCountTarget target, int delay) {
        return () -> {
            target.retainOnce();
            Blackhole.consumeCPU(delay);
            if (target.releaseOnce()) { // the object keeps a reference of its own: never the last
                throw new IllegalStateException("released the object's own reference");
            }
        };
    }

    /** @return the distinct objects the threads count on: one when contended, one per thread otherwise */
    List<RefCountTarget> targets() {
        synchronized (kept) {
            List<RefCountTarget> targets = new ArrayList<>();
            for (int i = 1; i < kept.length; i += 3) {
                if (kept[i] instanceof RefCountTarget t && !targets.contains(t)) {
                    targets.add(t);
                }
            }
            return targets;
        }
    }

    /**
     * @param ops retain/release pairs the block is sized for, all threads together
     * @return {@code ops} times each thread's mean nanoseconds per pair in the block
     * @throws IllegalStateException if a helper failed
     */
    @Override
    public long applyAsLong(long ops) {
        return crew.run(ops).threadNanosFor(ops);
    }

    /** Stops the helpers ({@link BlockCrew#close()}). */
    @Override
    public void close() {
        crew.close();
    }

    @Override
    public String toString() {
        return "RetainReleaseLoop[" + impl + ", " + (contended ? "contended" : "uncontended") + ", delay " + delay
                + ", threads=" + crew.threads() + "]";
    }
}

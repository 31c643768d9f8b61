package io.contend.exec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How the threads of a pool are placed on CPUs: the three strategies of CASSANDRA-1632 (Jason Brown's comment of 2013-11-20), as
 * {@link ThreadFactory} decorators. A decorated factory's threads pin themselves when they start running,
 * through {@link Affinity#pinCurrentThread}; where pinning is unsupported they run unpinned and
 * {@link Affinity} says so once.
 *
 * <p>The CPUs used are the process's allowed CPUs minus the ones to avoid, such as
 * {@link #irqCpusToAvoid()} (CASSANDRA-1632 reports about 5% more throughput with the IRQ CPUs left alone). If avoiding
 * would leave no CPU, all allowed CPUs are used and that is logged once as a warning ({@link System.Logger}
 * {@code io.contend.exec.AffinityStrategy}).
 */
public enum AffinityStrategy {
    /** The kernel places threads. With CPUs to avoid, threads are confined to the others but never pinned to one. */
    NONE("none"),
    /**
     * Each new thread is pinned to the next CPU, round robin over the usable CPUs, starting from a random
     * one so that several pools do not all crowd the low-numbered CPUs (the ticket's EqualSpreadCpuAffinityStrategy).
     */
    EQUAL_SPREAD("equalSpread"),
    /**
     * Each thread is pinned to the CPU the kernel first runs it on (the ticket's FirstAssignmentCpuAffinityStrategy). A new
     * thread inherits its creator's mask, so create threads from an unpinned thread: a creator pinned to one
     * CPU makes that CPU every thread's first.
     */
    FIRST_ASSIGNMENT("firstAssignment");

    private static final AtomicBoolean WARNED_NOTHING_LEFT = new AtomicBoolean();

    private final String label;

    AffinityStrategy(String label) {
        this.label = label;
    }

    /** @return the strategy's name on command lines (the ticket's names, shortened): none, equalSpread or firstAssignment */
    public String label() {
        return label;
    }

    /**
     * @param text a {@linkplain #label() label} or constant name, case-insensitive
     * @return the strategy
     * @throws IllegalArgumentException naming the text and the choices if it is none of them
     */
    public static AffinityStrategy parse(String text) {
        Objects.requireNonNull(text, "text");
        String name = text.strip();
        for (AffinityStrategy strategy : values()) {
            if (strategy.label.equalsIgnoreCase(name) || strategy.name().equalsIgnoreCase(name)) {
                return strategy;
            }
        }
        throw new IllegalArgumentException("unknown affinity strategy '" + text
                + "': expected none, equalSpread or firstAssignment");
    }

    /**
     * Wraps a thread factory so that its threads place themselves by this strategy when they start.
     *
     * @param base      makes the threads (names, daemon flag, priority stay its business)
     * @param avoidCpus CPUs the threads should not use; may be empty; CPUs the process is not allowed
     *                  anyway are ignored
     * @return the decorated factory; {@code base} itself for NONE with nothing to avoid, and for every
     * strategy when pinning is unsupported
     * @throws IllegalArgumentException if a CPU to avoid is negative or above {@link CpuList#MAX_CPU}
     * @throws NullPointerException if base, avoidCpus or one of its CPUs is null
     */
    public ThreadFactory decorate(ThreadFactory base, Set<Integer> avoidCpus) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(avoidCpus, "avoidCpus");
        for (Integer cpu : avoidCpus) {
            CpuList.requireCpu(Objects.requireNonNull(cpu, "null CPU in avoidCpus " + avoidCpus));
        }
        if (this == NONE && avoidCpus.isEmpty()) {
            return base;
        }
        if (!Affinity.supported()) {
            Affinity.warnUnsupportedOnce();
            return base;
        }
        List<Integer> usable = usableCpus(Affinity.processAllowedCpus(), avoidCpus);
        switch (this) {
            case NONE:
                return new PinningThreadFactory(base, () -> () -> usable);
            case EQUAL_SPREAD:
                return equalSpread(base, usable, ThreadLocalRandom.current().nextInt(usable.size()));
            case FIRST_ASSIGNMENT:
                return new PinningThreadFactory(base, () -> () -> {
                    // A new thread inherits its creator's mask, which may be one CPU: widen it to the usable
                    // CPUs first (leaving any avoided CPU), so the kernel's first choice is its own.
                    Affinity.pinCurrentThread(usable);
                    int cpu = Affinity.currentCpu();
                    return cpu >= 0 ? List.of(cpu) : usable;
                });
            default:
                throw new AssertionError(this);
        }
    }

    /**
     * The EQUAL_SPREAD factory with a chosen first CPU, for tests.
     *
     * @param base   makes the threads
     * @param usable CPUs to cycle through
     * @param start  index in {@code usable} of the first thread's CPU
     */
    static ThreadFactory equalSpread(ThreadFactory base, List<Integer> usable, int start) {
        List<Integer> cpus = List.copyOf(usable);
        AtomicInteger next = new AtomicInteger(start);
        return new PinningThreadFactory(base, () -> {
            // Chosen in newThread, so the round robin follows creation order even across creating threads.
            List<Integer> cpu = List.of(cpus.get(Math.floorMod(next.getAndIncrement(), cpus.size())));
            return () -> cpu;
        });
    }

    /**
     * @return the CPUs that have served device interrupts ({@link CpuLayout#irqCpus()}), to pass to
     * {@link #decorate} as CPUs to avoid; empty when unknown
     */
    public static Set<Integer> irqCpusToAvoid() {
        return Collections.unmodifiableSet(new TreeSet<>(CpuLayout.current().irqCpus()));
    }

    /**
     * @param allowed the process's allowed CPUs
     * @param avoid   CPUs to leave out
     * @return allowed minus avoid, or all of allowed (logged once as a warning) if that leaves none
     * @throws IllegalStateException if no CPU is allowed at all
     */
    static List<Integer> usableCpus(List<Integer> allowed, Set<Integer> avoid) {
        if (allowed.isEmpty()) {
            throw new IllegalStateException("the process's allowed CPUs are unknown: nothing to pin threads to");
        }
        List<Integer> usable = new ArrayList<>(allowed);
        usable.removeAll(avoid);
        if (usable.isEmpty()) {
            if (WARNED_NOTHING_LEFT.compareAndSet(false, true)) {
                System.getLogger(AffinityStrategy.class.getName()).log(System.Logger.Level.WARNING,
                        "avoiding CPUs " + CpuList.format(avoid)
                        + " would leave none of the allowed CPUs " + CpuList.format(allowed)
                        + "; using all allowed CPUs");
            }
            return List.copyOf(allowed);
        }
        return List.copyOf(usable);
    }
}

package io.contend.exec;

import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.ThreadFactory;
import java.util.function.Supplier;

/**
 * A thread factory whose threads pin themselves, as their first act, to the CPUs a placement chooses.
 * A placement is made per thread in {@link #newThread} (so round robin follows creation order) and asked for
 * its CPUs on the new thread (so it can look at where the kernel started it).
 */
final class PinningThreadFactory implements ThreadFactory {
    /** Chooses one thread's CPUs, on that thread, when it starts. */
    @FunctionalInterface
    interface Placement {
        /** @return the CPUs to pin the calling thread to */
        Collection<Integer> cpusAtStart();
    }

    private final ThreadFactory base;
    private final Supplier<Placement> placements;

    /**
     * @param base       makes the threads
     * @param placements called once per new thread, in newThread
     */
    PinningThreadFactory(ThreadFactory base, Supplier<Placement> placements) {
        this.base = Objects.requireNonNull(base, "base");
        this.placements = Objects.requireNonNull(placements, "placements");
    }

    @Override
    public Thread newThread(Runnable task) {
        Objects.requireNonNull(task, "task");
        Placement placement = placements.get();
        return base.newThread(() -> {
            pin(placement);
            task.run();
        });
    }

    private static void pin(Placement placement) {
        try {
            Affinity.pinCurrentThread(placement.cpusAtStart());
        } catch (RuntimeException e) {
            // A CPU gone offline or a cpuset shrunk since the factory was made: run unpinned, but say so.
            System.getLogger(PinningThreadFactory.class.getName()).log(System.Logger.Level.WARNING,
                    "thread '" + Thread.currentThread().getName() + "' runs unpinned: " + e.getMessage());
        }
    }
}

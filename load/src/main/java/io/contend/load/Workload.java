package io.contend.load;

import java.util.List;

/**
 * What a stress run does: named operations, run in turn (operation n of the schedule runs
 * {@code operations().get(n % size)}). Implementations outside contend are loaded by class name: a public class
 * with a public constructor taking {@link WorkloadOptions} (or none). {@link #close()} runs once, after the
 * last operation.
 */
public interface Workload extends AutoCloseable {
    /** @return at least one operation, with distinct names */
    List<Operation> operations();

    /**
     * Releases what the workload holds (connections, memory); by default nothing. {@link StressRun} reports a
     * failure here in {@link StressResult#faults()}, next to what was measured, rather than losing the run.
     *
     * @throws java.io.IOException if releasing fails
     */
    @Override
    default void close() throws java.io.IOException {
    }
}

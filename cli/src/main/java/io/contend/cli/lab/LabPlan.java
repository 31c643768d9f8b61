package io.contend.cli.lab;

import java.util.List;
import java.util.Objects;

/**
 * What a lab run asks of an experiment.
 *
 * @param mode how long to measure
 * @param threads thread counts asked for on the command line (experiments that vary threads use them)
 * @param everyComparison true to plan every comparison of the experiment's matrix, false for its headline
 *                        comparisons only (the default in quick and smoke mode)
 * @param cpus this machine's CPUs
 */
public record LabPlan(LabMode mode, List<Integer> threads, boolean everyComparison, int cpus) {

    /** Copies the thread counts. */
    public LabPlan {
        Objects.requireNonNull(mode, "mode");
        threads = List.copyOf(threads);
    }

    /** @return whether this is a smoke run (the smallest plan that exercises every code path) */
    public boolean smoke() {
        return mode == LabMode.SMOKE;
    }
}

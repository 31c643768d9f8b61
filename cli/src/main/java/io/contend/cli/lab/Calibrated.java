package io.contend.cli.lab;

import java.util.List;

/**
 * An experiment that can measure its own noise floor: an A/A comparison, one of its baselines measured as two
 * trials in the same rounds ({@code copy} A and B, {@code of} the experiment's name), run by
 * {@code contend lab calibrate} ({@link CalibrationExperiment}).
 */
public interface Calibrated {

    /** @return the experiment's name, the A/A trials' {@code of} */
    String name();

    /**
     * @param plan the lab plan
     * @return the A/A comparison, or null if the experiment has none under this plan
     */
    Comparison calibration(LabPlan plan);

    /**
     * Every A/A comparison of the experiment, for one whose benchmarks differ in how much noise the machine adds
     * to them (each needs its own floor): by default {@link #calibration(LabPlan)}'s alone.
     *
     * @param plan the lab plan
     * @return the A/A comparisons, the first {@link #calibration(LabPlan)}'s; empty if none under this plan
     */
    default List<Comparison> calibrations(LabPlan plan) {
        Comparison c = calibration(plan);
        return c == null ? List.of() : List.of(c);
    }
}

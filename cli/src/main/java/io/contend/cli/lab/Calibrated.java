package io.contend.cli.lab;

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
}

package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.TableSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code contend lab calibrate}: one A/A comparison per JMH experiment, the baseline of its first headline
 * comparison against itself in the same rounds (see {@link JmhExperiment#calibration(LabPlan)}). A ratio that is
 * truly 1 then shows how wide this machine's noise makes an interval, and how often it would call a difference
 * where there is none: with a sound statistic no A/A row is faster or slower. It runs only when asked for by
 * name, not with the other experiments.
 */
public final class CalibrationExperiment implements Experiment {
    /** The experiment's name on the command line. */
    public static final String NAME = "calibrate";

    private List<JmhExperiment> sources;

    /** Calibrates every registered JMH experiment. */
    public CalibrationExperiment() {
        this(null);
    }

    /** @param sources the experiments to calibrate, or null for every registered JMH experiment */
    CalibrationExperiment(List<JmhExperiment> sources) {
        this.sources = sources;
    }

    private synchronized List<JmhExperiment> sources() {
        if (sources != null) {
            return sources;
        }
        List<JmhExperiment> jmh = new ArrayList<>();
        for (Experiment e : new ExperimentRegistry().all()) {
            if (e instanceof JmhExperiment j) {
                jmh.add(j);
            }
        }
        sources = jmh;
        return jmh;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "A/A calibration: each JMH experiment's baseline against itself, the machine's noise floor";
    }

    @Override
    public boolean runsByDefault(LabMode mode) {
        return mode == LabMode.FULL;
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<Comparison> comparisons = new ArrayList<>();
        for (JmhExperiment e : sources()) {
            Comparison c = e.calibration(plan);
            if (c != null) {
                comparisons.add(c);
            }
        }
        return comparisons;
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(60), Duration.ofMinutes(3));
    }

    @Override
    public TableSpec table() {
        Map<String, Direction> directions = new LinkedHashMap<>();
        LabPlan plan = new LabPlan(LabMode.QUICK, List.of(), false, Runtime.getRuntime().availableProcessors());
        for (JmhExperiment e : sources()) {
            Comparison c = e.calibration(plan);
            if (c != null) {
                directions.put(c.baseline().benchmark(), c.direction());
            }
        }
        return new TableSpec(List.of("of", "copy"), "copy", "A", Direction.HIGHER, List.of(),
                List.of("A/A: each JMH experiment's first headline baseline, measured as two trials "
                                + "(copy A and B) in the same interleaved rounds. The true ratio is 1: "
                                + "each interval is this machine's noise floor for that benchmark, and a "
                                + "verdict other than same or inconclusive is a false alarm.",
                        "Scores keep their experiment's unit and direction."))
                .withDirections(directions);
    }
}

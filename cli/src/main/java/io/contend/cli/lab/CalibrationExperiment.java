package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.TableSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code contend lab calibrate}: one A/A comparison per calibrated experiment ({@link Calibrated}): for each JMH
 * experiment the baseline of its first headline comparison against itself in the same rounds (see
 * {@link JmhExperiment#calibration(LabPlan)}), for {@code queues} JCTools' SpscArray throughput and, as a second
 * row, its MpscArray burst round trips, and for {@code backoff} the plain CAS loop at 2 threads, each against
 * itself in one interleaved JVM, and for the latency
 * experiments ({@code affinity}, {@code writepath}) their baseline's p99 against itself, judged by the round
 * bootstrap as their comparisons are.
 * A ratio that is truly 1 then shows how wide this machine's noise makes an interval, and how often it would call
 * a difference where there is none: with a sound statistic no A/A row is faster or slower. It runs with
 * {@code --full} and when asked for by name.
 */
public final class CalibrationExperiment implements Experiment {
    /** The experiment's name on the command line. */
    public static final String NAME = "calibrate";

    private List<? extends Calibrated> sources;

    /** Calibrates every registered experiment that can. */
    public CalibrationExperiment() {
        this(null);
    }

    /** @param sources the experiments to calibrate, or null for every registered one that can */
    CalibrationExperiment(List<? extends Calibrated> sources) {
        this.sources = sources;
    }

    private synchronized List<? extends Calibrated> sources() {
        if (sources != null) {
            return sources;
        }
        List<Calibrated> calibrated = new ArrayList<>();
        for (Experiment e : new ExperimentRegistry().all()) {
            if (e instanceof Calibrated c) {
                calibrated.add(c);
            }
        }
        sources = calibrated;
        return calibrated;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String title() {
        return "A/A calibration: each experiment's baseline against itself, the machine's noise floor";
    }

    @Override
    public boolean runsByDefault(LabMode mode) {
        return mode == LabMode.FULL;
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<Comparison> comparisons = new ArrayList<>();
        for (Calibrated e : sources()) {
            comparisons.addAll(e.calibrations(plan));
        }
        return comparisons;
    }

    /**
     * Quick: about as many rounds (8 or so on 2 CPUs) as a quick run gives its comparisons, so that each A/A
     * interval is the floor of those comparisons' intervals. With the 3 rounds of a 100 s budget a floor said
     * little, and a t interval on 3 or 4 rounds of bimodal JMH forks false-alarmed (an A/A row slower in
     * docs/results/2026-11-29-quick-45). Full mode makes at least 5 rounds, whatever its budget.
     */
    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(240), Duration.ofMinutes(3));
    }

    @Override
    public TableSpec table() {
        Map<String, Direction> directions = new LinkedHashMap<>();
        LabPlan plan = new LabPlan(LabMode.QUICK, List.of(), false, Runtime.getRuntime().availableProcessors());
        for (Calibrated e : sources()) {
            // Only the JMH experiments are planned here: planning writepath's would set its mode mid-run.
            if (e instanceof JmhExperiment || e instanceof QueuesExperiment || e instanceof BackoffExperiment) {
                for (Comparison c : e.calibrations(plan)) {
                    directions.put(c.baseline().benchmark(), c.direction());
                }
            }
        }
        directions.put(WritepathExperiment.FIXED_RATE, Direction.LOWER);
        directions.put(AffinityExperiment.PIPELINE, Direction.LOWER);
        return new TableSpec(List.of("of", "copy"), "copy", "A", Direction.HIGHER, List.of(),
                List.of("A/A: each JMH experiment's first headline baseline, measured as two trials "
                                + "(copy A and B) in the same interleaved rounds; JCTools' SpscArray throughput "
                                + "and MpscArray bursts of 1 (queues) and the plain CAS loop at 2 threads (backoff), "
                                + "each as two sides of one interleaved JVM; and the p99 of the baselines of "
                                + "affinity (the JDK pipeline) and writepath (the JDK build at 80% of its "
                                + "saturation). The true ratio is 1: each interval is this machine's noise floor "
                                + "for that benchmark, and a verdict other than same or inconclusive is a false "
                                + "alarm.",
                        "Scores keep their experiment's unit and direction; the p99 rows' intervals are the round "
                                + "bootstrap of the pooled percentile (boot), as in their experiments."))
                .withDirections(directions);
    }
}

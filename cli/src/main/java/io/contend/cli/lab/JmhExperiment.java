package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import java.util.List;
import java.util.Map;

/**
 * Base of the experiments whose trials are JMH benchmark forks: it builds {@link JmhTrial}s with the
 * experiment's settings, score and secondary results, and small helpers for comparisons.
 */
public abstract class JmhExperiment implements Experiment, Calibrated {
    private final JmhExecutor executor = new JmhExecutor();

    /**
     * JMH settings of one round in a mode; by default the mode's own. An experiment whose code needs a longer
     * warm-up to reach its steady state says so here, with the measurement that showed it.
     *
     * @param mode the lab mode
     * @return the settings
     */
    protected JmhSettings settings(LabMode mode) {
        return mode.settings();
    }

    /**
     * JMH settings of one round of one configuration; by default the experiment's ({@link #settings(LabMode)}).
     * A configuration that alone needs a longer warm-up says so here, so the others do not pay for it.
     *
     * @param run a configuration
     * @param mode the lab mode
     * @return the settings
     */
    protected JmhSettings settings(JmhRun run, LabMode mode) {
        return settings(mode);
    }

    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        JmhSettings own = settings(mode);
        return own.equals(mode.settings()) ? null : own.describe();
    }

    /**
     * @param run a configuration
     * @return the JMH secondary result that is its score, or null for JMH's primary result
     */
    protected String scoreResult(JmhRun run) {
        return null;
    }

    /**
     * @param run a configuration
     * @param jmh JMH's secondary results of one fork
     * @return the record's secondary results; by default none
     */
    protected Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmh) {
        return Map.of();
    }

    /** @return whether forks run JMH's GC profiler (bytes allocated per operation) */
    protected boolean profileAllocation() {
        return false;
    }

    /**
     * @param run a configuration
     * @param mode the lab mode
     * @return the trial that measures it, one fork a round
     */
    protected final JmhTrial trial(JmhRun run, LabMode mode) {
        return new JmhTrial(run, settings(run, mode), scoreResult(run), profileAllocation(), jmh -> secondary(run, jmh),
                executor, () -> prepare(run));
    }

    /**
     * One-off work for a configuration before its first round ({@link Trial#prepare()}); by default none.
     *
     * @param run the configuration
     */
    protected void prepare(JmhRun run) {
    }

    /**
     * The A/A comparison of this experiment: the baseline of its first headline comparison measured twice, as
     * two trials in the same rounds (labelled {@code copy} A and B, and {@code of} this experiment's name). Its
     * interval is what this machine's noise alone makes of a ratio that is truly 1.
     *
     * @param plan the lab plan
     * @return the comparison, or null if the experiment plans no comparison of JMH trials
     */
    @Override
    public final Comparison calibration(LabPlan plan) {
        List<Comparison> planned = comparisons(plan);
        if (planned.isEmpty() || !(planned.get(0).baseline() instanceof JmhTrial baseline)) {
            return null;
        }
        JmhRun run = baseline.run();
        return new Comparison(trial(copy(run, "A"), plan.mode()), List.of(trial(copy(run, "B"), plan.mode())),
                planned.get(0).direction());
    }

    /** @return the direction of the calibration's benchmark in this experiment's table */
    final Direction calibrationDirection(LabPlan plan) {
        Comparison c = calibration(plan);
        return c == null ? table().direction() : c.direction();
    }

    private JmhRun copy(JmhRun run, String copy) {
        Map<String, String> labels = new java.util.LinkedHashMap<>(run.labels());
        labels.put("of", name());
        labels.put("copy", copy);
        return new JmhRun(run.benchmark(), run.params(), labels, run.threads());
    }

    /**
     * @param plan the lab plan
     * @param headline the thread counts of the headline comparisons
     * @return the thread counts asked for on the command line, or {@code headline} when none were
     */
    protected static List<Integer> threadsOr(LabPlan plan, List<Integer> headline) {
        return plan.threads().isEmpty() ? headline : plan.threads();
    }

    /**
     * @param jmh JMH's secondary results
     * @param name a result's name
     * @return its score
     * @throws IllegalStateException naming the results present if it is missing
     */
    protected static double required(Map<String, ResultRecord.Secondary> jmh, String name) {
        ResultRecord.Secondary s = jmh.get(name);
        if (s == null) {
            throw new IllegalStateException("benchmark did not report secondary result '" + name + "': " + jmh.keySet());
        }
        return s.score();
    }
}

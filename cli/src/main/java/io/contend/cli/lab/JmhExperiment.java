package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import java.util.List;
import java.util.Map;

/**
 * Base of the experiments whose trials are JMH benchmark forks: it builds {@link JmhTrial}s with the
 * experiment's settings, score and secondary results, and small helpers for comparisons.
 */
public abstract class JmhExperiment implements Experiment {
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

    @Override
    public final String roundSettingsIfOwn(LabMode mode) {
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
        return new JmhTrial(run, settings(mode), scoreResult(run), profileAllocation(), jmh -> secondary(run, jmh),
                executor);
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

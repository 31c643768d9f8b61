package io.contend.cli.lab;

import java.util.List;
import java.util.Map;

/**
 * A lab experiment: which JMH configurations to run, how to turn JMH's secondary results into the record's
 * secondary results, and how to lay out the table. Experiments register in
 * {@code META-INF/services/io.contend.cli.lab.Experiment}; the runner finds them there, so adding one needs no
 * change to the runner.
 */
public interface Experiment {

    /** @return the name used on the command line and in results.json, e.g. {@code backoff} */
    String name();

    /** @return one line: what is measured and where it comes from */
    String title();

    /**
     * @param threads thread counts asked for on the command line
     * @param mode how long to measure
     * @return the configurations to run, in the order of the table
     */
    List<JmhRun> plan(List<Integer> threads, LabMode mode);

    /**
     * Derives the record's secondary results from JMH's, e.g. failures per operation from two totals.
     *
     * @param jmhSecondary JMH's secondary results: name to (score, unit)
     * @return the secondary results to record, by name; omit a result that is not available for this run
     */
    Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmhSecondary);

    /**
     * Derives the record's secondary results for one run; by default {@link #secondary(Map)}. An experiment
     * overrides it to add a result that depends on the configuration and is computed outside JMH, e.g. an
     * accuracy that is deterministic for the run's parameters.
     *
     * @param run the configuration that was measured
     * @param jmhSecondary JMH's secondary results: name to (score, unit)
     * @return the secondary results to record, by name
     */
    default Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmhSecondary) {
        return secondary(jmhSecondary);
    }

    /**
     * Measurements that are not JMH runs, made after the plan's runs, e.g. a load-generator run whose
     * percentiles become records. By default none.
     *
     * @param mode how long to measure
     * @param outDir the directory results.json is written to; an experiment may write files (plots) there
     * @return the records, with this experiment's name
     * @throws Exception if the measurement fails; the lab reports it as the experiment's failure
     */
    default List<ResultRecord> runDirect(LabMode mode, java.nio.file.Path outDir) throws Exception {
        return List.of();
    }

    /**
     * @return what the ratio column means, when it is not a speed-up (e.g. response time over service time);
     *         null for the standard "times faster than the baseline" note
     */
    default String ratioNote() {
        return null;
    }

    /**
     * @return whether runs add JMH's GC profiler, whose {@code gc.alloc.rate.norm} (bytes allocated per
     *         operation) then appears among JMH's secondary results
     */
    default boolean profileAllocation() {
        return false;
    }

    /**
     * Which result is a run's score. By default JMH's primary result; an experiment names a secondary result
     * when the primary is not what it compares, e.g. a producer/consumer {@code @Group} benchmark, whose primary
     * result counts the calls of both methods, failed ones included, while the experiment compares messages
     * passed per microsecond (an {@code @AuxCounters} result).
     *
     * @param run a configuration of this experiment
     * @return the name of the JMH secondary result whose score, error and unit become the record's, or null for
     *         JMH's primary result
     */
    default String scoreResult(JmhRun run) {
        return null;
    }

    /** @return the table layout and baseline */
    TableSpec table();

    /**
     * JMH settings for a mode; by default the mode's own. An experiment with many configurations may shorten
     * quick-mode iterations to stay within about two minutes, and says so in its table notes.
     *
     * @param mode the lab mode
     * @return the settings every configuration of this experiment runs with
     */
    default JmhSettings settings(LabMode mode) {
        return mode.settings();
    }

    /**
     * @return the seed's own headline numbers for this experiment, or null when the seed gives none; the
     *         report shows them beside this machine's as "seed, other machine"
     */
    default SeedTable seedTable() {
        return null;
    }
}

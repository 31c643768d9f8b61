package io.contend.cli.lab;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs one {@link JmhRun} through JMH's Runner API in forked JVMs and turns the result into a
 * {@link ResultRecord}. JMH's own console output is silenced; the lab prints its own tables.
 *
 * <p>Threads: the run's count is JMH's {@code threads} option. For an asymmetric ({@code @Group}) benchmark JMH
 * rounds that up to a whole number of groups, so a run of exactly one group gives the group's own size (e.g. 2
 * for one producer and one consumer); a result whose thread count differs from the run's is refused rather than
 * recorded under the wrong count.
 */
public final class JmhExecutor {
    private final LabMode mode;
    private final int cpus;

    /**
     * @param mode the lab mode; each experiment picks its JMH settings for it
     * @param cpus CPUs of this machine, to mark oversubscribed runs
     */
    public JmhExecutor(LabMode mode, int cpus) {
        this.mode = mode;
        this.cpus = cpus;
    }

    /**
     * @param experiment the experiment the run belongs to
     * @param run the configuration
     * @return the measured record
     * @throws RunnerException if JMH fails, e.g. the benchmark threw
     */
    public ResultRecord execute(Experiment experiment, JmhRun run) throws RunnerException {
        JmhSettings settings = experiment.settings(mode);
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark()) + "$")
                .threads(run.threads())
                .forks(settings.forks())
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.milliseconds(settings.warmupMillis()))
                .measurementIterations(settings.measurementIterations())
                .measurementTime(TimeValue.milliseconds(settings.measurementMillis()))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
        run.params().forEach(options::param);
        if (experiment.profileAllocation()) {
            options.addProfiler(GCProfiler.class);
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        if (results.size() != 1) {
            throw new RunnerException("expected one result for " + run + ", JMH returned " + results.size()
                    + " (is the benchmark in the jar's META-INF/BenchmarkList?)");
        }
        RunResult result = results.iterator().next();
        int ran = result.getParams().getThreads();
        if (ran != run.threads()) {
            throw new RunnerException("JMH ran " + ran + " threads for " + run + " (a @Group benchmark runs whole "
                    + "groups: ask for a multiple of the group's size)");
        }
        return toRecord(experiment, run, result);
    }

    ResultRecord toRecord(Experiment experiment, JmhRun run, RunResult result) {
        Result<?> primary = scoreOf(result, experiment.scoreResult(run));
        Map<String, ResultRecord.Secondary> jmhSecondary = secondaryOf(result);
        double error = primary.getScoreError();
        boolean estimated = !Double.isNaN(error) && countIterations(result) >= 3;
        return new ResultRecord(experiment.name(), run.shortName(), run.recordParams(), run.threads(), primary.getScore(),
                estimated ? error : null, primary.getScoreUnit(), experiment.secondary(run, jmhSecondary), mode.label(),
                run.threads() > cpus);
    }

    /** The primary result, or the named secondary result (JMH declares those with a raw {@code Result}). */
    @SuppressWarnings("rawtypes")
    private static Result<?> scoreOf(RunResult result, String secondaryName) {
        if (secondaryName == null) {
            return result.getPrimaryResult();
        }
        Result score = result.getSecondaryResults().get(secondaryName);
        if (score == null) {
            throw new IllegalStateException("benchmark did not report the result '" + secondaryName
                    + "' that is its score: " + result.getSecondaryResults().keySet());
        }
        return score;
    }

    /** JMH declares secondary results with a raw {@code Result}: read them as scores and units. */
    @SuppressWarnings("rawtypes")
    private static Map<String, ResultRecord.Secondary> secondaryOf(RunResult result) {
        Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
        for (Map.Entry<String, Result> e : result.getSecondaryResults().entrySet()) {
            secondary.put(e.getKey(), new ResultRecord.Secondary(e.getValue().getScore(), e.getValue().getScoreUnit()));
        }
        return secondary;
    }

    private static int countIterations(RunResult result) {
        int n = 0;
        for (BenchmarkResult b : result.getBenchmarkResults()) {
            n += b.getIterationResults().size();
        }
        return n;
    }
}

package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Runs one round of a {@link JmhTrial}: one forked JVM through JMH's Runner API, whose score is JMH's, the mean
 * of its measured iterations. JMH's console output is silenced; the lab prints its own tables.
 *
 * <p>Why the mean and not the median of the iterations: on a shared 2-core machine the noise within a fork is
 * local in time but often two-state (a CAS loop at 2 threads alternates between two throughputs about 2x apart
 * from one 200 ms iteration to the next), and the median of a few iterations jumps between the states where the
 * mean averages them. The iterations' scores are kept with the sample.
 *
 * <p>Threads: the run's count is JMH's {@code threads} option. For an asymmetric ({@code @Group}) benchmark JMH
 * rounds that up to a whole number of groups, so a run of exactly one group gives the group's own size (e.g. 2
 * for one producer and one consumer); a result whose thread count differs from the run's is refused rather than
 * recorded under the wrong count.
 */
public final class JmhExecutor {

    /**
     * @param trial the configuration
     * @return the fork's sample
     * @throws RunnerException if JMH fails, e.g. the benchmark threw or is not in the jar
     */
    public Sample execute(JmhTrial trial) throws RunnerException {
        JmhRun run = trial.run();
        JmhSettings settings = trial.settings();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(run.benchmark()) + "$")
                .threads(run.threads())
                .forks(1)
                .warmupIterations(settings.warmupIterations())
                .warmupTime(TimeValue.milliseconds(settings.warmupMillis()))
                .measurementIterations(settings.measurementIterations())
                .measurementTime(TimeValue.milliseconds(settings.measurementMillis()))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
        run.params().forEach(options::param);
        if (trial.profileAllocation()) {
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
        return toSample(trial, result);
    }

    static Sample toSample(JmhTrial trial, RunResult result) {
        Result<?> score = scoreOf(result, trial.scoreResult());
        return new Sample(score.getScore(), score.getScoreUnit(), trial.secondary().apply(secondaryOf(result)),
                Arrays.stream(iterationScores(result, trial.scoreResult())).boxed().toList());
    }

    /** The score of each measured iteration of the fork, in order; empty if JMH kept none. */
    @SuppressWarnings("rawtypes")
    static double[] iterationScores(RunResult result, String secondaryName) {
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult fork : result.getBenchmarkResults()) {
            for (IterationResult iteration : fork.getIterationResults()) {
                Result r = secondaryName == null ? iteration.getPrimaryResult()
                        : iteration.getSecondaryResults().get(secondaryName);
                if (r != null) {
                    scores.add(r.getScore());
                }
            }
        }
        return scores.stream().mapToDouble(Double::doubleValue).toArray();
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
}

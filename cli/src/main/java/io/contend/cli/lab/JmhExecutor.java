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
 * Runs one round of a {@link JmhTrial}: one forked JVM through JMH's Runner API, whose score is the median of
 * its measured iterations. JMH's console output is silenced; the lab prints its own tables.
 *
 * <p>Why the median: on a shared machine the noise within a fork is mostly one-sided and local in time (a
 * neighbour takes the CPU for part of an iteration), while forks, once warm, agree closely; the median of a
 * fork's iterations ignores the disturbed iterations that would drag a mean down, and the rounds' spread then
 * measures what differs from fork to fork. Secondary results stay JMH's means over the iterations.
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
        double[] iterations = iterationScores(result, trial.scoreResult());
        double median = iterations.length == 0 ? score.getScore() : median(iterations);
        return new Sample(median, score.getScoreUnit(), trial.secondary().apply(secondaryOf(result)));
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

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
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

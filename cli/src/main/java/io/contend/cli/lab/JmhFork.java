package io.contend.cli.lab;

import io.contend.bench.interleave.MainArgs;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The measured JVM of one round of a JMH configuration ({@link JmhExecutor}): runs the benchmark through JMH in
 * this JVM (JMH's forks 0, so the JVM that measures is the JVM that hosts JMH) and writes what the lab keeps of the
 * result to a file, which the lab reads once this JVM has exited.
 *
 * <p>Arguments, as {@code name=value}: {@code out} (the result file), {@code benchmark} (the fully qualified
 * method), {@code score} (the secondary result that is the score; absent for JMH's primary result), {@code threads},
 * {@code warmupIterations}, {@code warmupMs}, {@code iterations}, {@code iterationMs}, {@code profileAllocation}
 * ({@code true} adds JMH's GC profiler), and {@code p.NAME} for each JMH parameter. The result file has one
 * tab-separated record per line: {@code threads N}, {@code score VALUE UNIT}, {@code iterations V...} (the score's
 * value in each measured iteration) and {@code secondary NAME VALUE UNIT} per JMH secondary result. Exit status 2
 * for bad arguments, 1 for a failed benchmark.
 */
public final class JmhFork {
    static final String PARAM_PREFIX = "p.";

    private JmhFork() {
    }

    /**
     * @param args see the class comment
     */
    public static void main(String[] args) {
        MainArgs a = MainArgs.parse("JmhFork", "give out=FILE benchmark=METHOD threads= warmupIterations= warmupMs= "
                + "iterations= iterationMs= profileAllocation= and p.NAME=VALUE per JMH parameter", args);
        String benchmark = a.required("benchmark");
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark) + "$")
                .forks(0)
                .threads(a.integer("threads", 1, 4096))
                .warmupIterations(a.integer("warmupIterations", 0, 10_000))
                .warmupTime(TimeValue.milliseconds(a.integer("warmupMs", 1, 3_600_000)))
                .measurementIterations(a.integer("iterations", 1, 10_000))
                .measurementTime(TimeValue.milliseconds(a.integer("iterationMs", 1, 3_600_000)))
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
        a.all().forEach((k, v) -> {
            if (k.startsWith(PARAM_PREFIX)) {
                options.param(k.substring(PARAM_PREFIX.length()), v);
            }
        });
        if (Boolean.parseBoolean(a.optional("profileAllocation"))) {
            options.addProfiler(GCProfiler.class);
        }
        Path out = Path.of(a.required("out"));
        try {
            RunResult result = new Runner(options.build()).runSingle();
            Files.write(out, lines(result, a.optional("score")), StandardCharsets.UTF_8);
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0); // a benchmark's stray non-daemon thread must not keep the lab waiting
    }

    /**
     * @param result JMH's result of one fork
     * @param scoreResult the secondary result that is the score, or null for the primary result
     * @return the result file's lines (class comment)
     * @throws IllegalStateException if the benchmark did not report {@code scoreResult}
     */
    @SuppressWarnings("rawtypes")
    static List<String> lines(RunResult result, String scoreResult) {
        Result score = scoreResult == null ? result.getPrimaryResult()
                : result.getSecondaryResults().get(scoreResult);
        if (score == null) {
            throw new IllegalStateException("benchmark did not report the result '" + scoreResult
                    + "' that is its score: " + result.getSecondaryResults().keySet());
        }
        List<String> lines = new ArrayList<>();
        lines.add("threads\t" + result.getParams().getThreads());
        lines.add("score\t" + score.getScore() + "\t" + score.getScoreUnit());
        StringBuilder iterations = new StringBuilder("iterations");
        for (BenchmarkResult fork : result.getBenchmarkResults()) {
            for (IterationResult iteration : fork.getIterationResults()) {
                Result r = scoreResult == null ? iteration.getPrimaryResult()
                        : iteration.getSecondaryResults().get(scoreResult);
                if (r != null) {
                    iterations.append('\t').append(r.getScore());
                }
            }
        }
        lines.add(iterations.toString());
        for (Map.Entry<String, Result> e : result.getSecondaryResults().entrySet()) {
            lines.add("secondary\t" + e.getKey() + "\t" + e.getValue().getScore() + "\t" + e.getValue().getScoreUnit());
        }
        return lines;
    }
}

package io.contend.cli.lab;

import io.contend.cli.ChildProcess;
import io.contend.cli.results.ResultRecord;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.CompilerHints;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Runs one round of a {@link JmhTrial}: one JVM that runs the benchmark through JMH ({@link JmhFork}), whose score
 * is JMH's, the mean of its measured iterations. JMH's console output is silenced; the lab prints its own tables.
 *
 * <p>Why not JMH's own fork, hosted by the lab's JVM: a host reads each iteration's result from its fork while the
 * fork measures the next, through Java serialization. After some hundred forks that reading is hot enough for the
 * host's C2 compiler to compile ObjectInputStream's methods, which took up to half a second of a CPU, during a fork
 * of two benchmark threads on a machine of two: a contended fork then measured a third faster (one thread running
 * alone), an uncontended one half again slower, and always at the same fork of a run, since the fork count sets when
 * the compiler runs. So the measured JVM hosts JMH itself (forks 0) and writes its result to a file, and the lab's JVM
 * only waits for it; its own work, reading a few lines, comes between forks. The measured JVM gets what JMH would
 * give its fork: the benchmark's {@code @Fork} JVM arguments (else the lab JVM's, as JMH inherits them), and JMH's
 * compiler hints and blackhole mode ({@link CompilerHints#addCompilerHints}).
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
    /** Beyond three times its planned iterations, a fork that has not ended is stopped after this much more. */
    static final long GRACE_MS = 60_000;

    /**
     * @param trial the configuration
     * @return the fork's sample
     * @throws RunnerException if the fork fails, e.g. the benchmark threw or is not in the jar, or does not end
     */
    public Sample execute(JmhTrial trial) throws RunnerException {
        JmhRun run = trial.run();
        JmhSettings settings = trial.settings();
        Path result = null;
        Path output = null;
        try {
            result = Files.createTempFile("contend-jmh", ".tsv");
            output = Files.createTempFile("contend-jmh", ".out");
            long limit = 3L * (settings.warmupIterations() * (long) settings.warmupMillis()
                    + settings.measurementIterations() * (long) settings.measurementMillis()) + GRACE_MS;
            ChildProcess.run(command(run, settings, trial.scoreResult(), trial.profileAllocation(), result), output,
                    limit, "the fork of " + run);
            return parse(trial, Files.readAllLines(result, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new RunnerException(e.getMessage(), e);
        } finally {
            deleteQuietly(result);
            deleteQuietly(output);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a temporary file left behind is not worth failing a measured round for
            }
        }
    }

    /** The fork's command line: JMH's JVM arguments for the benchmark, its compiler hints, then {@link JmhFork}. */
    static List<String> command(JmhRun run, JmhSettings settings, String scoreResult, boolean profileAllocation,
                                Path result) throws RunnerException {
        BenchmarkListEntry entry = entry(run.benchmark());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(entry.getJvmArgsPrepend().orElse(List.of()));
        command.addAll(entry.getJvmArgs().orElse(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.addAll(entry.getJvmArgsAppend().orElse(List.of()));
        CompilerHints.addCompilerHints(command);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), JmhFork.class.getName(),
                "out=" + result, "benchmark=" + run.benchmark(), "threads=" + run.threads(),
                "warmupIterations=" + settings.warmupIterations(), "warmupMs=" + settings.warmupMillis(),
                "iterations=" + settings.measurementIterations(), "iterationMs=" + settings.measurementMillis(),
                "profileAllocation=" + profileAllocation));
        if (scoreResult != null) {
            command.add("score=" + scoreResult);
        }
        run.params().forEach((k, v) -> command.add(JmhFork.PARAM_PREFIX + k + "=" + v));
        return command;
    }

    private static BenchmarkListEntry entry(String benchmark) throws RunnerException {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT);
        Set<BenchmarkListEntry> found = BenchmarkList.defaultList().find(silent,
                List.of("^" + Pattern.quote(benchmark) + "$"), List.of());
        if (found.isEmpty()) {
            throw new RunnerException("no benchmark " + benchmark + " in the jar's META-INF/BenchmarkList");
        }
        return found.iterator().next();
    }

    /**
     * @param trial the configuration the fork measured
     * @param lines the fork's result file ({@link JmhFork})
     * @return its sample
     * @throws RunnerException if the file lacks the score or the fork ran another thread count than the run's
     */
    static Sample parse(JmhTrial trial, List<String> lines) throws RunnerException {
        Double score = null;
        String unit = null;
        int threads = -1;
        List<Double> iterations = new ArrayList<>();
        Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "threads" -> threads = Integer.parseInt(f[1]);
                case "score" -> {
                    score = Double.parseDouble(f[1]);
                    unit = f[2];
                }
                case "iterations" -> {
                    for (int i = 1; i < f.length; i++) {
                        iterations.add(Double.parseDouble(f[i]));
                    }
                }
                case "secondary" -> secondary.put(f[1], new ResultRecord.Secondary(Double.parseDouble(f[2]), f[3]));
                default -> throw new RunnerException("unknown line in the fork's result of " + trial.run() + ": "
                        + line);
            }
        }
        if (score == null) {
            throw new RunnerException("the fork of " + trial.run() + " wrote no score");
        }
        if (threads != trial.run().threads()) {
            throw new RunnerException("JMH ran " + threads + " threads for " + trial.run() + " (a @Group benchmark "
                    + "runs whole groups: ask for a multiple of the group's size)");
        }
        return new Sample(score, unit, trial.secondary().apply(secondary), List.copyOf(iterations));
    }
}

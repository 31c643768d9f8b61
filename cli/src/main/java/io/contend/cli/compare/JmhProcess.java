package io.contend.cli.compare;

import io.contend.cli.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Runs a build's benchmarks through JMH in a child JVM: {@code java -cp JAR org.openjdk.jmh.Main}, so that both JMH
 * uber-jars (whose main class is JMH's) and jars with another main class work. Output goes to a log file per fork in
 * the work directory, never through a pipe that could fill.
 */
public final class JmhProcess implements ForkRunner {
    private final Path baseline;
    private final Path candidate;
    private final List<String> jmhOptions;
    private final Path work;
    private final String java;
    private final String metric;

    /**
     * @param baseline the old build's jar
     * @param candidate the new build's jar
     * @param jmhOptions options passed to JMH as given (not -f, -rf, -rff: the comparison sets them)
     * @param work where fork logs and JSON files go
     */
    public JmhProcess(Path baseline, Path candidate, List<String> jmhOptions, Path work) {
        this(baseline, candidate, jmhOptions, work, null);
    }

    /**
     * @param baseline the old build's jar
     * @param candidate the new build's jar
     * @param jmhOptions options passed to JMH as given (not -f, -rf, -rff: the comparison sets them)
     * @param work where fork logs and JSON files go
     * @param metric the secondary metric to compare instead of the primary one, or null
     */
    public JmhProcess(Path baseline, Path candidate, List<String> jmhOptions, Path work, String metric) {
        this.metric = metric;
        this.baseline = baseline;
        this.candidate = candidate;
        this.jmhOptions = List.copyOf(jmhOptions);
        this.work = work;
        this.java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private Path jar(Side side) {
        return side == Side.BASELINE ? baseline : candidate;
    }

    @Override
    public Set<String> list(Side side) throws IOException {
        Path log = work.resolve(side.label() + "-list.txt");
        run(List.of(java, "-cp", jar(side).toString(), "org.openjdk.jmh.Main", "-l"), log, side + " list");
        Set<String> names = new LinkedHashSet<>();
        boolean listing = false;
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (line.startsWith("Benchmarks:")) {
                listing = true;
            } else if (listing && !line.isBlank()) {
                names.add(line.trim());
            }
        }
        return names;
    }

    @Override
    public List<JmhResult> runFork(Side side, int round, List<String> benchmarks) throws IOException {
        Path json = work.resolve(side.label() + "-round" + round + ".json");
        List<String> command = new ArrayList<>(List.of(java, "-cp", jar(side).toString(), "org.openjdk.jmh.Main"));
        command.addAll(jmhOptions);
        command.addAll(List.of("-f", "1", "-rf", "json", "-rff", json.toString()));
        command.add(benchmarks.stream().map(b -> "^" + Pattern.quote(b) + "$").collect(Collectors.joining("|")));
        run(command, work.resolve(side.label() + "-round" + round + ".log"), side.label() + " round " + round);
        return JmhJson.read(json, metric);
    }

    private static void run(List<String> command, Path log, String what) throws IOException {
        ChildProcess.run(command, log, "JMH in the " + what + " (log " + log + ")");
    }
}

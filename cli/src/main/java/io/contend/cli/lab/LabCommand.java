package io.contend.cli.lab;

import io.contend.cli.report.HtmlReport;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code contend lab}: runs the seeds' experiments with JMH, prints one table per experiment and writes
 * results.json. Exit code 0 when every experiment ran, 1 when one failed (the others still run and are
 * written), 2 for bad arguments.
 */
@Command(name = "lab",
        mixinStandardHelpOptions = true,
        description = {"Runs the seeds' experiments on this machine: JMH benchmarks of contend's primitives and "
                + "their peers in the same run, one table per experiment with ratios against a baseline, and "
                + "results.json and index.html (the report) in the output directory.", ""},
        footer = {"", "Modes: --smoke (seconds: proves each experiment runs), --quick (default: about 2 minutes an "
                + "experiment), --full (numbers worth publishing: 3 forks, longer iterations). "
                + "Thread counts above this machine's CPUs are marked oversubscribed (*)."})
public final class LabCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "EXPERIMENT", arity = "0..*",
            description = "Experiments to run (default: all). See --list.")
    List<String> experiments = new ArrayList<>();

    @Option(names = "--list", description = "List the experiments and exit.")
    boolean list;

    @ArgGroup(exclusive = true)
    ModeOption modeOption;

    /** The three mutually exclusive mode flags. */
    static final class ModeOption {
        @Option(names = "--smoke", description = "Prove every experiment runs, in seconds each.")
        boolean smoke;
        @Option(names = "--quick", description = "A quick look (default).")
        boolean quick;
        @Option(names = "--full", description = "Numbers worth publishing (slow).")
        boolean full;

        LabMode mode() {
            return smoke ? LabMode.SMOKE : full ? LabMode.FULL : LabMode.QUICK;
        }
    }

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("contend-results");

    @Option(names = "--threads", paramLabel = "N", split = ",", defaultValue = "1,2,4",
            description = "Thread counts, comma-separated (default: ${DEFAULT-VALUE}).")
    List<Integer> threads;

    /** Largest thread count accepted: beyond it a typo is likelier than an experiment. */
    static final int MAX_THREADS = 256;

    private final ExperimentRegistry registry;

    /** Uses the registered experiments. */
    public LabCommand() {
        this(new ExperimentRegistry());
    }

    /** @param registry the experiments to offer */
    public LabCommand(ExperimentRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        if (list) {
            for (Experiment e : registry.all()) {
                stdout.printf("%-12s %s%n", e.name(), e.title());
            }
            stdout.flush();
            return 0;
        }
        List<Experiment> selected = select();
        List<Integer> threadCounts = validThreads();
        LabMode mode = modeOption == null ? LabMode.QUICK : modeOption.mode();
        MachineInfo machine = MachineInfo.current();
        Set<String> names = selected.stream().map(Experiment::name).collect(Collectors.toCollection(LinkedHashSet::new));
        ResultsFile results = ResultsFile.open(out, names, machine, mode, Instant.now());

        stdout.printf("contend lab: %s on %d CPUs, %s%n", String.join(", ", names), machine.cpus(), machine.jvmName()
                + " " + machine.jvmVersion());
        stdout.printf("mode %s; threads %s where an experiment varies them%n%n", mode.describe(), threadCounts);
        stdout.flush();

        JmhExecutor executor = new JmhExecutor(mode, machine.cpus());
        TableRenderer renderer = new TableRenderer(machine.cpus());
        List<String> failed = new ArrayList<>();
        for (Experiment experiment : selected) {
            List<ResultRecord> records = new ArrayList<>();
            List<JmhRun> plan = experiment.plan(threadCounts, mode);
            try (Progress progress = Progress.start(experiment.name(), plan.size(), System.err)) {
                for (JmhRun run : plan) {
                    progress.begin(run.toString());
                    records.add(executor.execute(experiment, run));
                    progress.step();
                }
                records.addAll(experiment.runDirect(mode, out));
            } catch (Exception e) {
                failed.add(experiment.name());
                System.err.println("contend lab: experiment '" + experiment.name() + "' failed: " + e.getMessage());
            }
            results.append(records);
            if (!records.isEmpty()) {
                stdout.println(renderer.render(experiment, records));
                stdout.flush();
            }
        }
        stdout.println("Results: " + results.path().toAbsolutePath());
        try {
            stdout.println("Report:  " + new HtmlReport(registry).write(out).toAbsolutePath());
        } catch (IOException | RuntimeException e) {
            failed.add("report");
            System.err.println("contend lab: could not write the report: " + e);
        }
        stdout.flush();
        if (!failed.isEmpty()) {
            System.err.println("contend lab: failed: " + String.join(", ", failed));
            return 1;
        }
        return 0;
    }

    private List<Experiment> select() {
        if (experiments.isEmpty()) {
            return registry.all();
        }
        List<Experiment> selected = new ArrayList<>();
        for (String name : new LinkedHashSet<>(experiments)) {
            try {
                selected.add(registry.get(name));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        return selected;
    }

    private List<Integer> validThreads() {
        if (threads.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--threads needs at least one thread count");
        }
        for (int t : threads) {
            if (t < 1 || t > MAX_THREADS) {
                throw new ParameterException(spec.commandLine(),
                        "--threads: each count must be in [1, " + MAX_THREADS + "]: " + t);
            }
        }
        return List.copyOf(new LinkedHashSet<>(threads));
    }
}

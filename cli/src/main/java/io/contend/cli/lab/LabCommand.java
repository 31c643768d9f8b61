package io.contend.cli.lab;

import io.contend.cli.analysis.TextTable;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code contend lab}: runs the experiments in paired, interleaved rounds within a time budget, prints one table
 * per experiment with ratio, interval and verdict per comparison, and writes results.json and the report. Exit
 * code 0 when every experiment ran, 1 when one failed (the others still run and are written), 2 for bad
 * arguments.
 */
@Command(name = "lab",
        mixinStandardHelpOptions = true,
        description = {"Runs contend's experiments on this machine: each compares contend's primitives with their "
                + "peers in paired, interleaved rounds, and prints per comparison the ratio, its 95%% interval and a "
                + "verdict (faster, slower, same or inconclusive). Writes results.json and index.html (the report) "
                + "in the output directory.", ""},
        footer = {"", "Modes: --smoke (seconds: proves each experiment runs), --quick (default: the headline "
                + "comparisons, all experiments within about 10 minutes), --full (every comparison, longer rounds, "
                + "within about 60 minutes). Thread counts above this machine's CPUs are marked oversubscribed (*)."})
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
        @Option(names = "--quick", description = "The headline comparisons within about 10 minutes (default).")
        boolean quick;
        @Option(names = "--full", description = "Every comparison, longer rounds: numbers worth publishing (slow).")
        boolean full;

        LabMode mode() {
            return smoke ? LabMode.SMOKE : full ? LabMode.FULL : LabMode.QUICK;
        }
    }

    @Option(names = "--every-comparison",
            description = "Run every comparison of the experiments' matrices, not only the headline ones (implied by --full).")
    boolean everyComparison;

    @Option(names = "--rounds", paramLabel = "N",
            description = "Run exactly N rounds (2 to " + LabCommand.MAX_ROUNDS + ") instead of fitting rounds into the budget.")
    Integer rounds;

    @Option(names = "--where", paramLabel = "PARAM=VALUE",
            description = "Keep only the comparisons whose configurations all have PARAM=VALUE (repeatable), "
                    + "e.g. --where queue=SpscArray --where benchmark=throughput.")
    Map<String, String> where = new LinkedHashMap<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("contend-results");

    @Option(names = "--threads", paramLabel = "N", split = ",",
            description = "Thread counts, comma-separated, for the experiments that vary them "
                    + "(default: each experiment's own, e.g. 2 in quick mode).")
    List<Integer> threads = new ArrayList<>();

    /** Largest thread count accepted: beyond it a typo is likelier than an experiment. */
    static final int MAX_THREADS = 256;
    /** Most rounds {@code --rounds} accepts. */
    static final int MAX_ROUNDS = 1000;

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
                stdout.printf("%-12s %s%s%n", e.name(), e.runsByDefault() ? "" : "(only when named) ", e.title());
            }
            stdout.flush();
            return 0;
        }
        List<Experiment> selected = select();
        LabMode mode = modeOption == null ? LabMode.QUICK : modeOption.mode();
        MachineInfo machine = MachineInfo.current();
        LabPlan plan = new LabPlan(mode, validThreads(), everyComparison || mode == LabMode.FULL, machine.cpus());
        RoundPlan roundPlan = validRounds();
        checkOut();
        Map<Experiment, List<Comparison>> planned = new LinkedHashMap<>();
        for (Experiment e : selected) {
            List<Comparison> comparisons = filter(e.comparisons(plan));
            if (!comparisons.isEmpty()) {
                planned.put(e, comparisons);
            }
        }
        if (planned.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no comparison matches --where " + where);
        }
        Set<String> names = planned.keySet().stream().map(Experiment::name)
                .collect(Collectors.toCollection(LinkedHashSet::new));
        RunInfo run = RunDescription.current(machine, mode.label(), Instant.now());
        ResultsFile results = ResultsFile.open(out, names, run);
        Duration totalBudget = planned.keySet().stream().map(e -> e.budget(mode)).reduce(Duration.ZERO, Duration::plus);
        stdout.printf("contend lab: %s on %d CPUs, %s %s%n", String.join(", ", names), machine.cpus(), machine.jvmName(),
                machine.jvmVersion());
        stdout.printf("mode %s%s; %s; budget %s%n%n", mode.describe(), ownRoundSettings(planned.keySet(), mode),
                roundPlan.fixedRounds() > 0 ? roundPlan.fixedRounds() + " rounds (--rounds)" : "rounds fitted to the budget",
                Progress.format(totalBudget));
        stdout.flush();

        TextTable text = new TextTable(machine.cpus());
        List<String> failed = new ArrayList<>();
        try (Progress progress = Progress.start(totalBudget, System.err)) {
            for (Map.Entry<Experiment, List<Comparison>> entry : planned.entrySet()) {
                Experiment experiment = entry.getKey();
                Duration budget = experiment.budget(mode);
                progress.experiment(experiment.name(), budget);
                RoundPlan experimentRounds = roundPlan.fixedRounds() > 0 ? roundPlan
                        : new RoundPlan(budget, 0, mode.minRounds(), mode.maxRounds());
                long start = System.nanoTime();
                try {
                    Map<Trial, List<Sample>> samples = new RoundRunner().run(entry.getValue(), experimentRounds,
                            progress.listener());
                    List<ResultRecord> records = new RoundAggregator(experiment.name(), mode.label(), machine.cpus(), run.id())
                            .records(entry.getValue(), samples);
                    experiment.writeFiles(out);
                    int ran = records.stream().mapToInt(ResultRecord::rounds).max().orElse(0);
                    ExperimentInfo info = new ExperimentInfo(experiment.title(), mode.label(), ran, budget.toSeconds(),
                            (System.nanoTime() - start) / 1e9, experiment.table(), experiment.charts());
                    results.append(experiment.name(), info, records);
                    stdout.println(text.render(experiment.name(), info, records));
                    stdout.flush();
                } catch (Exception e) {
                    failed.add(experiment.name());
                    System.err.println("contend lab: experiment '" + experiment.name() + "' failed: " + e);
                }
            }
        }
        stdout.println("Results: " + results.path().toAbsolutePath());
        try {
            stdout.println("Report:  " + new HtmlReport().write(out).toAbsolutePath());
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
            return registry.all().stream().filter(Experiment::runsByDefault).toList();
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

    /** Keeps the comparisons whose every side has each --where value (benchmark and threads included). */
    private List<Comparison> filter(List<Comparison> comparisons) {
        if (where.isEmpty()) {
            return comparisons;
        }
        return comparisons.stream().filter(c -> c.sides().stream().allMatch(this::matches)).toList();
    }

    private boolean matches(Trial t) {
        for (Map.Entry<String, String> e : where.entrySet()) {
            String value = switch (e.getKey()) {
                case "benchmark" -> t.benchmark();
                case "threads" -> Integer.toString(t.threads());
                default -> t.params().get(e.getKey());
            };
            if (value != null && !value.equals(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private void checkOut() {
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "--out " + out + ": exists and is not a directory");
        }
    }

    /**
     * @return the rounds of experiments that do not use the mode's settings, as " (name: settings; ...)", so that the
     *         header never claims settings a table did not run with; empty when all use the mode's
     */
    static String ownRoundSettings(Collection<Experiment> experiments, LabMode mode) {
        List<String> own = new ArrayList<>();
        for (Experiment e : experiments) {
            String settings = e.roundSettingsIfOwn(mode);
            if (settings != null) {
                own.add(e.name() + ": " + settings);
            }
        }
        return own.isEmpty() ? "" : " (" + String.join("; ", own) + ")";
    }

    private RoundPlan validRounds() {
        if (rounds == null) {
            return new RoundPlan(Duration.ZERO, 0, 1, 1);
        }
        if (rounds < 2 || rounds > MAX_ROUNDS) {
            throw new ParameterException(spec.commandLine(),
                    "--rounds must be in [2, " + MAX_ROUNDS + "] (an interval needs two rounds): " + rounds);
        }
        return RoundPlan.fixed(rounds);
    }

    private List<Integer> validThreads() {
        for (int t : threads) {
            if (t < 1 || t > MAX_THREADS) {
                throw new ParameterException(spec.commandLine(),
                        "--threads: each count must be in [1, " + MAX_THREADS + "]: " + t);
            }
        }
        return List.copyOf(new LinkedHashSet<>(threads));
    }
}

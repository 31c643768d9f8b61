package io.contend.cli.lab;

import io.contend.cli.Renamed;
import io.contend.cli.RunDescription;
import io.contend.cli.analysis.ContinuedRun;
import io.contend.cli.analysis.StoppingRule;
import io.contend.cli.analysis.TextTable;
import io.contend.cli.results.ChartData;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.ResultsFormatException;
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
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code contend lab}: runs the experiments in paired, interleaved rounds within a time budget, prints one table
 * per experiment with ratio, interval and verdict per comparison, and writes results.json and the report. Exit
 * code 0 when every experiment ran, 1 when one failed (the others still run and are written), 2 for bad
 * arguments. With {@code --more} it adds rounds to the runs of the named experiments stored in the output
 * directory's results.json instead, and judges them again by the confidence sequence ({@link StoppingRule}).
 */
@Command(name = "lab",
        mixinStandardHelpOptions = true,
        description = {"Runs contend's experiments on this machine: each compares contend's primitives with their "
                + "peers in paired, interleaved rounds, and prints per comparison the ratio, its 95%% interval and a "
                + "verdict (faster, slower, same or inconclusive). Writes results.json and index.html (the report) "
                + "in the output directory.", ""},
        footer = {"", "Modes: --smoke (seconds: proves each experiment runs), --quick (default: the headline "
                + "comparisons, all experiments within about 10 minutes), --full (every comparison, longer rounds, at "
                + "least 5 of them: hours on 2 CPUs; name experiments to run fewer). Thread counts above this machine's CPUs are marked oversubscribed (*)."})
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

    @Option(names = "--out-dir", paramLabel = "DIR", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("contend-results");

    @Option(names = "--out", hidden = true, paramLabel = "DIR")
    void retiredOut(String dir) {
        throw Renamed.refuse(spec, "--out", "--out-dir " + dir);
    }

    @Option(names = "--more",
            description = "Add rounds to the run of each named experiment stored in the --out-dir directory's results.json, "
                    + "in that run's mode (rounds fitted to the budget, or --rounds N), and judge every comparison again "
                    + "over all its rounds by an anytime-valid confidence sequence, which holds although the verdicts "
                    + "were seen before adding; at most " + StoppingRule.MAX_LOOKS + " looks per run. Give the run's "
                    + "own --threads, --where and --every-comparison.")
    boolean more;

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
                stdout.printf("%-12s %s%s%n", e.name(), e.runsByDefault(LabMode.QUICK) ? ""
                        : e.runsByDefault(LabMode.FULL) ? "(only when named, or with --full) " : "(only when named) ", e.title());
            }
            stdout.flush();
            return 0;
        }
        if (more) {
            return continueRuns(stdout);
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
        return finish(stdout, results, failed);
    }

    /** A stored run of an experiment that {@code --more} carries further, checked against this plan. */
    private record Continuation(Experiment experiment, RunInfo run, LabMode mode, ExperimentInfo info,
                                List<Comparison> comparisons, List<ResultRecord> records, int looks) {
    }

    /**
     * {@code --more}: checks every named experiment's stored run against this plan before measuring anything, then
     * per experiment runs one more look of rounds, appends them to the run's records and judges them again.
     */
    private Integer continueRuns(PrintWriter stdout) throws IOException {
        if (experiments.isEmpty()) {
            throw new ParameterException(spec.commandLine(),
                    "--more adds rounds to the stored run of the experiments named, e.g. contend lab backoff --more");
        }
        List<Experiment> selected = select();
        RoundPlan roundPlan = validRounds();
        checkOut();
        Path file = out.resolve(ResultsFile.NAME);
        if (!Files.isRegularFile(file)) {
            throw new ParameterException(spec.commandLine(), "--more: no " + file + " to add rounds to; run contend lab "
                    + String.join(" ", experiments) + (out.equals(Path.of("contend-results")) ? "" : " --out-dir " + out)
                    + " first");
        }
        ResultsFile.Contents stored;
        try {
            stored = ResultsFile.readContents(file);
        } catch (ResultsFormatException e) {
            throw new ParameterException(spec.commandLine(), "--more: " + e.getMessage());
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--more: cannot read " + file + ": " + e.getMessage());
        }
        MachineInfo machine = MachineInfo.current();
        List<Continuation> continuations = new ArrayList<>();
        RunInfo now = RunDescription.current(machine, "", Instant.now());
        for (Experiment e : selected) {
            Continuation c = continuation(e, stored, file, machine);
            String differs = differingConditions(c.run(), now);
            if (differs != null) {
                throw new ParameterException(spec.commandLine(), "--more: the stored run of '" + e.name()
                        + "' was measured with another " + differs + "; rounds added under other conditions would not "
                        + "be the same experiment: start a new run");
            }
            if (!c.run().commit().equals(now.commit())) {
                System.err.println("contend lab: warning: the stored run of '" + e.name() + "' was measured at commit "
                        + c.run().commit() + ", this is " + now.commit() + "; adding rounds as asked");
            }
            continuations.add(c);
        }
        Duration totalBudget = continuations.stream().map(c -> c.experiment().budget(c.mode()))
                .reduce(Duration.ZERO, Duration::plus);
        stdout.printf("contend lab --more: %s on %d CPUs, %s %s%n", continuations.stream()
                        .map(c -> c.experiment().name() + " (run " + c.run().id() + ", " + c.run().mode() + ", look "
                                + (c.looks() + 1) + " of at most " + StoppingRule.MAX_LOOKS + ")")
                        .collect(Collectors.joining(", ")), machine.cpus(), machine.jvmName(), machine.jvmVersion());
        stdout.printf("%s; judged by the anytime-valid confidence sequence over all rounds; budget %s%n%n",
                roundPlan.fixedRounds() > 0 ? roundPlan.fixedRounds() + " rounds more (--rounds)"
                        : "rounds fitted to the budget", Progress.format(totalBudget));
        stdout.flush();

        ResultsFile results = ResultsFile.reopen(out);
        TextTable text = new TextTable(machine.cpus());
        List<String> failed = new ArrayList<>();
        try (Progress progress = Progress.start(totalBudget, System.err)) {
            for (Continuation c : continuations) {
                Experiment experiment = c.experiment();
                LabMode itsMode = c.mode();
                Duration budget = experiment.budget(itsMode);
                progress.experiment(experiment.name(), budget);
                RoundPlan experimentRounds = roundPlan.fixedRounds() > 0 ? roundPlan
                        : new RoundPlan(budget, 0, itsMode.minRounds(), itsMode.maxRounds());
                long start = System.nanoTime();
                try {
                    experiment.continueFrom(c.records());
                    Map<Trial, List<Sample>> samples = new RoundRunner().run(c.comparisons(), experimentRounds,
                            progress.listener(), c.records().get(0).rounds());
                    List<ResultRecord> added = new RoundAggregator(experiment.name(), itsMode.label(), machine.cpus(),
                            c.run().id()).records(c.comparisons(), samples);
                    List<ResultRecord> records = ContinuedRun.append(c.records(), added);
                    experiment.writeFiles(out);
                    List<ChartData> charts = experiment.charts().isEmpty() ? c.info().charts() : experiment.charts();
                    int ran = records.stream().mapToInt(ResultRecord::rounds).max().orElse(0);
                    ExperimentInfo info = new ExperimentInfo(experiment.title(), itsMode.label(), ran,
                            c.info().budgetSeconds() + budget.toSeconds(),
                            c.info().elapsedSeconds() + (System.nanoTime() - start) / 1e9, experiment.table(), charts);
                    results.replace(experiment.name(), c.run(), info, records);
                    stdout.println(text.render(experiment.name(), info, records));
                    stdout.flush();
                } catch (Exception e) {
                    failed.add(experiment.name());
                    System.err.println("contend lab: experiment '" + experiment.name() + "' failed: " + e
                            + "; its stored run is unchanged");
                }
            }
        }
        return finish(stdout, results, failed);
    }

    /**
     * @return what differs between the conditions of a stored run and this one, with both values, or null: contend's
     *         version, the JVM and its arguments, the CPU, the machine and the peers' versions. The commit is not
     *         compared: a commit that changes no source (docs, results) leaves the measured code as it was; a
     *         differing commit is a warning
     */
    static String differingConditions(RunInfo stored, RunInfo now) {
        String[][] fields = {
            {"contend version", stored.contendVersion(), now.contendVersion()},
            {"JVM", stored.jvmVendor() + " " + stored.jvmVersion(), now.jvmVendor() + " " + now.jvmVersion()},
            {"JVM arguments", stored.jvmArguments().toString(), now.jvmArguments().toString()},
            {"CPU", stored.cpuModel(), now.cpuModel()},
            {"machine", describe(stored.machine()), describe(now.machine())},
            {"set of peer libraries", stored.peers().toString(), now.peers().toString()},
        };
        for (String[] f : fields) {
            if (!f[1].equals(f[2])) {
                return f[0] + " (" + f[1] + "; this is " + f[2] + ")";
            }
        }
        return null;
    }

    private static String describe(MachineInfo machine) {
        return machine == null ? "unknown" : machine.cpus() + " CPUs, " + machine.os();
    }

    /** Checks that a stored run of the experiment can take more rounds under this plan. */
    private Continuation continuation(Experiment e, ResultsFile.Contents stored, Path file, MachineInfo machine) {
        String name = e.name();
        List<ResultRecord> records = stored.records().stream().filter(r -> r.experiment().equals(name)).toList();
        if (records.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--more: " + file + " holds no run of '" + name
                    + "' to add rounds to; run contend lab " + name + " first");
        }
        Set<String> runs = new LinkedHashSet<>();
        for (ResultRecord r : records) {
            if (r.run() == null || r.samples().isEmpty() || r.samples().size() != r.rounds()) {
                throw new ParameterException(spec.commandLine(), "--more: the stored records of '" + name
                        + "' keep no per-round samples (written by an older contend); run it afresh");
            }
            runs.add(r.run());
        }
        if (runs.size() > 1) {
            throw new ParameterException(spec.commandLine(), "--more: the stored records of '" + name + "' are of "
                    + runs.size() + " runs (" + String.join(", ", runs) + "), not one");
        }
        RunInfo run = stored.runs().get(runs.iterator().next());
        ExperimentInfo info = stored.experiments().get(name);
        LabMode mode = java.util.Arrays.stream(LabMode.values()).filter(m -> m.label().equals(run.mode())).findFirst()
                .orElseThrow(() -> new ParameterException(spec.commandLine(), "--more: the stored run of '" + name
                        + "' ran in mode '" + run.mode() + "', which this contend does not know"));
        if (info == null) {
            throw new ParameterException(spec.commandLine(), "--more: " + file + " says nothing of experiment '" + name
                    + "' beside its records (its budget and time); run it afresh");
        }
        if (modeOption != null && modeOption.mode() != mode) {
            throw new ParameterException(spec.commandLine(), "--more continues the stored run of '" + name
                    + "' in its own mode, " + mode.label() + ": drop --" + modeOption.mode().label());
        }
        int looks = records.stream().mapToInt(r -> r.looks().size()).max().orElse(1);
        List<Integer> at = records.stream().map(ResultRecord::looks).max(java.util.Comparator.comparingInt(List::size))
                .orElse(List.of());
        if (looks >= StoppingRule.MAX_LOOKS) {
            throw new ParameterException(spec.commandLine(), "--more: the run of '" + name + "' has had its "
                    + StoppingRule.MAX_LOOKS + " looks (at " + at + " rounds), the most a run takes; start a new run");
        }
        LabPlan plan = new LabPlan(mode, validThreads(), everyComparison || mode == LabMode.FULL, machine.cpus());
        List<Comparison> comparisons = filter(e.comparisons(plan));
        checkSamePlan(name, records, comparisons);
        return new Continuation(e, run, mode, info, comparisons, records, looks);
    }

    /** A configuration: benchmark, threads and parameters, whatever their order. */
    private record Configuration(String benchmark, int threads, Map<String, String> params) {
        static Configuration of(String benchmark, int threads, Map<String, String> params) {
            return new Configuration(benchmark, threads, new TreeMap<>(params));
        }

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder(benchmark);
            params.forEach((k, v) -> out.append(' ').append(k).append('=').append(v));
            return out.append(" threads=").append(threads).toString();
        }
    }

    /** Refuses unless the planned comparisons are the stored ones: the same configurations and baselines. */
    private void checkSamePlan(String name, List<ResultRecord> records, List<Comparison> comparisons) {
        Map<Configuration, ResultRecord> storedByConfiguration = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            storedByConfiguration.put(Configuration.of(r.benchmark(), r.threads(), r.params()), r);
        }
        Set<Configuration> planned = new LinkedHashSet<>();
        for (Comparison c : comparisons) {
            for (Trial t : c.sides()) {
                planned.add(Configuration.of(t.benchmark(), t.threads(), t.params()));
            }
        }
        if (!planned.equals(storedByConfiguration.keySet())) {
            List<String> differences = new ArrayList<>();
            storedByConfiguration.keySet().stream().filter(k -> !planned.contains(k)).limit(2)
                    .forEach(k -> differences.add("only stored: " + k));
            planned.stream().filter(k -> !storedByConfiguration.containsKey(k)).limit(2)
                    .forEach(k -> differences.add("only planned: " + k));
            throw new ParameterException(spec.commandLine(), "--more: the stored run of '" + name + "' measured "
                    + storedByConfiguration.size() + " configurations, this plan " + planned.size() + " ("
                    + String.join("; ", differences) + "); give the stored run's --threads, --where and "
                    + "--every-comparison");
        }
        for (Comparison c : comparisons) {
            ResultRecord base = storedByConfiguration.get(Configuration.of(c.baseline().benchmark(),
                    c.baseline().threads(), c.baseline().params()));
            if (base.comparison() != null) {
                throw new ParameterException(spec.commandLine(), "--more: in the stored run of '" + name + "', "
                        + c.baseline().describe() + " is compared with " + base.comparison().baselineLabel()
                        + "; this plan makes it a baseline");
            }
            for (Trial t : c.contenders()) {
                ResultRecord r = storedByConfiguration.get(Configuration.of(t.benchmark(), t.threads(), t.params()));
                Map<String, String> baseline = c.baselineDifference(t);
                if (r.comparison() == null || !r.comparison().baseline().equals(baseline)) {
                    throw new ParameterException(spec.commandLine(), "--more: in the stored run of '" + name + "', "
                            + t.describe() + " is compared with "
                            + (r.comparison() == null ? "nothing" : r.comparison().baselineLabel())
                            + "; this plan compares it with " + baseline);
                }
            }
        }
    }

    /** Prints where the results and the report are, and the exit code: 1 when something failed. */
    private int finish(PrintWriter stdout, ResultsFile results, List<String> failed) {
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
            LabMode mode = modeOption == null ? LabMode.QUICK : modeOption.mode();
            return registry.all().stream().filter(e -> e.runsByDefault(mode)).toList();
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
            throw new ParameterException(spec.commandLine(), "--out-dir " + out + ": exists and is not a directory");
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

package io.contend.cli.stress;

import io.contend.cli.Renamed;
import io.contend.idle.IdleStrategy;
import io.contend.load.Counts;
import io.contend.load.Durations;
import io.contend.load.Rate;
import io.contend.load.Shard;
import io.contend.load.StressConfig;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code contend stress}: the coordinated-omission-free load generator (CASSANDRA-11853; Nitsan Wakart,
 * "Fixing Coordinated Omission in Cassandra Stress", 2016). The built-in workloads are
 * subcommands with their own options ({@link WorkloadCommand}); any other name is a class implementing
 * {@link Workload}, whose options follow the generator's and are parsed by {@link WorkloadOptions}. The
 * generator options are inherited by every subcommand, so they may come before or after the workload's name;
 * their defaults are {@link StressConfig}'s ({@link StressDefaults}).
 */
@Command(name = "stress",
        mixinStandardHelpOptions = true,
        defaultValueProvider = StressDefaults.class,
        modelTransformer = StressCommand.BuiltInWorkloads.class,
        sortOptions = false,
        customSynopsis = {"contend stress [OPTIONS] WORKLOAD [WORKLOAD-OPTIONS]",
            "   or: contend stress [OPTIONS] CLASS [CLASS-OPTIONS]"},
        commandListHeading = "%nWorkloads (contend stress WORKLOAD --help lists a workload's options):%n",
        description = {"Runs a workload at a rate and reports latency without coordinated omission.",
                "Every operation has an intended start time, and response time (from it), service time (from the "
                        + "actual start) and wait time are recorded separately per operation, printed per interval "
                        + "and logged in HdrHistogram's interval log format.",
                "The workload is a built-in (below) or the name of a class on the class path that implements "
                        + "the Workload interface of io.contend.load; its options come after the generator's "
                        + "OPTIONS. For example:",
                "  contend stress sleep --rate fixed=2k/s --duration 1m30s --stall-every 5k",
                "  contend stress http --rate fixed=500/s --url http://127.0.0.1:8080/",
                ""},
        footer = {"",
                "Rates: throughput (all out; latency = service time), throttle=R/s (paced; the summary shows service "
                        + "time), fixed=R/s (paced; the summary shows response time). Counts and rates take SI "
                        + "suffixes (2k, 1.5M); durations may be compound (1m30s).",
                "Ctrl-C ends the run cleanly: the last interval and the summary are written, operations scheduled "
                        + "but not started are reported as missed and those still running after "
                        + "1 s as unfinished.",
                "Exit codes: 0 done, 1 the log could not be written or no operation succeeded, 2 bad arguments."})
public final class StressCommand implements Callable<Integer> {
    /** The furthest ahead a start may be agreed. */
    static final Duration MAX_START_AHEAD = Duration.ofHours(24);

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", scope = ScopeType.INHERIT, paramLabel = "RATE",
            description = "throughput, throttle=R/s or fixed=R/s, e.g. fixed=2k/s (default: ${DEFAULT-VALUE}).")
    String rate;

    @Option(names = "--threads", scope = ScopeType.INHERIT, paramLabel = "N",
            description = "Generator threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--duration", scope = ScopeType.INHERIT, paramLabel = "D",
            description = "How long to run, e.g. 30s or 1m30s (default: ${DEFAULT-VALUE}, or until --ops are done "
                    + "when only --ops is given).")
    String duration;

    @Option(names = "--ops", scope = ScopeType.INHERIT, paramLabel = "N",
            description = "Operations to run, e.g. 1M; with --duration, whichever ends first.")
    String ops;

    @Option(names = "--interval", scope = ScopeType.INHERIT, paramLabel = "D",
            description = "Reporting and log interval (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--warmup", scope = ScopeType.INHERIT, paramLabel = "D",
            description = "Unrecorded warm-up before the run (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--idle", scope = ScopeType.INHERIT, paramLabel = "STRATEGY",
            description = "How a generator thread idles in the last 20 us before an intended start (it parks until "
                    + "then): busySpin, yielding, noOp, spinThenPark, parkAtOnce or "
                    + "backoff:SPINS:YIELDS:MINPARK:MAXPARK (default: ${DEFAULT-VALUE}).")
    String idle;

    @Option(names = "--shard", scope = ScopeType.INHERIT, paramLabel = "I/N",
            description = "Run shard I (from 0) of N generators that share the schedule: every N-th operation, each "
                    + "at its intended start in the whole schedule, so the shards' logs union to one run (contend "
                    + "shards merge). --rate and --ops are the whole run's. Default: from the environment of a "
                    + "Kubernetes Indexed Job (" + Shard.INDEX_VARIABLE + " and " + Shard.COUNT_VARIABLE
                    + "), else 0/1.")
    String shard;

    @Option(names = "--start-at", scope = ScopeType.INHERIT, paramLabel = "TIME",
            description = "Start the measured run at this instant (ISO-8601 in UTC, e.g. 2026-11-27T10:00:00Z; "
                    + "milliseconds kept), the same for every shard; a warm-up runs before it. Default: at once.")
    String startAt;

    @Option(names = "--dry-run", scope = ScopeType.INHERIT,
            description = "Check every option and the workload's, print what would run, and exit without running "
                    + "(e.g. to check a Kubernetes Job's command line).")
    boolean dryRun;

    @Option(names = "--log", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "Write an HdrHistogram interval log (tags <op>-rt, <op>-st, <op>-wt; values in ns).")
    Path log;

    @Option(names = "--json", scope = ScopeType.INHERIT, hidden = true, paramLabel = "FILE")
    void retiredJson(String file) {
        throw Renamed.refuse(spec, "--json", "--summary-json " + file);
    }

    @Option(names = "--summary-json", scope = ScopeType.INHERIT, paramLabel = "FILE",
            description = "Also write the summary as JSON to FILE (latencies in ms), for programs.")
    Path json;

    @Parameters(index = "0", arity = "0..1", paramLabel = "CLASS",
            description = "A class implementing io.contend.load.Workload, on the class path.")
    String workloadClass;

    @Unmatched
    List<String> workloadArgs = new ArrayList<>();

    @Override
    public Integer call() {
        if (workloadClass == null) {
            throw new ParameterException(spec.commandLine(), "Missing workload: one of "
                    + Workloads.builtIns().stream().map(Workloads.Type::name).toList()
                    + ", or a class implementing io.contend.load.Workload");
        }
        StressConfig config = config(spec);
        Workload workload;
        try {
            workload = Workloads.create(workloadClass, WorkloadOptions.parse(workloadArgs));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (dryRun) {
            return StressExecution.dryRun(spec, config, workload);
        }
        return new StressExecution(spec, config, workload, json).run();
    }

    /**
     * @param executing the command that runs (this one or a workload subcommand), for its parse result and
     *                  error messages
     * @throws ParameterException naming a bad value
     */
    StressConfig config(CommandSpec executing) {
        try {
            StressConfig.Builder builder = StressConfig.builder().rate(Rate.parse(rate)).threads(threads)
                    .interval(Durations.parse("--interval", interval)).warmup(Durations.parse("--warmup", warmup));
            if (ops != null) {
                long count = Counts.parse("--ops", ops);
                if (count < 1) {
                    throw new IllegalArgumentException("--ops must be at least 1: '" + ops + "'");
                }
                builder.ops(count);
            }
            if (ops == null || given(executing, "--duration")) {
                builder.duration(Durations.parse("--duration", duration));
            }
            if (log != null) {
                builder.log(log);
            }
            checkOutputs();
            builder.shard(shard != null ? Shard.parse(shard) : Shard.fromEnvironment(System.getenv()).orElse(Shard.WHOLE));
            if (startAt != null) {
                builder.startAt(startInstant(startAt));
            }
            StressConfig config = builder.idle(IdleStrategy.supplier(idle)).build();
            if (!config.shard().isWhole() && config.startAt() == null) {
                throw new IllegalArgumentException("shard " + config.shard() + " needs --start-at TIME, the start "
                        + "every shard shares: without it each shard's schedule starts when its JVM is ready, and their "
                        + "union is not one schedule");
            }
            checkStart(config, executing);
            return config;
        } catch (IllegalArgumentException e) {
            throw new ParameterException(executing.commandLine(), e.getMessage(), e);
        }
    }

    /** Refuses outputs that cannot be written as asked, before anything runs. */
    private void checkOutputs() {
        if (json != null && log != null && json.toAbsolutePath().normalize().equals(log.toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("--log and --summary-json name the same file " + log
                    + ": the summary would replace the interval log");
        }
    }

    /**
     * Refuses options given before a built-in workload's name that the stress command does not know: the
     * command collects unknown options for a class-name workload, and a built-in's subcommand never reads them.
     */
    void requireNoUnmatched() {
        if (!workloadArgs.isEmpty()) {
            throw new UnmatchedArgumentException(spec.commandLine(), workloadArgs);
        }
    }

    private static Instant startInstant(String text) {
        try {
            return Instant.parse(text.trim()).truncatedTo(ChronoUnit.MILLIS);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at must be an ISO-8601 instant such as 2026-11-27T10:00:00Z: '"
                    + text + "'", e);
        }
    }

    /**
     * Refuses a start more than {@link #MAX_START_AHEAD} ahead, or so far past that the run would be over; warns
     * of one a little past, which makes the first operations late.
     */
    private static void checkStart(StressConfig config, CommandSpec executing) {
        if (config.startAt() == null) {
            return;
        }
        Duration ahead = Duration.between(Instant.now(), config.startAt());
        if (ahead.compareTo(MAX_START_AHEAD) > 0) {
            throw new IllegalArgumentException("--start-at " + config.startAt() + " is more than "
                    + MAX_START_AHEAD.toHours() + " hours ahead");
        }
        Duration room = ahead.minus(StressRun.START_SLACK);
        if (!config.warmup().isZero() && room.compareTo(config.warmup()) < 0) {
            executing.commandLine().getErr().println("contend stress: --warmup " + Durations.format(config.warmup())
                    + " does not fit before --start-at " + config.startAt() + ": it is cut to "
                    + (room.isNegative() ? "nothing" : Durations.format(room.truncatedTo(ChronoUnit.MILLIS))));
            executing.commandLine().getErr().flush();
        }
        if (ahead.isNegative()) {
            Duration late = ahead.negated();
            if (config.duration() != null && late.compareTo(config.duration()) >= 0) {
                throw new IllegalArgumentException("--start-at " + config.startAt() + " was " + Durations.format(
                        late.truncatedTo(ChronoUnit.MILLIS)) + " ago: the whole run would be over before it began");
            }
            executing.commandLine().getErr().println("contend stress: --start-at " + config.startAt() + " was "
                    + Durations.format(late.truncatedTo(ChronoUnit.MILLIS)) + " ago: the operations scheduled "
                    + "since then start late, and count as late sends");
            executing.commandLine().getErr().flush();
        }
    }

    /** Whether the option was typed (on the command or on a parent: generator options are inherited). */
    private static boolean given(CommandSpec command, String option) {
        for (CommandSpec c = command; c != null; c = c.parent()) {
            ParseResult parsed = c.commandLine().getParseResult();
            if (parsed != null && parsed.hasMatchedOption(option)) {
                return true;
            }
        }
        return false;
    }

    /** Adds a subcommand per built-in workload. */
    static final class BuiltInWorkloads implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (Workloads.Type type : Workloads.builtIns()) {
                spec.addSubcommand(type.name(), WorkloadCommand.of(type));
            }
            return spec;
        }
    }
}

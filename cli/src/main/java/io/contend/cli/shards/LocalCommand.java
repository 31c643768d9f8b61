package io.contend.cli.shards;

import io.contend.cli.IoFailure;
import io.contend.hdr.HdrLogFormatException;
import io.contend.load.Durations;
import io.contend.load.LateSends;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code contend shards local --shards N -- STRESS-ARGS}: N generator processes on this machine as the N shards
 * of one run, then their merge. Each shard is a fresh JVM running this contend's {@code stress} with
 * {@code --shard i/N}, one agreed {@code --start-at} a few seconds ahead (so that every JVM is up before the
 * schedule starts), its own log and JSON summary; its output goes to {@code shard-i.out}.
 */
@Command(name = "local",
        mixinStandardHelpOptions = true,
        description = {"Runs N shards of one contend stress run as N processes on this machine, then merges their "
                + "logs (contend shards merge). The stress arguments follow --, without --shard, --start-at, --log "
                + "or --summary-json, which this command sets. For example:",
                "  contend shards local --shards 4 -- sleep --service-time 200us --rate fixed=4k/s --duration 10s",
                "More shards than cores oversubscribe the machine: the shards then compete with each other for "
                        + "CPU, which their late sends show.", ""},
        footer = {"", "Exit codes: 0 every shard ran and kept its schedule; 1 a shard failed, fell behind or short, "
                + "or left no log; 2 bad arguments."})
final class LocalCommand implements Callable<Integer> {
    private static final Set<String> SET_HERE = Set.of("--shard", "--start-at", "--log", "--summary-json");
    /** Time for a shard's JVM to start, on a busy machine. */
    private static final Duration JVM_START = Duration.ofSeconds(5);

    @Spec
    CommandSpec spec;

    @Option(names = "--shards", paramLabel = "N", required = true, description = "How many shard processes.")
    int shards;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Where the shards' logs, summaries, outputs and the union go (default: ${DEFAULT-VALUE}).")
    Path outDir = Path.of("shards");

    @Option(names = "--start-in", paramLabel = "D",
            description = "How far ahead the agreed start is: time for the JVMs to start and for the stress "
                    + "arguments' --warmup, which ends at the start (default: 5s plus that warm-up).")
    String startIn;

    @Option(names = "--jvm-arg", paramLabel = "ARG", description = "An option for each shard's JVM, e.g. -Xmx512m (repeatable).")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--late-threshold", paramLabel = "D",
            description = "Lateness that makes a late send in the merge (default: ${DEFAULT-VALUE}).")
    String lateThreshold = Durations.format(LateSends.DEFAULT_THRESHOLD);

    @Parameters(paramLabel = "STRESS-ARGS", arity = "1..*",
            description = "After --: the workload and the options of contend stress, as for one machine (--rate and "
                    + "--ops are the whole run's).")
    List<String> stressArgs;

    @Override
    public Integer call() throws InterruptedException {
        Duration lead;
        Duration threshold;
        try {
            if (shards < 1 || shards > 1024) {
                throw new IllegalArgumentException("--shards must be in [1, 1024]: " + shards);
            }
            lead = startIn != null ? Durations.parse("--start-in", startIn) : JVM_START.plus(warmup(stressArgs));
            threshold = Durations.parse("--late-threshold", lateThreshold);
            for (String arg : stressArgs) {
                String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
                if (SET_HERE.contains(name)) {
                    throw new IllegalArgumentException(name + " is set for each shard by contend shards local; leave it out");
                }
            }
            if (stressArgs.contains("--dry-run")) {
                throw new IllegalArgumentException("--dry-run would leave every shard without a log; leave it out");
            }
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Instant start = Instant.now().plus(lead).truncatedTo(ChronoUnit.MILLIS);
        String refused = checkStressArgs(start);
        if (refused != null) {
            err.println("contend shards local: the stress arguments: " + refused);
            err.flush();
            return 2;
        }
        List<Process> processes = new ArrayList<>();
        Thread hook = new Thread(() -> processes.forEach(Process::destroy), "contend-shards-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            Files.createDirectories(outDir);
            out.printf("contend shards local: %d shard process(es), start at %s, output in %s%n", shards, start, outDir);
            out.flush();
            for (int i = 0; i < shards; i++) {
                ProcessBuilder builder = new ProcessBuilder(command(i, start));
                builder.redirectErrorStream(true).redirectOutput(outDir.resolve("shard-" + i + ".out").toFile());
                processes.add(builder.start());
            }
            boolean failed = false;
            List<Path> logs = new ArrayList<>();
            for (int i = 0; i < shards; i++) {
                int code = processes.get(i).waitFor();
                Path log = outDir.resolve("shard-" + i + ".hlog");
                if (code != 0) {
                    failed = true;
                    err.printf("contend shards local: shard %d/%d exited with %d; see %s%n", i, shards, code,
                            outDir.resolve("shard-" + i + ".out"));
                }
                if (Files.isRegularFile(log) && Files.size(log) > 0) {
                    logs.add(log);
                } else {
                    failed = true;
                    err.printf("contend shards local: shard %d/%d left no log%n", i, shards);
                }
            }
            err.flush();
            if (logs.isEmpty()) {
                return 1;
            }
            ShardMerge merge = ShardMerge.merge(logs, outDir.resolve("union.hlog"), threshold);
            out.println();
            merge.print(out, outDir.resolve("union.hlog"));
            return failed || merge.incomplete() ? 1 : 0;
        } catch (IOException | IllegalArgumentException | ShardMerge.MalformedShardLog e) {
            String why = e instanceof HdrLogFormatException || e instanceof ShardMerge.MalformedShardLog
                    ? "malformed log: " + e.getMessage()
                    : e instanceof IOException ? IoFailure.describe((IOException) e) : e.getMessage();
            err.println("contend shards local: " + why);
            err.flush();
            return 1;
        } finally {
            processes.forEach(Process::destroy);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running and stops the shards
            }
        }
    }

    /** @return the --warmup among the stress arguments (as --warmup D or --warmup=D), zero without one */
    private static Duration warmup(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.startsWith("--warmup=")) {
                return Durations.parse("--warmup", arg.substring("--warmup=".length()));
            }
            if (arg.equals("--warmup") && i + 1 < args.size()) {
                return Durations.parse("--warmup", args.get(i + 1));
            }
        }
        return Duration.ZERO;
    }

    /**
     * Checks shard 0's stress command line in this process, as {@code contend stress ... --dry-run}, so that bad
     * stress arguments are one line and exit 2 here instead of N failed JVMs.
     *
     * @return the stress command's error output, trimmed, or null if it accepts the arguments
     */
    private String checkStressArgs(Instant start) {
        List<String> args = new ArrayList<>(command(0, start));
        args = new ArrayList<>(args.subList(args.indexOf("stress"), args.size()));
        args.add("--dry-run");
        java.io.StringWriter errors = new java.io.StringWriter();
        picocli.CommandLine check = io.contend.cli.Main.commandLine();
        check.setOut(new PrintWriter(new java.io.StringWriter()));
        check.setErr(new PrintWriter(errors));
        int code = check.execute(args.toArray(new String[0]));
        return code == 0 ? null : errors.toString().strip();
    }

    /** @return the command line of shard i: this JVM's java and class path, contend's main class, stress */
    private List<String> command(int index, Instant start) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(io.contend.cli.Main.class.getName());
        command.add("stress");
        command.addAll(stressArgs);
        command.add("--shard");
        command.add(index + "/" + shards);
        command.add("--start-at");
        command.add(start.toString());
        command.add("--log");
        command.add(outDir.resolve("shard-" + index + ".hlog").toString());
        command.add("--summary-json");
        command.add(outDir.resolve("shard-" + index + ".json").toString());
        return command;
    }
}

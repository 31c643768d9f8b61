package io.contend.cli.stress;

import io.contend.cli.InProcess;
import io.contend.cli.Main;
import io.contend.load.Durations;
import io.contend.load.Operation;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import picocli.CommandLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class StressCommandTest {
    /** What {@code --duration 1m30s} must parse to, written apart from the parser (ISO-8601); nothing is timed. */
    private static final Duration PARSED_1M30S = Duration.parse("PT1M30S");
    /** runLength of a configuration without a run length: it ends when its --ops are done. */
    private static final String UNTIL_OPS_DONE = "until --ops are done";
    /** The command's exit code for a run that fails (an exit code, not a time). */
    private static final int EXIT_FAILURE = 1;
    private final InProcess contend = new InProcess();

    @TempDir
    Path dir;

    private int run(String... args) {
        return contend.run(args);
    }

    /**
     * Runs {@code stress sleep} with its interval log at {@code log}; a log that cannot be opened ends the command
     * before the run starts, so the duration given never elapses.
     *
     * @return the exit code
     */
    private int stressLoggingTo(Path log) {
        return run("stress", "sleep", "--duration", "1s", "--log", log.toString());
    }

    /** One line on stderr, no stack trace. */
    private void assertOneLine(String expectedStart) {
        String err = contend.err();
        assertTrue(err.startsWith(expectedStart), err);
        assertFalse(err.contains("\tat ") || err.contains("Exception in"), err);
    }

    @Test
    void runsAWorkloadPrintsIntervalsAndASummaryAndWritesTheLog() throws Exception {
        Path log = dir.resolve("run.hlog");
        Path json = dir.resolve("summary.json");
        String[] args = {"stress", "sleep", "--rate", "fixed=500/s", "--duration", "2s", "--interval", "500ms", "--log",
            log.toString(), "--service-time", "50us", "--summary-json", json.toString()};
        int exit = run(args);
        assertEquals(0, exit, contend.err());
        String text = contend.out();
        assertTrue(text.contains("rt p99 ms"), text);
        assertTrue(text.lines().filter(l -> l.matches("\\s+\\d+\\.\\d+\\s+.*")).count() >= 4, "interval lines:\n" + text);
        assertTrue(text.contains("Results, latency = response time"), text);
        assertTrue(text.contains("Operations                : scheduled 1,000, completed 1,000, errors 0, unfinished 0, missed 0"),
                text);
        assertTrue(Files.readString(log).contains("Tag=sleep-rt,"), "the log has tagged intervals");
        assertEquals("", contend.err());

        com.google.gson.JsonObject summary = com.google.gson.JsonParser.parseString(Files.readString(json))
                .getAsJsonObject();
        assertEquals("FINISHED", summary.get("end").getAsString());
        assertEquals(1000, summary.get("scheduled").getAsLong());
        assertEquals(1000, summary.get("completed").getAsLong());
        assertEquals("rt", summary.get("reported").getAsString());
        com.google.gson.JsonObject rt = summary.getAsJsonObject("operations").getAsJsonObject("sleep").getAsJsonObject("rt");
        assertEquals(1000, rt.get("count").getAsLong());
        assertTrue(rt.get("p50").getAsDouble() >= 0.05 && rt.get("p50").getAsDouble() <= rt.get("max").getAsDouble(),
                "the p50 in ms is at least the 50 us service time: " + rt);
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheValue() {
        assertEquals(2, run("stress", "sleep", "--rate", "fast"));
        assertTrue(contend.err().contains("rate must be throughput, throttle=R/s or fixed=R/s: 'fast'"), contend.err());
        assertEquals(2, run("stress", "sleep", "--stal", "5ms"));
        assertTrue(contend.err().contains("--stal"), contend.err());
        assertEquals(2, run("stress", "nope"));
        assertTrue(contend.err().contains("unknown workload 'nope'"), contend.err());
        // an option the stress command does not know, before a built-in's name, is not silently dropped
        assertEquals(2, run("stress", "--durration", "1s", "sleep", "--dry-run"));
        assertTrue(contend.err().contains("--durration"), contend.err());
        assertEquals(2, run("stress", "sleep", "--ops", "0", "--dry-run"));
        assertOneLine("--ops must be at least 1: '0'");
        Path same = dir.resolve("same.out");
        assertEquals(2, run("stress", "sleep", "--log", same.toString(), "--summary-json", same.toString(),
                "--dry-run"));
        assertTrue(contend.err().contains("name the same file"), contend.err());
    }

    /** A summary that cannot be written is found before the run, as a log that cannot be is. */
    @Test
    void aSummaryJsonThatIsADirectoryStopsBeforeTheRun() {
        // a short run by count: had the check come after it, its summary ("Results") would have been printed
        assertEquals(EXIT_FAILURE, run("stress", "sleep", "--ops", "10", "--summary-json", dir.toString()));
        assertOneLine("contend stress: cannot write the JSON summary " + dir + ": is a directory");
        assertFalse(contend.out().contains("Results"), "nothing ran");
    }

    /** A duration too long for a nanosecond clock is a one-line usage error (exit 2), not a stack trace. */
    @Test
    void durationsTooLongForTheClockAreUsageErrors() {
        for (String option : new String[] {"--duration", "--warmup", "--interval", "--service-time"}) {
            assertEquals(2, run("stress", "sleep", option, "3000000h"), option);
            assertOneLine(option.equals("--service-time") ? "workload option --service-time is too long"
                    : option + " is too long: at most 292 years fit a nanosecond clock: '3000000h'");
        }
    }

    /** A log that cannot be opened is one line naming it and why, exit 1, before anything runs. */
    @Test
    void logsThatCannotBeWrittenAreOneLineAndExitOne() throws IOException {
        assertEquals(EXIT_FAILURE, stressLoggingTo(dir));
        assertOneLine("contend stress: cannot write the interval log " + dir + ": is a directory");
        assertFalse(contend.out().contains("Results"), "nothing ran");

        Path file = Files.writeString(dir.resolve("notes.txt"), "keep me");
        Path under = file.resolve("run.hlog");
        assertEquals(EXIT_FAILURE, stressLoggingTo(under));
        assertOneLine("contend stress: cannot write the interval log " + under + ": " + file + ": ");
        assertEquals("keep me", Files.readString(file));

        Path sys = Path.of("/sys/contend-test.hlog");
        if (Files.isDirectory(sys.getParent())) { // sysfs refuses new files even to root
            assertEquals(EXIT_FAILURE, stressLoggingTo(sys));
            assertOneLine("contend stress: cannot write the interval log " + sys + ": ");
        }
        Path full = Path.of("/dev/full");
        if (Files.exists(full)) {
            assertEquals(EXIT_FAILURE, stressLoggingTo(full));
            assertOneLine("contend stress: cannot write the interval log /dev/full: no space left on device");
        }
        Path missing = dir.resolve("a").resolve("b").resolve("run.hlog");
        assertEquals(0, run("stress", "sleep", "--ops", "10", "--log", missing.toString()), contend.err());
        assertTrue(Files.size(missing) > 0, "missing directories are created");
    }

    /**
     * A log that fails mid-run, end to end: the log is a pipe whose reader goes away after the first interval, so
     * the next write fails. The run stops at once, prints its summary, and says why in one line.
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard, as in StagedExecutorTest
    void aLogThatFailsMidRunStopsTheRunWithItsSummary() throws Exception {
        Path fifo = dir.resolve("log.fifo");
        assumeTrue(mkfifo(fifo), "no mkfifo on this platform");
        Thread reader = new Thread(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                StringBuilder seen = new StringBuilder();
                byte[] buffer = new byte[4096];
                for (int n = in.read(buffer); n > 0 && seen.indexOf("Tag=") < 0; n = in.read(buffer)) {
                    seen.append(new String(buffer, 0, n, StandardCharsets.US_ASCII));
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        int exit = run("stress", "sleep", "--rate", "fixed=1000/s", "--duration", "60s", "--interval", "100ms",
                "--log", fifo.toString());
        reader.join();
        assertEquals(1, exit, contend.err());
        assertOneLine("contend stress: writing the interval log " + fifo + " failed: broken pipe; the run stopped at ");
        assertEquals(1, contend.err().lines().count(), contend.err());
        assertTrue(contend.out().contains("Results (stopped early), latency = response time"), contend.out());
    }

    /** Every operation failed: exit 1, no latency shown, the reason in one line. */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard
    void aRunWhereEveryOperationFailedExitsOneWithoutLatencies() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        int exit = run("stress", "http", "--url", "http://127.0.0.1:" + port + "/", "--ops", "3");
        assertEquals(1, exit);
        assertOneLine("contend stress: no operation succeeded: 3 error(s); first: ConnectException: connection refused 127.0.0.1:"
                + port);
        String out = contend.out();
        assertTrue(out.contains("Latency                   : none: no operation succeeded"), out);
        assertFalse(out.contains("0.000 ms"), out);
        assertTrue(out.lines().anyMatch(l -> l.matches("get-rt\\s+-\\s+-\\s+-\\s+-\\s+-\\s+0")), out);
    }

    /** SI suffixes, compound durations, and options before or after the workload's name, as wrk2 users type them. */
    @Test
    void ratesCountsAndDurationsParseAsWrk2AndCassandraStressUsersTypeThem() {
        StressConfig config = parse("stress", "sleep", "--rate", "fixed=2k/s", "--duration", "1m30s", "--ops", "1M");
        assertEquals(new Rate(Rate.Mode.FIXED, 2000), config.rate());
        assertEquals("1m30s", runLength(config));
        assertEquals(1_000_000, config.ops());
        StressConfig expected = StressConfig.builder().rate(new Rate(Rate.Mode.FIXED, 2000)).duration(PARSED_1M30S)
                .ops(1_000_000).build();
        assertEquals(expected, config, "the rest are StressConfig's defaults");

        StressConfig before = parse("stress", "--rate", "throttle=1.5M/s", "--threads", "2", "sleep", "--ops", "1.5k");
        assertEquals(new Rate(Rate.Mode.THROTTLE, 1_500_000), before.rate());
        assertEquals(2, before.threads());
        assertEquals(1500, before.ops());
        assertEquals(UNTIL_OPS_DONE, runLength(before), "only --ops given: the run ends when they are done");
        assertEquals(StressConfig.builder().build(), parse("stress", "http", "--url", "http://127.0.0.1:9/"));
    }

    /** The configured length of a run, as the user types it (1m30s), or {@link #UNTIL_OPS_DONE} when it has none. */
    private static String runLength(StressConfig config) {
        return config.duration() == null ? UNTIL_OPS_DONE : Durations.format(config.duration());
    }

    private static StressConfig parse(String... args) {
        CommandLine root = Main.commandLine();
        CommandLine.ParseResult parsed = root.parseArgs(args);
        CommandLine workload = parsed.subcommand().subcommand().commandSpec().commandLine();
        WorkloadCommand command = workload.getCommand();
        return command.parent.config(workload.getCommandSpec());
    }

    /** Each built-in's options are declared to picocli, so --help lists them and typos get suggestions. */
    @Test
    void eachWorkloadsHelpListsItsOptions() {
        assertEquals(0, run("stress", "sleep", "--help"));
        String help = contend.out();
        for (String option : new String[] {"--service-time=D", "--service-time-max=D", "--stall-every=N", "--stall=D",
            "--rate=RATE", "--duration=D", "--ops=N"}) {
            assertTrue(help.contains(option), option + " in:\n" + help);
        }
        assertEquals(0, run("stress", "http", "--help"));
        assertTrue(contend.out().contains("--url=URL"), contend.out());
        assertEquals(2, run("stress", "sleep", "--stal", "5ms"));
        assertTrue(contend.err().contains("Unknown option") && contend.err().contains("--stall"), contend.err());
        assertEquals(2, run("stress", "sleep", "-d", "3s"));
        String longForm = "--duration"; // picocli names the long option an unknown short one may have meant
        assertTrue(contend.err().contains(longForm), contend.err());
    }

    /** Picocli wraps each paragraph once; the command list shows stress's whole first sentence. */
    @Test
    void helpTextWrapsOnce() {
        assertEquals(0, run("--help"));
        String stress = contend.out().lines().dropWhile(l -> !l.startsWith("  stress ")).limit(2)
                .map(String::strip).reduce((a, b) -> a + " " + b).orElseThrow().replaceAll("\\s+", " ");
        assertEquals("stress Runs a workload at a rate and reports latency without coordinated omission.", stress);
        assertEquals(0, run("stress", "--help"));
        assertFalse(contend.out().lines().anyMatch(l -> l.length() > 80), contend.out());
    }

    /** A user's workload class still loads by name, with options the generator does not know. */
    @Test
    void classNameWorkloadsStillLoad() {
        assertEquals(0, run("stress", Counting.class.getName(), "--ops", "10", "--label", "mine"), contend.err());
        assertTrue(contend.out().contains("mine-rt"), contend.out());
        assertEquals(2, run("stress", Counting.class.getName(), "--ops", "10", "--label", "mine", "--extra", "1"));
        assertTrue(contend.err().contains("unknown option(s) for workload " + Counting.class.getName() + ": --extra"),
                contend.err());
    }

    /** A workload on the class path, as a user writes one. */
    public static final class Counting implements Workload {
        private final String label;

        public Counting(WorkloadOptions options) {
            label = options.required("label", "the operation's name");
        }

        @Override
        public java.util.List<Operation> operations() {
            return java.util.List.of(Operation.named(label, () -> { }));
        }
    }

    static boolean mkfifo(Path path) {
        try {
            return new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor() == 0 && Files.exists(path);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

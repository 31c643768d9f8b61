package io.contend.cli.stress;

import io.contend.load.Durations;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

/** {@code contend stress}: the coordinated-omission-free load generator (CASSANDRA-11853; Wakart, "Fixing Coordinated Omission in Cassandra Stress"). */
@Command(name = "stress",
        mixinStandardHelpOptions = true,
        description = {"Runs a workload at a rate and reports latency without coordinated omission: every operation",
                "has an intended start time, and response time (from it), service time (from the actual start) and",
                "wait time are recorded separately per operation, logged per interval in HdrHistogram's log format.",
                "",
                "Workloads: sleep, http, allocate, retain-release, queue-handoff, histogram-update, or a class name",
                "implementing io.contend.load.Workload. Workload options follow the generator's, e.g.",
                "  contend stress sleep --rate fixed=2000/s --duration 10s --stall-every 5000 --stall 200ms",
                "  contend stress http --rate fixed=500/s --url http://127.0.0.1:8080/", ""},
        footer = {"", "Rates: throughput (all out; latency = service time), throttle=R/s (paced; summary shows service",
                "time), fixed=R/s (paced; summary shows response time). Ctrl-C ends the run cleanly: the last interval",
                "and the summary are written, operations scheduled but not started are reported as missed and those",
                "still running after 1 s as unfinished.",
                "Exit codes: 0 done, 1 the log could not be written or no operation succeeded, 2 bad arguments."})
public final class StressCommand implements Callable<Integer> {
    /** How long the Ctrl-C hook waits beyond the run's stop grace for the summary to be printed. */
    private static final long HOOK_SLACK_SECONDS = 10;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "built-in workload name or class name")
    String workloadName;

    @Option(names = "--rate", defaultValue = "throughput", paramLabel = "RATE",
            description = "throughput, throttle=R/s or fixed=R/s (default: ${DEFAULT-VALUE})")
    String rate;

    @Option(names = "--threads", defaultValue = "1", description = "generator threads (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = "--duration", paramLabel = "D", description = "how long to run, e.g. 30s (default 10s unless --ops is given)")
    String duration;

    @Option(names = "--ops", paramLabel = "N", description = "operations to run (with --duration: whichever ends first)")
    Long ops;

    @Option(names = "--interval", defaultValue = "1s", paramLabel = "D", description = "reporting and log interval (default: ${DEFAULT-VALUE})")
    String interval;

    @Option(names = "--warmup", defaultValue = "0s", paramLabel = "D", description = "unrecorded warm-up before the run (default: ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--log", paramLabel = "FILE", description = "write an HdrHistogram interval log (tags <op>-rt, <op>-st, <op>-wt)")
    Path log;

    @Unmatched
    List<String> workloadArgs = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        StressConfig config;
        Workload workload;
        try {
            Duration d = duration != null ? Durations.parse("--duration", duration) : ops == null ? Duration.ofSeconds(10) : null;
            config = new StressConfig(Rate.parse(rate), threads, d, ops == null ? 0 : ops, Durations.parse("--interval", interval),
                    Durations.parse("--warmup", warmup), log);
            workload = Workloads.create(workloadName, WorkloadOptions.parse(workloadArgs));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        SummaryPrinter printer = new SummaryPrinter(out, config, workload);
        StressRun run;
        try {
            run = new StressRun(workload, config, printer);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            run.stop();
            try {
                // The run ends within its stop grace; this bound only guards against a stuck terminal.
                finished.await(StressRun.STOP_GRACE.toSeconds() + HOOK_SLACK_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "contend-stress-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            StressResult result;
            try {
                result = run.run();
            } catch (UncheckedIOException e) {
                return fail(e.getMessage());
            }
            printer.summary(result);
            return exitCode(result);
        } finally {
            printer.close();
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the JVM is already running the hook, which has just been released
            }
        }
    }

    /** 1 when something went wrong around the measurement, or when operations ran and none succeeded. */
    private int exitCode(StressResult result) {
        int code = 0;
        for (String fault : result.faults()) {
            code = fail(fault);
        }
        if (result.completed() == 0 && result.errors() > 0) {
            String first = result.operations().stream().flatMap(op -> op.firstErrors().stream()).findFirst().orElse("");
            code = fail(String.format(Locale.ROOT, "no operation succeeded: %,d error(s); first: %s", result.errors(), first));
        }
        if (spec.commandLine().getOut().checkError()) {
            code = fail("cannot write to standard output");
        }
        return code;
    }

    private int fail(String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("contend stress: " + message);
        err.flush();
        return 1;
    }
}

package io.contend.cli.stress;

import io.contend.cli.IoFailure;
import io.contend.cli.AtomicWrite;
import java.io.IOException;
import java.nio.file.Path;
import io.contend.load.Durations;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * One stress run from the command line: the live output and the summary, a Ctrl-C hook that stops the run and
 * waits for its summary, and the exit code: 0, or 1 with a line on stderr for each fault (a log that cannot be
 * written, a workload that fails to close), for a run in which operations ran and none succeeded, and for
 * standard output that cannot be written.
 */
final class StressExecution {
    /** How long the Ctrl-C hook waits beyond the run's stop grace for the summary to be printed. */
    private static final long HOOK_SLACK_SECONDS = 10;

    private final CommandSpec spec;
    private final StressConfig config;
    private final Workload workload;
    private final Path json;

    StressExecution(CommandSpec spec, StressConfig config, Workload workload, Path json) {
        this.spec = spec;
        this.config = config;
        this.workload = workload;
        this.json = json;
    }

    /**
     * {@code --dry-run}: the options were checked and the workload built; says what would run, closes the workload.
     *
     * @return 0, or 1 if the workload fails to close or standard output cannot be written
     */
    static int dryRun(CommandSpec spec, StressConfig config, Workload workload) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("contend stress: dry run, nothing was run: " + workload + ", " + config.rate() + ", "
                + config.threads() + " thread(s), " + (config.duration() != null ? Durations.format(config.duration())
                : config.ops() + " ops") + (config.ops() > 0 && config.duration() != null ? " or " + config.ops()
                + " ops" : "") + ", shard " + config.shard() + (config.startAt() == null ? "" : ", starting at "
                + config.startAt()) + (config.warmup().isZero() ? "" : ", warm-up " + Durations.format(config.warmup()))
                + (config.log() == null ? "" : ", log " + config.log()));
        out.flush();
        try {
            workload.close();
        } catch (Exception e) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("contend stress: closing workload " + workload + " failed: " + e);
            err.flush();
            return 1;
        }
        return out.checkError() ? 1 : 0;
    }

    /** @return the exit code */
    int run() {
        if (json != null && java.nio.file.Files.isDirectory(json)) { // found now, not after the whole run
            String closing = "";
            try {
                workload.close();
            } catch (Exception e) {
                closing = "; closing workload " + workload + " failed too: " + e;
            }
            return fail("cannot write the JSON summary " + json + ": is a directory" + closing);
        }
        SummaryPrinter printer = new SummaryPrinter(spec.commandLine().getOut(), config, workload);
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
            int code = exitCode(result);
            if (json != null) {
                try {
                    String text = JsonSummary.of(workload.toString(), config, result);
                    AtomicWrite.write(json, out -> out.write(text));
                } catch (IOException e) {
                    code = fail("the JSON summary: " + IoFailure.describe(e)); // names the file
                }
            }
            return code;
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

    private int exitCode(StressResult result) {
        int code = 0;
        for (StressResult.Fault fault : result.faults()) {
            code = fail(fault.message());
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

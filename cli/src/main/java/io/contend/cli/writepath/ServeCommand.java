package io.contend.cli.writepath;

import io.contend.load.Durations;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import io.contend.writepath.ReadBack;
import io.contend.writepath.ReadBackException;
import io.contend.writepath.WritePathServer;
import io.contend.writepath.WritePathWorkload;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code contend writepath serve}: serves the write path ({@link WritePathServer}) until Ctrl-C (or {@code --for}),
 * then closes it and prints the read-back report of everything it acknowledged; exit 1 if anything was lost
 * (also when stopped by a signal, which would otherwise end the JVM with the signal's status).
 * The write path's options are those of the {@code writepath} stress workload.
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        modelTransformer = ServeCommand.WorkloadOptionsTransformer.class,
        description = {"Serves the write path over HTTP until Ctrl-C: POST /request (one operation of the mix, "
                + "as the writepath stress workload runs it), PUT and GET /rows/<partition>/<clustering>, POST "
                + "/check (the read-back check; 200 if nothing is broken, 500 otherwise).",
                "On stop it closes the path and checks everything it acknowledged: every write read back with its "
                        + "exact value, segments verified, the memory pool back to zero, no leak; exit 1 on any break.",
                ""})
public final class ServeCommand implements Callable<Integer> {
    /** How long the stop hook waits for the final check. */
    private static final long HOOK_SECONDS = 120;

    @Spec
    CommandSpec spec;

    @Option(names = "--port", paramLabel = "P", description = "TCP port, 0 for any free one (default: ${DEFAULT-VALUE}).",
            defaultValue = "8080")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "Address to listen on (default: ${DEFAULT-VALUE}).",
            defaultValue = "127.0.0.1")
    String bind;

    @Option(names = "--for", paramLabel = "D", description = "Stop by itself after this long, e.g. 45s (default: until "
            + "Ctrl-C).")
    String serveFor;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port must be in [0, 65535]: " + port);
        }
        Duration limit = null;
        if (serveFor != null) {
            try {
                limit = Durations.parse("--for", serveFor);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (WorkloadOption option : WritePathWorkload.OPTIONS) {
            String value = spec.findOption("--" + option.name()).getValue();
            if (value != null) {
                values.put(option.name(), value);
            }
        }
        WritePathWorkload workload;
        try {
            workload = new WritePathWorkload(new WorkloadOptions(values));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        WritePathServer server;
        try {
            server = WritePathServer.start(workload, new InetSocketAddress(bind, port));
        } catch (IOException e) {
            err.println("contend writepath: cannot listen on " + bind + ":" + port + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        out.println("Serving the write path (" + workload + ") at " + server.uri());
        out.println("Drive it: contend stress http --method POST --url " + server.uri().resolve("/request")
                + " --rate fixed=1k/s; check it: contend writepath check --url " + server.uri());
        out.flush();

        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean signalled = new java.util.concurrent.atomic.AtomicBoolean();
        Thread hook = new Thread(() -> {
            signalled.set(true);
            stop.countDown();
            try {
                stopped.await(HOOK_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "contend-writepath-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (limit == null) {
                stop.await();
            } else {
                stop.await(limit.toNanos(), TimeUnit.NANOSECONDS);
            }
            long[] counts = server.requestCounts();
            out.printf("Stopping after %,d requests (%,d failed); reading back every acknowledged write%n", counts[0],
                    counts[1]);
            out.flush();
            try {
                server.close();
            } catch (ReadBackException e) {
                err.println("contend writepath: read-back failed: " + e.getMessage());
                err.flush();
                if (signalled.get()) {
                    // Stopped by a signal, the JVM is shutting down and would exit with the signal's status:
                    // end with 1 so that a script sees the broken run.
                    Runtime.getRuntime().halt(1);
                }
                return 1;
            }
            ReadBack.Report r = server.finalReport();
            out.printf("Read-back: %,d rows checked, %,d segments; lostWrites %d, readMismatches %d, "
                            + "unacknowledgedSeen %d, badSegments %d, pool bytes after close %d, leaks %d: ok%n",
                    r.keysChecked(), r.segmentsChecked(), r.lostWrites(), r.readMismatches(), r.unacknowledgedSeen(),
                    r.badSegments(), r.poolBytesAfterClose(), r.leaks());
            out.flush();
            return 0;
        } finally {
            stopped.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the JVM runs the hook, which has just been released
            }
        }
    }

    /** Declares the write path's options, from the workload's own list. */
    static final class WorkloadOptionsTransformer implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (WorkloadOption option : WritePathWorkload.OPTIONS) {
                spec.addOption(OptionSpec.builder("--" + option.name()).paramLabel(option.paramLabel())
                        .description(option.description()).type(String.class).build());
            }
            return spec;
        }
    }
}

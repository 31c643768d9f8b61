package io.contend.cli.writepath;

import io.contend.cli.Renamed;
import io.contend.load.Durations;
import io.contend.load.Sizes;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import io.contend.writepath.ReadBack;
import io.contend.writepath.ReadBackException;
import io.contend.writepath.ServerLimits;
import io.contend.writepath.WritePath;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
                + "as the writepath stress workload runs it), PUT, GET and HEAD /rows/<partition>/<clustering>, POST "
                + "/check with the token printed at start (the read-back check; 200 if nothing is broken, 500 "
                + "otherwise).",
                "On stop it closes the path and checks everything it acknowledged: every write read back with its "
                        + "exact value, segments verified, the memory pool back to zero, no leak; exit 1 on any break, "
                        + "and also when the server had to stop (out of memory, a failed flush).",
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

    @Option(names = "--host-name", paramLabel = "NAME", description = "A DNS name clients reach the server by, "
            + "when it listens beyond loopback; repeatable. Requests must name the server in their Host header by an "
            + "address, this machine's own host name, or one of these: a web page that rebinds its own name to this "
            + "address is refused (400).")
    List<String> hostNames = new ArrayList<>();

    @Option(names = "--for", paramLabel = "D", description = "Stop by itself after this long, e.g. 45s (default: until "
            + "Ctrl-C).")
    String serveFor;

    @Option(names = "--max-rows", paramLabel = "N", description = "Rows that PUT may create; then 503 (default: the "
            + "data limit over " + ServerLimits.ROW_HEAP_BYTES + " bytes, at most " + ServerLimits.DEFAULT_MAX_ROWS
            + ").")
    Long maxRows;

    @Option(names = "--max-data", paramLabel = "SIZE", description = "Bytes of keys and values that PUT rows may "
            + "hold, e.g. 256MiB; then 503 (default: sized so that every copy a merge of segments can hold fits in "
            + "the heap left after a tenth kept spare, twice the memory pool and the request bodies; see "
            + "ServerLimits.defaults).")
    String maxData;

    @Option(names = "--max-data-mib", hidden = true, paramLabel = "MIB")
    void retiredMaxDataMib(String mib) {
        throw Renamed.refuse(spec, "--max-data-mib", "--max-data " + mib + "MiB");
    }

    @Option(names = "--max-connections", paramLabel = "N", description = "Connections served at once; more are "
            + "closed until one ends (default: " + ServerLimits.DEFAULT_MAX_CONNECTIONS + ").")
    Integer maxConnections;

    @Option(names = "--request-timeout", paramLabel = "D", description = "Time a client has to send a request's "
            + "headers and body, e.g. 10s; then its connection is closed (default: "
            + WritePathServer.DEFAULT_REQUEST_TIMEOUT_SECONDS + "s).")
    String requestTimeout;

    @Option(names = "--token", paramLabel = "TOKEN", description = "The token POST /check must send in "
            + WritePathServer.TOKEN_HEADER + " (default: a random one, printed at start).")
    String token;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65_535) {
            throw new ParameterException(spec.commandLine(), "--port must be in [0, 65535]: " + port);
        }
        try {
            java.net.InetAddress.getByName(bind); // a bad address is a bad argument, found before the path is built
        } catch (java.net.UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "--bind: cannot resolve '" + bind + "'", e);
        }
        for (String name : hostNames) {
            try {
                WritePathServer.checkHostName(name);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--host-name: " + e.getMessage(), e);
            }
        }
        Duration limit = null;
        if (serveFor != null) {
            try {
                limit = Durations.parse("--for", serveFor);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
        }
        if (requestTimeout != null) {
            long seconds;
            try {
                seconds = Durations.parse("--request-timeout", requestTimeout).toSeconds();
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            if (seconds < 1 || seconds > 3_600) {
                throw new ParameterException(spec.commandLine(), "--request-timeout must be in [1s, 1h]: '"
                        + requestTimeout + "'");
            }
            // JVM-wide, read when the JDK's server loads its configuration: set before the first server exists
            System.setProperty(WritePathServer.REQUEST_TIMEOUT_PROPERTY, Long.toString(seconds));
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
            workload = new WritePathWorkload(new WorkloadOptions(values, "serve option"));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ServerLimits limits;
        try {
            limits = limits(workload.path());
        } catch (IllegalArgumentException e) {
            workload.close();
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        WritePathServer server;
        try {
            server = WritePathServer.start(workload, new InetSocketAddress(bind, port), limits, hostNames);
        } catch (IOException | RuntimeException e) {
            err.println("contend writepath: cannot listen on " + bind + ":" + port + ": " + e.getMessage());
            err.flush();
            return 1;
        }
        InetSocketAddress bound = server.address();
        if (server.reachableBeyondLoopback()) {
            String where = bound.getAddress().isAnyLocalAddress() ? bind + " (every interface)"
                    : bound.getAddress().getHostAddress();
            out.println("Serving the write path (" + workload + ") on " + where + ", port " + bound.getPort()
                    + ", e.g. " + server.uri());
            err.println("contend writepath: warning: listening on " + where
                    + ", beyond loopback: anyone who can reach port " + bound.getPort() + " can write and read rows "
                    + "(there is no authentication but /check's token)");
            err.flush();
        } else {
            out.println("Serving the write path (" + workload + ") at " + server.uri());
        }
        out.println("Limits: " + limits + "; request timeout " + WritePathServer.requestTimeout().toSeconds() + " s");
        out.println("Check token: " + limits.checkToken() + " (header " + WritePathServer.TOKEN_HEADER + ")");
        out.println("Drive it: contend stress http --method POST --url " + server.uri().resolve("/request")
                + " --rate fixed=1k/s; check it: contend writepath check --url " + server.uri() + " --token "
                + limits.checkToken());
        out.flush();

        CountDownLatch stop = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Throwable> fatal = new java.util.concurrent.atomic.AtomicReference<>();
        server.onFatal(t -> {
            fatal.set(t);
            stop.countDown();
        });
        // The JDK's server parses headers, dispatches and times requests on threads of its own; a VM error that
        // kills one of them (an OutOfMemoryError) is as fatal as one on a handler: without the dispatcher the
        // process would live on and serve nothing, and a supervisor would not restart it.
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (e instanceof VirtualMachineError) {
                fatal.compareAndSet(null, e);
                stop.countDown();
            }
            if (previous != null) {
                previous.uncaughtException(thread, e);
            } else { // what the JVM prints without a handler (ThreadGroup's would call this one again)
                System.err.print("Exception in thread \"" + thread.getName() + "\" ");
                e.printStackTrace(System.err);
            }
        });
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
            if (fatal.get() != null) {
                err.println("contend writepath: the server cannot go on: " + oneLine(fatal.get()));
                err.flush();
            }
            out.printf("Stopping after %,d requests (%,d failed, %,d refused for a limit); reading back every "
                    + "acknowledged write%n", counts[0], counts[1], counts[2]);
            out.flush();
            String failure = null;
            try {
                server.close();
            } catch (ReadBackException e) {
                failure = "read-back failed";
            } catch (RuntimeException | OutOfMemoryError e) {
                failure = "closing the write path failed: " + oneLine(e);
            }
            ReadBack.Report r = server.finalReport();
            if (r != null) {
                out.printf("Read-back: %,d rows checked, %,d segments; lostWrites %d, readMismatches %d, "
                                + "unacknowledgedSeen %d, badSegments %d, failedFlushes %d, pool bytes after close %d, "
                                + "leaks %d: %s%n",
                        r.keysChecked(), r.segmentsChecked(), r.lostWrites(), r.readMismatches(),
                        r.unacknowledgedSeen(), r.badSegments(), r.failedFlushes(), r.poolBytesAfterClose(),
                        r.leaks(), r.ok() ? "ok" : "BROKEN");
                for (String problem : r.problems()) {
                    out.println("  " + problem);
                }
                out.flush();
            }
            if (failure != null || fatal.get() != null) {
                err.println("contend writepath: " + (failure != null ? failure : "stopped by a fatal failure"));
                err.flush();
                if (signalled.get()) {
                    // Stopped by a signal, the JVM is shutting down and would exit with the signal's status:
                    // end with 1 so that a script sees the broken run.
                    Runtime.getRuntime().halt(1);
                }
                return 1;
            }
            return 0;
        } finally {
            stopped.countDown();
            Thread.setDefaultUncaughtExceptionHandler(previous);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the JVM runs the hook, which has just been released
            }
        }
    }

    private ServerLimits limits(WritePath path) {
        ServerLimits limits = ServerLimits.defaults(path);
        if (maxRows != null) {
            if (maxRows < 1) {
                throw new IllegalArgumentException("--max-rows must be at least 1: " + maxRows);
            }
            limits = limits.withMaxRows(maxRows);
        }
        if (maxData != null) {
            long bytes = Sizes.parse("--max-data", maxData);
            if (bytes < 1 || bytes > (1L << 60)) {
                throw new IllegalArgumentException("--max-data must be in [1B, 1024PiB]: '" + maxData + "'");
            }
            limits = limits.withMaxDataBytes(bytes);
        }
        if (maxConnections != null) {
            if (maxConnections < 1 || maxConnections > 100_000) {
                throw new IllegalArgumentException("--max-connections must be in [1, 100000]: " + maxConnections);
            }
            limits = limits.withMaxConnections(maxConnections);
        }
        if (token != null) {
            if (token.isEmpty() || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                throw new IllegalArgumentException("--token must be printable ASCII without spaces: '" + token + "'");
            }
            limits = limits.withCheckToken(token);
        }
        return limits;
    }

    private static String oneLine(Throwable t) {
        String text = t.getMessage() == null ? t.toString() : t.getClass().getSimpleName() + ": " + t.getMessage();
        Throwable cause = t.getCause();
        if (cause != null && cause != t) {
            text += " (" + cause + ")";
        }
        return text.replace('\n', ' ');
    }

    /** Declares the write path's options, from the workload's own list. */
    static final class WorkloadOptionsTransformer implements IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            for (WorkloadOption option : WritePathWorkload.OPTIONS) {
                spec.addOption(OptionSpec.builder("--" + option.name()).paramLabel(option.paramLabel())
                        .description(option.description()).type(String.class).hidden(option.retired()).build());
            }
            return spec;
        }
    }
}

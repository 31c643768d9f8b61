package io.contend.writepath;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.contend.load.Operation;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/*
 * Implementation notes.
 *
 * Algorithm: the JDK's com.sun.net.httpserver in front of a WritePathWorkload, whose request pipeline (parse,
 * apply, respond) and read-back ledger it reuses, so that a request over a socket does what a load-generator
 * operation does in process. Handlers run on a fixed pool of HTTP threads; each request holds the read side of a
 * ReentrantReadWriteLock while it runs, and /check holds the write side, so that the check sees no request in
 * flight (ReadBack's checks need the writers stopped: a write stored but not yet acknowledged would read as
 * unacknowledged). Requests wait while a check runs; they are never refused for it.
 *
 * Close: stop the HTTP server (no new exchange; it waits up to a second for running ones), shut the handler
 * pool down and wait for it, then close the workload: its pipeline, the full read-back, the path's close and the
 * after-close check (pool back to zero, no leak). A failure there is the close's ReadBackException.
 *
 * Source: the JDK's com.sun.net.httpserver; the write path's structure and checks are WritePath's and ReadBack's.
 */

/**
 * The write path over HTTP ({@code contend writepath serve}), so that {@code contend stress http} can drive it
 * over a socket. Endpoints (keys are path segments, as UTF-8 text):
 * <ul>
 * <li>{@code POST /request}: one operation of the configured mix, as the {@code writepath} stress workload runs
 *     it (a random row written, or read, through the request pipeline; the write's outcome recorded); 200 with
 *     {@code OK}, or 500 with a one-line error.</li>
 * <li>{@code PUT /rows/<partition>/<clustering>}: writes the body as the row's value through the pipeline; 200
 *     {@code OK}.</li>
 * <li>{@code GET /rows/<partition>/<clustering>}: the row's value (application/octet-stream, its timestamp in
 *     {@code X-Timestamp}), read through the pipeline, or 404.</li>
 * <li>{@code POST /check}: the read-back check with no request in flight: every acknowledged write read back
 *     with its exact value, no unacknowledged write stored, every segment's checksum and histogram total, no
 *     failed flush, no leak reported. A one-line JSON report; 200 if nothing is broken, 500 otherwise.</li>
 * </ul>
 * Any other path or method: 404 or 405. {@link #close()} runs the full check after closing the path (pool back to
 * zero, no leak) and throws {@link ReadBackException} on any break.
 */
public final class WritePathServer implements AutoCloseable {
    /** HTTP handler threads. */
    public static final int HANDLER_THREADS = 16;
    private static final int MAX_BODY_BYTES = 1 << 20;

    static {
        // The JDK's server writes a response's headers and body separately; with Nagle's algorithm on, the body
        // waits for the client's delayed ACK of the headers, about 40 ms on Linux (measured: a 44 ms service-time
        // p50 for a request the path serves in microseconds). Read once, when the JDK's server loads its
        // configuration, so it is set here, before the first server, unless the user set it.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private final WritePathWorkload workload;
    private final HttpServer server;
    private final ExecutorService handlers;
    private final ReentrantReadWriteLock checking = new ReentrantReadWriteLock();
    private final List<Operation> operations;
    private final AtomicLong requests = new AtomicLong();
    /** Which operation of the mix the next /request runs (the load generator's rule: in turn). */
    private final AtomicLong turns = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private volatile ReadBack.Report finalReport;
    private boolean closed;

    private WritePathServer(WritePathWorkload workload, HttpServer server) {
        this.workload = workload;
        this.server = server;
        this.operations = workload.operations();
        AtomicInteger n = new AtomicInteger();
        this.handlers = Executors.newFixedThreadPool(HANDLER_THREADS, r -> {
            Thread t = new Thread(r, "writepath-http-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
    }

    /**
     * Binds to the address and starts serving.
     *
     * @param workload the write path and its mix (its {@code --reads} decides what {@code /request} does)
     * @param address where to listen; port 0 picks a free one
     * @return the running server
     * @throws IOException if the address cannot be bound; the workload is then closed
     */
    public static WritePathServer start(WritePathWorkload workload, InetSocketAddress address) throws IOException {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(address, "address");
        HttpServer http;
        try {
            http = HttpServer.create(address, 128);
        } catch (IOException | RuntimeException e) {
            workload.close();
            throw e;
        }
        WritePathServer s = new WritePathServer(workload, http);
        http.start();
        return s;
    }

    /** @return the base URL, e.g. {@code http://127.0.0.1:8080/} */
    public URI uri() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/");
    }

    /** @return the workload served (its path's stats, its ledger) */
    public WritePathWorkload workload() {
        return workload;
    }

    /** @return requests answered, and of them failed (status 500) */
    public long[] requestCounts() {
        return new long[] {requests.get(), failures.get()};
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
            if (path.equals("/check")) {
                if (!method.equals("POST")) {
                    reply(exchange, 405, "POST /check");
                    return;
                }
                ReadBack.Report report = check();
                reply(exchange, report.ok() ? 200 : 500, json(report, workload.path().stats().leaksReported()));
                return;
            }
            checking.readLock().lock();
            try {
                requests.incrementAndGet();
                route(exchange, path, method);
            } catch (Exception e) {
                failures.incrementAndGet();
                reply(exchange, 500, "ERR " + e);
            } finally {
                checking.readLock().unlock();
            }
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange, String path, String method) throws Exception {
        if (path.equals("/request")) {
            if (!method.equals("POST") && !method.equals("GET")) {
                reply(exchange, 405, "POST /request");
                return;
            }
            operations.get((int) Math.floorMod(turns.getAndIncrement(), (long) operations.size())).run();
            reply(exchange, 200, RequestCodec.OK);
            return;
        }
        String[] parts = path.split("/", -1);
        if (parts.length != 4 || !parts[1].equals("rows") || parts[2].isEmpty() || parts[3].isEmpty()) {
            reply(exchange, 404, "no such resource: " + path
                    + " (POST /request, PUT or GET /rows/<partition>/<clustering>, POST /check)");
            return;
        }
        Key partition = Key.of(parts[2]);
        Key clustering = Key.of(parts[3]);
        switch (method) {
            case "PUT" -> {
                workload.apply(workload.newWrite(partition, clustering, body(exchange)));
                reply(exchange, 200, RequestCodec.OK);
            }
            case "GET" -> {
                Row row = workload.read(partition, clustering);
                if (row == null) {
                    reply(exchange, 404, RequestCodec.NONE);
                } else {
                    exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
                    exchange.getResponseHeaders().set("X-Timestamp", Long.toString(row.timestamp()));
                    send(exchange, 200, row.value());
                }
            }
            default -> reply(exchange, 405, "PUT or GET /rows/<partition>/<clustering>");
        }
    }

    /**
     * Runs the read-back check while no request is in flight.
     *
     * @return what it found; the leak count is the leaks the detector has reported so far (open memtables are
     *         live, not leaked, while the path serves)
     */
    public ReadBack.Report check() {
        checking.writeLock().lock();
        try {
            return workload.readBack().check(workload.path());
        } finally {
            checking.writeLock().unlock();
        }
    }

    private static byte[] body(HttpExchange exchange) throws IOException {
        try (InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                throw new IllegalArgumentException("a value may have at most " + MAX_BODY_BYTES + " bytes");
            }
            return body;
        }
    }

    private static void reply(HttpExchange exchange, int status, String text) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        send(exchange, status, (text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /**
     * @param report a read-back report
     * @param leaksReported leaks the detector reported
     * @return the report as one line of JSON
     */
    static String json(ReadBack.Report report, long leaksReported) {
        long leaks = Math.max(report.leaks(), leaksReported);
        return String.format(Locale.ROOT, "{\"ok\":%s,\"keysChecked\":%d,\"rowsScanned\":%d,\"segmentsChecked\":%d,"
                        + "\"lostWrites\":%d,\"readMismatches\":%d,\"unacknowledgedSeen\":%d,\"badSegments\":%d,"
                        + "\"failedFlushes\":%d,\"leaks\":%d%s}",
                report.ok() && leaks <= 0, report.keysChecked(), report.rowsScanned(), report.segmentsChecked(),
                report.lostWrites(), report.readMismatches(), report.unacknowledgedSeen(), report.badSegments(),
                report.failedFlushes(), Math.max(0, leaks),
                report.problems().isEmpty() ? "" : ",\"firstProblem\":\"" + escape(report.problems().get(0)) + "\"");
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** @return the report of the check {@link #close()} ran, or null before */
    public ReadBack.Report finalReport() {
        return finalReport;
    }

    /**
     * Stops serving (running exchanges get up to a second), then closes the workload: the pipeline, the full
     * read-back, the path, and the after-close check. Idempotent.
     *
     * @throws ReadBackException if anything was lost, differs, a segment is bad, memory is left or a region leaked
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        server.stop(1);
        handlers.shutdown();
        try {
            if (!handlers.awaitTermination(30, TimeUnit.SECONDS)) {
                handlers.shutdownNow();
            }
        } catch (InterruptedException e) {
            handlers.shutdownNow();
            Thread.currentThread().interrupt();
        }
        workload.close();
        finalReport = workload.report();
    }

    @Override
    public String toString() {
        return "WritePathServer[" + uri() + ", " + workload + ", " + requests.get() + " requests]";
    }
}

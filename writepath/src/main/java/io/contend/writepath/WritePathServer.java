package io.contend.writepath;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.contend.load.Operation;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;

/*
 * Implementation notes.
 *
 * Algorithm: the JDK's com.sun.net.httpserver in front of a WritePathWorkload, whose request pipeline (parse,
 * apply, respond), write clock and read-back ledger it reuses, so that a request over a socket does what a
 * load-generator operation does in process. The JDK's server reads a request's line and headers on the thread
 * that then runs the handler, so the pool is sized for connections (maxConnections threads, created on demand,
 * no queue: past it the JDK's server closes the new connection), not for work, and the JDK's request timer
 * closes any connection whose request (headers and body) is not read within the request timeout.
 *
 * A write holds the read side of `checking` only while the path stores it, never while a body is read or a
 * response written: its body is read first, into memory reserved from `bodyBytes`. /check takes the write side
 * (ReadBack's checks need the writers stopped: a write stored but not yet acknowledged would read as
 * unacknowledged), but only with the token, one at a time, at most a tenth of the time (after a check of d
 * seconds the next is refused with 429 for 9d), and it gives up with 503 if writers do not drain within the
 * request timeout.
 *
 * Bodies are read in chunks of BODY_CHUNK_BYTES, each reserved from bodyBytes once it has arrived, so a client that
 * trickles its body holds a share of the budget for the bytes it sent, not for the length it declared (reserving
 * the declared length up front let three clients that each sent one byte of a declared 1 MiB body hold the whole
 * budget for the request timeout, and every other PUT and GET waited and got 503). Unreserved, each handler holds
 * at most one chunk.
 *
 * Order of writes: one WriteClock for every handler thread (the workload's), so per row the path is a
 * linearizable register; the ledger records each write's start after its request was read and its
 * acknowledgement before the response is sent.
 *
 * Memory: request bodies being read and row values being sent are bounded together (bodyBytes, counted at
 * HEAP_BYTES_PER_BODY_BYTE per byte for the copies a request makes; a GET or HEAD reserves the largest value stored
 * so far before it reads), request headers by the JDK's maxReqHeaderSize (set low here), rows stored through PUT
 * are bounded (StoreBudget: rows and bytes, 503 past either; ServerLimits.defaults sizes them so that every copy a
 * segment merge can hold fits), the memtables by the pool, the /request rows by the workload's keys and value size.
 * An OutOfMemoryError on a handler (also one met in the pipeline: its stages hand an Error back as itself), or a
 * failed flush, is fatal: the server stops taking requests and tells its fatal listener, which ends the process
 * with the read-back report, so a supervisor sees the failure (`writepath serve` also makes a VirtualMachineError
 * on any other thread, the JDK server's own included, fatal).
 *
 * Refusals: a refused request's body may be unread (a declared length over the limit is refused before it is read).
 * Closing a connection with bytes still unread makes the kernel answer them with a reset, which can overtake the
 * answer, so a client that writes its whole body before reading (most do) would see "connection reset" instead of
 * 413. So before a refusal the handler reads and drops the rest of the body, at most DISCARD_LIMIT_BYTES, while the
 * request timer still covers the exchange (it stops when the response headers are sent), and the connection stays
 * usable. A body declared larger is not read for nothing: the answer is sent and the connection closed, as HTTP
 * servers' lingering close (RFC 9112, section 9.6) bounds the bytes and time it spends.
 *
 * Cross-site requests: a browser adds Origin to cross-site POSTs and cannot add a custom header without a CORS
 * preflight this server never grants, so requests with a foreign Origin are refused (403) and /check needs the
 * token header. A page that rebinds its own DNS name to the server's address is same-origin with itself, so the Host
 * header decides: on a loopback address it must name a loopback host; beyond loopback it must be an address literal,
 * a loopback name, this machine's own host name or a name the server was started with (hostNames). A name is never
 * looked up per request: a lookup is what a rebinding page controls, and a slow resolver would hold handler
 * threads.
 *
 * Close: stop the HTTP server (no new exchange; it waits up to a second for running ones), shut the handler
 * pool down and wait for it, then close the workload: its pipeline, the full read-back, the path's close and the
 * after-close check (pool back to zero, no leak). A failure there is the close's ReadBackException.
 *
 * Source: the JDK's com.sun.net.httpserver (its sun.net.httpserver.maxReqTime and maxRspTime timers); Cassandra's
 * ClientState.getTimestamp for the shared clock; the Fetch standard's CORS-safelisted requests for what a page can
 * send without a preflight.
 */

/**
 * The write path over HTTP ({@code contend writepath serve}), so that {@code contend stress http} can drive it
 * over a socket. Endpoints:
 * <ul>
 * <li>{@code POST /request}: one operation of the configured mix, as the {@code writepath} stress workload runs
 *     it (a random row written, or read, through the request pipeline; the write's outcome recorded); 200 with
 *     {@code OK}.</li>
 * <li>{@code PUT /rows/<partition>/<clustering>}: writes the body (at most {@value #MAX_BODY_BYTES} bytes) as
 *     the row's value through the pipeline; 200 {@code OK} once stored. Keys are the raw bytes of the path
 *     segments, percent-escapes decoded ({@code %2F} is a slash inside a key).</li>
 * <li>{@code GET} (or {@code HEAD}) {@code /rows/<partition>/<clustering>}: the row's value
 *     (application/octet-stream, its timestamp in {@code X-Timestamp}), read through the pipeline, or 404.</li>
 * <li>{@code POST /check} with header {@value #TOKEN_HEADER}: the read-back check with no write in flight (see
 *     {@link ReadBack}). A one-line JSON report whose {@code ok} agrees with the status: 200 if nothing is broken,
 *     500 otherwise; 403 without the token, 429 while another check runs or too soon after one.</li>
 * </ul>
 * Register guarantee: a read of a row returns the value of the acknowledged write of that row that no later-started
 * write followed, or of a write still in flight (per row the path is linearizable).
 *
 * <p>Errors: 400 (bad escape, bad token header, foreign Host), 403 (foreign Origin, token), 404, 405 with
 * {@code Allow}, 413 (body over {@value #MAX_BODY_BYTES} bytes), 414 (path over
 * {@value RowAddress#MAX_PATH_LENGTH} characters), 503 (a limit of {@link ServerLimits} reached, or writes
 * stopped by a failed flush), 500 for a fault of the path. {@link #close()} runs the full check after closing the
 * path (pool back to zero, no leak) and throws {@link ReadBackException} on any break.
 *
 * <p>Timeouts are the JDK server's and hold for the whole JVM: {@value #REQUEST_TIMEOUT_PROPERTY} (seconds to read
 * a request's headers and body; default {@value #DEFAULT_REQUEST_TIMEOUT_SECONDS}) and
 * {@value #RESPONSE_TIMEOUT_PROPERTY} (seconds to send a response; default
 * {@value #DEFAULT_RESPONSE_TIMEOUT_SECONDS}), set before the first server starts unless already set; idle
 * keep-alive connections close after the JDK's {@code sun.net.httpserver.idleInterval} (30 s).
 */
public final class WritePathServer implements AutoCloseable {
    /** Largest request body, in bytes. */
    public static final int MAX_BODY_BYTES = Write.MAX_VALUE_LENGTH;
    /**
     * Most bytes of a request body the server reads and drops before it answers a request it refuses (413 and the
     * rest), so that a client that writes its whole body before reading gets the answer: see "Refusals" in the notes.
     */
    static final long DISCARD_LIMIT_BYTES = 16L * MAX_BODY_BYTES;
    /**
     * Heap bytes a request may hold per byte of the body it reads or the value it sends, as the budget of bodies in
     * flight counts them. A write holds its body, the pipeline's text request (its value in Base64, 4/3 of the
     * bytes) as a string, the concatenation and its bytes, and the value decoded again by the parse stage: about six
     * arrays of up to 4/3 the body. G1 gives an array over half a region whole regions, which can double it. A read
     * holds as many copies of the value on its way back.
     */
    public static final int HEAP_BYTES_PER_BODY_BYTE = 16;
    /**
     * A PUT's body is read in chunks of this many bytes, each reserved once it has arrived: a handler holds at most
     * one chunk it has not reserved (2 MiB over the default 256 connections).
     */
    static final int BODY_CHUNK_BYTES = 8 * 1024;
    /**
     * JVM-wide: bytes of a request's line and headers the JDK's server reads; past it the connection is closed
     * without an answer.
     */
    public static final String MAX_HEADER_BYTES_PROPERTY = "sun.net.httpserver.maxReqHeaderSize";
    /**
     * Default of {@value #MAX_HEADER_BYTES_PROPERTY}: room for a path a little over the longest this server takes
     * (so such a path gets 414) and ordinary headers; the JDK's own default is 384 KiB.
     */
    public static final int DEFAULT_MAX_HEADER_BYTES = 20 * 1024;
    /**
     * A response body is written in pieces of this size: written in one piece, a large value left about its size
     * live per connection inside the JDK's server, outside every budget here.
     */
    private static final int RESPONSE_PIECE_BYTES = 64 * 1024;
    /** The header that carries the check token. */
    public static final String TOKEN_HEADER = "X-Contend-Token";
    /** JVM-wide: seconds a client has to send a request's headers and body. */
    public static final String REQUEST_TIMEOUT_PROPERTY = "sun.net.httpserver.maxReqTime";
    /** JVM-wide: seconds a client has to take a response. */
    public static final String RESPONSE_TIMEOUT_PROPERTY = "sun.net.httpserver.maxRspTime";
    /** Default of {@value #REQUEST_TIMEOUT_PROPERTY}. */
    public static final long DEFAULT_REQUEST_TIMEOUT_SECONDS = 10;
    /** Default of {@value #RESPONSE_TIMEOUT_PROPERTY}. */
    public static final long DEFAULT_RESPONSE_TIMEOUT_SECONDS = 30;
    /** A check may take this share of the time at most: after one of d seconds the next waits 9d. */
    private static final int CHECK_DUTY_DIVISOR = 10;

    static {
        // The JDK's server writes a response's headers and body separately; with Nagle's algorithm on, the body
        // waits for the client's delayed ACK of the headers, about 40 ms on Linux (measured: a 44 ms service-time
        // p50 for a request the path serves in microseconds). These are read once, when the JDK's server loads its
        // configuration, so they are set here, before the first server, unless the user set them.
        setIfAbsent("sun.net.httpserver.nodelay", "true");
        setIfAbsent(REQUEST_TIMEOUT_PROPERTY, Long.toString(DEFAULT_REQUEST_TIMEOUT_SECONDS));
        setIfAbsent(RESPONSE_TIMEOUT_PROPERTY, Long.toString(DEFAULT_RESPONSE_TIMEOUT_SECONDS));
        setIfAbsent("sun.net.httpserver.timerMillis", "250"); // how often the request timer looks
        // the JDK's default (384 KiB) lets 256 connections that never end their headers hold the heap of a small
        // server, outside every budget here
        setIfAbsent(MAX_HEADER_BYTES_PROPERTY, Integer.toString(DEFAULT_MAX_HEADER_BYTES));
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }

    private final WritePathWorkload workload;
    private final HttpServer server;
    private final ThreadPoolExecutor handlers;
    private final ServerLimits limits;
    private final StoreBudget budget;
    private final ByteBudget bodyBytes;
    private final boolean loopbackOnly;
    /** Host names, besides address literals and loopback names, that requests may carry beyond loopback. */
    private final Set<String> hostNames;
    private final ReentrantReadWriteLock checking = new ReentrantReadWriteLock();
    private final ReentrantLock oneCheck = new ReentrantLock();
    private final List<Operation> operations;
    private final AtomicLong requests = new AtomicLong();
    /** Which operation of the mix the next /request runs (the load generator's rule: in turn). */
    private final AtomicLong turns = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicReference<Throwable> fatal = new AtomicReference<>();
    private volatile Consumer<Throwable> fatalListener;
    /** guarded by oneCheck: when the next check may start (System.nanoTime) */
    private long nextCheckNanos;
    private volatile ReadBack.Report finalReport;
    private boolean closed;

    private WritePathServer(WritePathWorkload workload, HttpServer server, ServerLimits limits,
                            Set<String> hostNames) {
        this.workload = workload;
        this.server = server;
        this.limits = limits;
        this.budget = new StoreBudget(limits.maxRows(), limits.maxDataBytes());
        this.bodyBytes = new ByteBudget(limits.maxBodyBytesInFlight());
        this.operations = workload.operations();
        this.loopbackOnly = server.getAddress().getAddress().isLoopbackAddress();
        this.hostNames = hostNames;
        this.nextCheckNanos = System.nanoTime();
        AtomicInteger n = new AtomicInteger();
        this.handlers = new ThreadPoolExecutor(Math.min(16, limits.maxConnections()), limits.maxConnections(),
                30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "writepath-http-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }); // rejected: the JDK's dispatcher closes that connection
        server.setExecutor(handlers);
        server.createContext("/", this::handle);
    }

    /**
     * Binds to the address and starts serving with {@link ServerLimits#defaults(WritePath)}.
     *
     * @param workload the write path and its mix (its {@code --reads} decides what {@code /request} does)
     * @param address where to listen; port 0 picks a free one
     * @return the running server
     * @throws IOException if the address cannot be bound; the workload is then closed
     */
    public static WritePathServer start(WritePathWorkload workload, InetSocketAddress address) throws IOException {
        return start(workload, address, ServerLimits.defaults(workload.path()));
    }

    /**
     * Binds to the address and starts serving.
     *
     * @param workload the write path and its mix (its {@code --reads} decides what {@code /request} does)
     * @param address where to listen; port 0 picks a free one
     * @param limits what clients may use
     * @return the running server
     * @throws IOException if the address cannot be bound; the workload is then closed
     */
    public static WritePathServer start(WritePathWorkload workload, InetSocketAddress address, ServerLimits limits)
            throws IOException {
        return start(workload, address, limits, List.of());
    }

    /**
     * Binds to the address and starts serving. Listening beyond loopback, it answers only requests whose Host header
     * is an address literal, a loopback name, this machine's own host name, or one of {@code hostNames}: a web page
     * that rebinds its own DNS name to this server's address sends its own name, and is refused with 400.
     *
     * @param workload the write path and its mix (its {@code --reads} decides what {@code /request} does)
     * @param address where to listen; port 0 picks a free one
     * @param limits what clients may use
     * @param hostNames further names clients may reach the server by, e.g. a DNS name of this machine; without
     *        port
     * @return the running server
     * @throws IOException if the address cannot be bound; the workload is then closed
     * @throws IllegalArgumentException naming a host name that {@link #checkHostName} refuses; the workload is then
     *         closed
     */
    public static WritePathServer start(WritePathWorkload workload, InetSocketAddress address, ServerLimits limits,
                                        Collection<String> hostNames) throws IOException {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(limits, "limits");
        Set<String> names = new HashSet<>();
        for (String name : Objects.requireNonNull(hostNames, "hostNames")) {
            try {
                names.add(checkHostName(name));
            } catch (IllegalArgumentException e) {
                workload.close();
                throw e;
            }
        }
        HttpServer http;
        try {
            http = HttpServer.create(address, 128);
        } catch (IOException | RuntimeException e) {
            workload.close();
            throw e;
        }
        if (!http.getAddress().getAddress().isLoopbackAddress()) { // only then is Host checked against names
            names.addAll(ownHostNames());
        }
        WritePathServer s = new WritePathServer(workload, http, limits, Set.copyOf(names));
        http.start();
        return s;
    }

    /** @return a base URL to reach the server, e.g. {@code http://127.0.0.1:8080/} (loopback if bound to all) */
    public URI uri() {
        InetSocketAddress a = server.getAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
        return URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort() + "/");
    }

    /** @return the address the server listens on */
    public InetSocketAddress address() {
        return server.getAddress();
    }

    /** @return whether clients beyond this machine can connect (bound to a non-loopback or the any address) */
    public boolean reachableBeyondLoopback() {
        return !loopbackOnly;
    }

    /** @return the limits it serves with */
    public ServerLimits limits() {
        return limits;
    }

    /** @return the JVM-wide request timeout in force (headers and body) */
    public static Duration requestTimeout() {
        return Duration.ofSeconds(Long.getLong(REQUEST_TIMEOUT_PROPERTY, DEFAULT_REQUEST_TIMEOUT_SECONDS));
    }

    /** @return the workload served (its path's stats, its ledger) */
    public WritePathWorkload workload() {
        return workload;
    }

    /** @return requests answered, of them failed (status 500), and refused for a limit (status 503) */
    public long[] requestCounts() {
        return new long[] {requests.get(), failures.get(), refused.get()};
    }

    /**
     * Sets who is told when the server can no longer serve (an OutOfMemoryError on a handler, or a failed
     * flush); told at once if that already happened. The listener is expected to {@link #close()} the server.
     *
     * @param listener called once, on a handler thread, with the cause
     */
    public void onFatal(Consumer<Throwable> listener) {
        this.fatalListener = Objects.requireNonNull(listener, "listener");
        Throwable t = fatal.get();
        if (t != null) {
            listener.accept(t);
        }
    }

    /** @return what made the server stop serving, or null */
    public Throwable fatalFailure() {
        return fatal.get();
    }

    private void fail(Throwable cause) {
        if (fatal.compareAndSet(null, cause)) {
            Consumer<Throwable> listener = fatalListener;
            if (listener != null) {
                listener.accept(cause);
            }
        }
    }

    private void handle(HttpExchange exchange) {
        try {
            requests.incrementAndGet();
            try {
                if (fatal.get() == null) {
                    failIfUnhealthy(); // a flush that failed on its own thread ends the server at the next request
                }
                if (fatal.get() != null) {
                    throw new HttpFailure(503, "the server is stopping: " + fatal.get());
                }
                guardCrossSite(exchange);
                route(exchange);
            } catch (HttpFailure f) {
                if (f.status() == 503) {
                    refused.incrementAndGet();
                }
                if (f.allow() != null) {
                    exchange.getResponseHeaders().set("Allow", f.allow());
                }
                discardUnreadBody(exchange);
                reply(exchange, f.status(), f.getMessage());
            } catch (OutOfMemoryError e) {
                failures.incrementAndGet();
                fail(e);
                reply(exchange, 503, "out of memory: the server is stopping");
            } catch (IOException e) {
                throw e; // the client went away or timed out: nothing to answer
            } catch (Exception e) {
                failures.incrementAndGet();
                discardUnreadBody(exchange);
                reply(exchange, 500, "ERR " + e);
            }
        } catch (IOException | RuntimeException gone) {
            // the connection is closed below; the JDK's server drops it
        } catch (OutOfMemoryError e) {
            fail(e);
        } finally {
            exchange.close();
        }
    }

    private void guardCrossSite(HttpExchange exchange) throws HttpFailure {
        String origin = exchange.getRequestHeaders().getFirst("Origin");
        String host = exchange.getRequestHeaders().getFirst("Host");
        if (origin != null && !origin.equals("null") && (host == null || !origin.equals("http://" + host))) {
            throw new HttpFailure(403, "cross-origin requests are refused: Origin " + RowAddress.printable(origin));
        }
        if (origin != null && origin.equals("null")) {
            throw new HttpFailure(403, "requests from an opaque origin are refused");
        }
        if (loopbackOnly && host != null && !isLoopbackHost(host)) {
            throw new HttpFailure(400, "the server listens on loopback only; Host " + RowAddress.printable(host)
                    + " is not a loopback name");
        }
        if (!loopbackOnly && host != null && !isLoopbackHost(host) && !isAddressLiteral(hostName(host))
                && !hostNames.contains(hostName(host))) {
            throw new HttpFailure(400, "Host " + RowAddress.printable(host) + " is not an address or a known name of "
                    + "this server (a name clients use must be given to it: writepath serve --host-name)");
        }
    }

    /**
     * @param name a name clients may reach a server by, for {@link #start(WritePathWorkload, InetSocketAddress,
     *        ServerLimits, Collection)}
     * @return the name in lower case
     * @throws IllegalArgumentException naming it unless it is letters, digits, dots and hyphens (no port)
     */
    public static String checkHostName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9.-]+")) {
            throw new IllegalArgumentException("a host name is letters, digits, dots and hyphens, without a port: "
                    + (name == null ? "null" : "'" + RowAddress.printable(name) + "'"));
        }
        return name.toLowerCase(Locale.ROOT);
    }

    /** @return the name or address of a Host header, without port or brackets, in lower case */
    static String hostName(String host) {
        String name = host;
        if (name.startsWith("[")) {
            int end = name.indexOf(']');
            name = end < 0 ? name : name.substring(1, end);
        } else if (name.indexOf(':') >= 0) {
            name = name.substring(0, name.indexOf(':'));
        }
        return name.toLowerCase(Locale.ROOT);
    }

    /**
     * @return whether a name is an IPv4 address in dotted decimal or an IPv6 address (one with a colon): what
     *         {@link InetAddress#getByName} parses without a lookup
     */
    static boolean isAddressLiteral(String name) {
        return IPV4_LITERAL.matcher(name).matches() || (name.indexOf(':') >= 0 && IPV6_LITERAL.matcher(name).matches());
    }

    /** Compiled once: the Host check runs on every request. */
    private static final java.util.regex.Pattern IPV4_LITERAL = java.util.regex.Pattern.compile(
            "[0-9]{1,3}(\\.[0-9]{1,3}){3}");
    private static final java.util.regex.Pattern IPV6_LITERAL = java.util.regex.Pattern.compile("[0-9a-f:.]+");

    /** @return whether a Host header names this machine's loopback: localhost, 127.0.0.0/8 or [::1] */
    static boolean isLoopbackHost(String host) {
        String name = hostName(host);
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return true;
        }
        if (!isAddressLiteral(name)) {
            return false; // only literals: a lookup of a name is what a rebinding attack controls
        }
        try {
            return InetAddress.getByName(name).isLoopbackAddress();
        } catch (IOException e) {
            return false;
        }
    }

    /** @return this machine's own host name and its canonical name, looked up once at start; none if that fails */
    private static Set<String> ownHostNames() {
        Set<String> names = new HashSet<>();
        try {
            InetAddress local = InetAddress.getLocalHost();
            names.add(local.getHostName().toLowerCase(Locale.ROOT));
            names.add(local.getCanonicalHostName().toLowerCase(Locale.ROOT));
        } catch (IOException | SecurityException e) {
            // no name of its own: address literals and the names given still work
        }
        names.removeIf(n -> isAddressLiteral(n));
        return names;
    }

    private void route(HttpExchange exchange) throws Exception {
        String path = exchange.getRequestURI().getRawPath();
        String method = exchange.getRequestMethod();
        if (path == null) {
            throw new HttpFailure(400, "no path in the request");
        }
        switch (path) {
            case "/check" -> {
                requireMethod(method, "POST");
                check(exchange);
            }
            case "/request" -> {
                requireMethod(method, "POST");
                drainBody(exchange);
                runOperation();
                reply(exchange, 200, RequestCodec.OK);
            }
            default -> {
                RowAddress row = RowAddress.parse(path);
                switch (method) {
                    case "PUT" -> put(exchange, row);
                    case "GET", "HEAD" -> get(exchange, row, method.equals("HEAD"));
                    default -> throw new HttpFailure(405, method + " is not allowed on a row: PUT, GET or HEAD",
                            "GET, HEAD, PUT");
                }
            }
        }
    }

    private static void requireMethod(String method, String allowed) throws HttpFailure {
        if (!method.equals(allowed)) {
            throw new HttpFailure(405, method + " is not allowed here: " + allowed, allowed);
        }
    }

    private void runOperation() throws Exception {
        checking.readLock().lock();
        try {
            operations.get((int) Math.floorMod(turns.getAndIncrement(), (long) operations.size())).run();
        } catch (IllegalStateException e) {
            failIfUnhealthy();
            throw e;
        } finally {
            checking.readLock().unlock();
        }
    }

    private void put(HttpExchange exchange, RowAddress row) throws Exception {
        declaredLength(exchange); // a length that is no number, or over the limit, is refused before any read
        long[] reserved = {0};
        try {
            byte[] value = readBodyReserving(exchange, reserved);
            String refusal = budget.admit(row.partition(), row.clustering(), value.length);
            if (refusal != null) {
                throw new HttpFailure(503, refusal);
            }
            checking.readLock().lock();
            try {
                workload.put(row.partition(), row.clustering(), value);
            } catch (IllegalStateException e) {
                failIfUnhealthy();
                throw e;
            } finally {
                checking.readLock().unlock();
            }
        } finally {
            bodyBytes.release(reserved[0]);
        }
        reply(exchange, 200, RequestCodec.OK);
    }

    /**
     * Reads a PUT's body in chunks of {@link #BODY_CHUNK_BYTES}, reserving each chunk's share of bodyBytes once it
     * has arrived (see "Bodies" in the notes), within the request timeout.
     *
     * @param reserved holds, in its one element, what has been reserved so far, for the caller to release
     * @return the body
     */
    private byte[] readBodyReserving(HttpExchange exchange, long[] reserved)
            throws IOException, HttpFailure, InterruptedException {
        long deadline = System.nanoTime() + requestTimeout().toNanos();
        List<byte[]> chunks = new ArrayList<>();
        int total = 0;
        try (InputStream in = exchange.getRequestBody()) {
            for (;;) {
                byte[] chunk = new byte[BODY_CHUNK_BYTES];
                int n = in.readNBytes(chunk, 0, chunk.length);
                if (total + (long) n > MAX_BODY_BYTES) {
                    throw new HttpFailure(413, "a value may have at most " + MAX_BODY_BYTES + " bytes");
                }
                long share = (long) HEAP_BYTES_PER_BODY_BYTE * n;
                if (!bodyBytes.tryAcquire(share, Math.max(0, deadline - System.nanoTime()))) {
                    throw new HttpFailure(503, "too many bodies in flight (" + limits.maxBodyBytesInFlight()
                            + " bytes); try again");
                }
                reserved[0] += share;
                total += n;
                if (n < chunk.length) {
                    chunks.add(Arrays.copyOf(chunk, n));
                    break;
                }
                chunks.add(chunk);
            }
        }
        byte[] body = new byte[total];
        int at = 0;
        for (byte[] chunk : chunks) {
            System.arraycopy(chunk, 0, body, at, chunk.length);
            at += chunk.length;
        }
        return body;
    }

    /** A failed flush stops the path taking writes for good: the server ends rather than refuse them forever. */
    private void failIfUnhealthy() throws HttpFailure {
        try {
            workload.path().checkHealthy();
        } catch (IllegalStateException e) {
            fail(e);
            throw new HttpFailure(503, "writes stopped: " + e.getMessage() + " (" + e.getCause() + ")");
        }
    }

    private void get(HttpExchange exchange, RowAddress address, boolean head) throws Exception {
        drainBody(exchange);
        // the read copies the value out (a HEAD as well), and the copies live until the response is sent: they take
        // their bytes from the same budget as request bodies, sized before the read to the largest value stored
        long reserve = HEAP_BYTES_PER_BODY_BYTE * Math.max(workload.valueSize(), budget.largestValue()); // HEAD too
        if (!bodyBytes.tryAcquire(reserve, requestTimeout().toNanos())) {
            throw new HttpFailure(503, "too many bodies in flight (" + limits.maxBodyBytesInFlight()
                    + " bytes); try again");
        }
        try {
            getReserved(exchange, address, head);
        } finally {
            bodyBytes.release(reserve);
        }
    }

    private void getReserved(HttpExchange exchange, RowAddress address, boolean head) throws Exception {
        Row row = workload.read(address.partition(), address.clustering());
        if (row == null) {
            if (head) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            reply(exchange, 404, RequestCodec.NONE);
            return;
        }
        exchange.getResponseHeaders().set("Content-Type", "application/octet-stream");
        exchange.getResponseHeaders().set("X-Timestamp", Long.toString(row.timestamp()));
        if (head) {
            exchange.getResponseHeaders().set("Content-Length", Integer.toString(row.valueLength()));
            exchange.sendResponseHeaders(200, -1);
            return;
        }
        send(exchange, 200, row.sharedValue()); // read-only here: no second copy
    }

    private void check(HttpExchange exchange) throws Exception {
        drainBody(exchange);
        String token = exchange.getRequestHeaders().getFirst(TOKEN_HEADER);
        if (token == null || !MessageDigest.isEqual(token.getBytes(StandardCharsets.UTF_8),
                limits.checkToken().getBytes(StandardCharsets.UTF_8))) {
            throw new HttpFailure(403, "POST /check needs the header " + TOKEN_HEADER
                    + " with the token 'contend writepath serve' printed at start");
        }
        if (!oneCheck.tryLock()) {
            throw new HttpFailure(429, "a check is running");
        }
        String json;
        boolean ok;
        try {
            long now = System.nanoTime();
            if (now - nextCheckNanos < 0) {
                long waitSeconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(nextCheckNanos - now) + 1);
                exchange.getResponseHeaders().set("Retry-After", Long.toString(waitSeconds));
                throw new HttpFailure(429, "checks may take a tenth of the time: the next may start in "
                        + waitSeconds + " s");
            }
            long started = System.nanoTime();
            ReadBack.Report report = check(requestTimeout());
            if (report == null) {
                throw new HttpFailure(503, "writes did not pause within " + requestTimeout().toSeconds()
                        + " s for the check");
            }
            long took = System.nanoTime() - started;
            nextCheckNanos = System.nanoTime() + (CHECK_DUTY_DIVISOR - 1) * took;
            long leaks = workload.path().stats().leaksReported();
            ok = report.ok() && leaks <= 0;
            json = json(report, leaks);
        } finally {
            oneCheck.unlock();
        }
        reply(exchange, ok ? 200 : 500, json);
    }

    /**
     * Runs the read-back check while no write is in flight, waiting as long as writes take to drain.
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

    private ReadBack.Report check(Duration drainTimeout) throws InterruptedException {
        if (!checking.writeLock().tryLock(drainTimeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return null;
        }
        try {
            return workload.readBack().check(workload.path());
        } finally {
            checking.writeLock().unlock();
        }
    }

    private static long declaredLength(HttpExchange exchange) throws HttpFailure {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length == null) {
            return -1;
        }
        long declared;
        try {
            declared = Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            throw new HttpFailure(400, "Content-Length is not a number: " + RowAddress.printable(length));
        }
        if (declared > MAX_BODY_BYTES) {
            throw new HttpFailure(413, "a value may have at most " + MAX_BODY_BYTES + " bytes: Content-Length "
                    + declared);
        }
        return declared;
    }

    /**
     * Before a refusal: reads and drops what is left of the request body, at most {@link #DISCARD_LIMIT_BYTES}, while
     * the request timer still runs (see "Refusals" in the notes). A body declared larger is not read: the connection
     * is closed after the answer. Stops quietly where the body ends, its stream was closed or the client went away.
     */
    private static void discardUnreadBody(HttpExchange exchange) {
        String length = exchange.getRequestHeaders().getFirst("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > DISCARD_LIMIT_BYTES) {
                    return;
                }
            } catch (NumberFormatException e) {
                return; // the JDK's server refuses such a request before a handler runs; nothing to frame a body by
            }
        }
        try {
            dropBytes(exchange.getRequestBody(), DISCARD_LIMIT_BYTES); // the stream is closed by the exchange's close
        } catch (IOException closedOrGone) {
            // a body read whole has its stream closed already; a client gone makes the answer fail in turn
        }
    }

    /** Reads and drops a body that the endpoint does not use, so that the connection can be kept alive. */
    private static void drainBody(HttpExchange exchange) throws IOException, HttpFailure {
        declaredLength(exchange);
        try (InputStream in = exchange.getRequestBody()) {
            if (dropBytes(in, MAX_BODY_BYTES) > MAX_BODY_BYTES) {
                throw new HttpFailure(413, "a request body may have at most " + MAX_BODY_BYTES + " bytes");
            }
        }
    }

    /**
     * Reads and drops bytes until the stream ends or more than {@code limit} were read.
     *
     * @return the bytes read: above {@code limit} if the stream had more
     */
    private static long dropBytes(InputStream in, long limit) throws IOException {
        // read, not skip: the JDK's body stream inherits FilterInputStream.skip, which skips on the raw connection
        // past the body's end and blocks waiting for the next request
        byte[] buffer = new byte[8192];
        long total = 0;
        for (int n; total <= limit && (n = in.read(buffer)) >= 0; ) {
            total += n;
        }
        return total;
    }

    private static void reply(HttpExchange exchange, int status, String text) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        byte[] body = (text + "\n").getBytes(StandardCharsets.UTF_8);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        send(exchange, status, body);
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                for (int at = 0; at < body.length; at += RESPONSE_PIECE_BYTES) {
                    out.write(body, at, Math.min(RESPONSE_PIECE_BYTES, body.length - at));
                }
            }
        }
    }

    /**
     * @param report a read-back report
     * @param leaksReported leaks the detector reported
     * @return the report as one line of JSON; its {@code ok} is false if the report or the leak count says so
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

    /** @return the report of the check {@link #close()} ran, or null before (or if the close failed before it) */
    public ReadBack.Report finalReport() {
        return finalReport;
    }

    /**
     * Stops serving (running exchanges get up to a second), then closes the workload: the pipeline, the full
     * read-back, the path, and the after-close check. Idempotent.
     *
     * @throws ReadBackException if anything was lost, differs, a segment is bad, a flush failed, memory is left or
     *         a region leaked; its report is also {@link #finalReport()}
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
        try {
            workload.close();
        } finally {
            finalReport = workload.report();
        }
    }

    @Override
    public String toString() {
        return "WritePathServer[" + uri() + ", " + workload + ", " + limits + ", " + budget + ", " + requests.get()
                + " requests]";
    }
}

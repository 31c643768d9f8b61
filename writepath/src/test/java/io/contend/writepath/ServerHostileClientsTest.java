package io.contend.writepath;

import io.contend.load.WorkloadOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The server against clients that stall, send too much, craft paths, or are web pages: each kind of abuse gets
 * a clear answer and leaves the server serving others. The JDK server's request timeout is 2 s in these tests
 * (the module's Surefire configuration).
 */
class ServerHostileClientsTest {
    private final List<AutoCloseable> open = new ArrayList<>();

    private WritePathServer server(ServerLimits limits) throws Exception {
        WritePathWorkload w = new WritePathWorkload(new WorkloadOptions(Map.of("keys", "100", "pool-size", "8MiB",
                "threshold", "64KiB")));
        WritePathServer s = limits == null ? WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0))
                : WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0), limits);
        open.add(s);
        return s;
    }

    private RawHttp client(WritePathServer s, int readTimeoutMillis) throws Exception {
        RawHttp c = new RawHttp(s.uri(), readTimeoutMillis);
        open.add(c);
        return c;
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (ReadBackException e) {
                // tests that break the path on purpose check their own close
            }
        }
    }

    private static RawHttp.Response check(RawHttp c, WritePathServer s) throws Exception {
        return c.send("POST", "/check", new byte[0], WritePathServer.TOKEN_HEADER, s.limits().checkToken());
    }

    @Test
    void connectionsWithPartialHeadersNeitherStopOthersNorStayOpen() throws Exception {
        WritePathServer s = server(null);
        assertEquals(200, client(s, 2_000).send("PUT", "/rows/p/k", new byte[] {7}).status());
        List<RawHttp> stalled = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            RawHttp c = client(s, 10_000);
            c.write("GET /rows/p/k HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
            stalled.add(c);
        }
        // a read timeout of 2 s: the GET must complete within it while 32 connections hold partial headers
        RawHttp.Response r = client(s, 2_000).send("GET", "/rows/p/k", null);
        assertEquals(200, r.status());
        assertArrayEquals(new byte[] {7}, r.body());
        for (RawHttp c : stalled) {
            assertTrue(c.closedByServer(), "the request timeout (2 s) closes a connection that never finishes");
        }
    }

    @Test
    void aSlowBodyHoldsNoLockAndIsCutAtTheRequestTimeout() throws Exception {
        WritePathServer s = server(null);
        RawHttp slow = client(s, 10_000);
        slow.write("PUT /rows/p/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nabc");
        Thread.sleep(200); // the handler is now reading the body
        RawHttp other = client(s, 2_000);
        RawHttp.Response check = check(other, s);
        assertEquals(200, check.status(), check.text());
        assertEquals(200, other.send("POST", "/request", null).status());
        assertTrue(slow.closedByServer(), "the slow body is cut at the request timeout");
        assertEquals(404, other.send("GET", "/rows/p/slow", null).status(), "a partial body is not stored");
    }

    @Test
    void aMalformedChunkSizeIsRefusedWithoutHoldingAHandler() throws Exception {
        WritePathServer s = server(null);
        RawHttp bad = client(s, 6_000);
        bad.write("PUT /rows/p/c HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n");
        boolean answeredOrClosed;
        try {
            RawHttp.Response r = bad.read(false);
            answeredOrClosed = r.status() >= 400;
        } catch (java.io.IOException closed) {
            answeredOrClosed = !(closed instanceof java.net.SocketTimeoutException);
        }
        assertTrue(answeredOrClosed, "a bad chunk gets an error or a closed connection, not a hang");
        assertEquals(0, s.requestCounts()[1], "a client's bad body is not a server failure");
        assertEquals(404, client(s, 2_000).send("GET", "/rows/p/c", null).status());
    }

    @Test
    void rowsAndBytesAreBoundedWith503AndReadsGoOn() throws Exception {
        WritePathServer s = server(ServerLimits.defaults(8 << 20, 8).withMaxDataBytes(3L << 20).withMaxRows(10));
        RawHttp c = client(s, 10_000);
        byte[] mib = new byte[1 << 20];
        int stored = 0;
        RawHttp.Response refused = null;
        for (int i = 0; i < 10 && refused == null; i++) {
            RawHttp.Response r = c.send("PUT", "/rows/big/" + i, mib);
            if (r.status() == 200) {
                stored++;
            } else {
                refused = r;
            }
        }
        assertNotNull(refused, "3 MiB of rows cannot hold ten 1 MiB values");
        assertEquals(503, refused.status(), refused.text());
        assertTrue(refused.text().contains("limit of " + (3L << 20) + " bytes"), refused.text());
        assertEquals(2, stored, "two rows of 1 MiB plus keys fit in 3 MiB, a third does not");
        assertEquals(200, c.send("GET", "/rows/big/0", null).status(), "reads go on");
        assertEquals(200, c.send("PUT", "/rows/big/0", new byte[10]).status(), "a smaller overwrite fits");
        for (int i = 0; i < 12; i++) {
            c.send("PUT", "/rows/small/" + i, new byte[1]);
        }
        RawHttp.Response rows = c.send("PUT", "/rows/small/new", new byte[1]);
        assertEquals(503, rows.status());
        assertTrue(rows.text().contains("10 rows"), rows.text());
        assertEquals(0, s.requestCounts()[1], "refusals are not failures");
        assertTrue(s.requestCounts()[2] >= 2, "refusals are counted");
    }

    /**
     * A GET copies the value out and holds the copy while it is sent, so it takes its bytes from the budget of
     * bodies in flight: with that budget held by the part of a body that has arrived, a read of a large row waits
     * for it.
     */
    @Test
    void aReadOfALargeRowWaitsForTheBudgetOfBodiesInFlight() throws Exception {
        ServerLimits defaults = ServerLimits.defaults(8 << 20, 8);
        WritePathServer s = server(new ServerLimits(defaults.maxConnections(), defaults.maxRows(),
                defaults.maxDataBytes(), ServerLimits.MIN_BODY_BYTES_IN_FLIGHT, defaults.checkToken()));
        int large = 600_000; // two of them do not fit in the budget's 1 MiB
        assertEquals(200, client(s, 2_000).send("PUT", "/rows/p/large", new byte[large]).status());
        RawHttp slow = client(s, 10_000);
        // all but 3 bytes: the chunks that arrived (73 of 8 KiB, 9.6 MB at 16 bytes a byte) are reserved
        slow.write("PUT /rows/p/slow HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + large + "\r\n\r\n"
                + "x".repeat(large - 3));
        Thread.sleep(200); // the handler has reserved the arrived chunks and waits for the rest
        AtomicReference<RawHttp.Response> read = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        RawHttp reader = client(s, 10_000);
        Thread t = new Thread(() -> {
            try {
                read.set(reader.send("GET", "/rows/p/large", null));
            } catch (java.io.IOException e) {
                read.set(new RawHttp.Response(-1, Map.of(), e.toString().getBytes(StandardCharsets.UTF_8)));
            } finally {
                done.countDown();
            }
        });
        t.start();
        assertFalse(done.await(500, TimeUnit.MILLISECONDS), "the read waits while the body holds the budget: "
                + read.get());
        slow.write("abc");
        assertEquals(200, slow.read(false).status(), "the slow body completes within the request timeout");
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertEquals(200, read.get().status(), read.get().text());
        assertEquals(large, read.get().body().length);
        t.join();
    }

    @Test
    void theCheckNeedsItsTokenRunsOneAtATimeAndNotTooOften() throws Exception {
        WritePathServer s = server(null);
        RawHttp c = client(s, 10_000);
        RawHttp.Response none = c.send("POST", "/check", new byte[0]);
        assertEquals(403, none.status(), none.text());
        assertEquals(403, c.send("POST", "/check", new byte[0], WritePathServer.TOKEN_HEADER, "guess").status());
        RawHttp.Response get = c.send("GET", "/check", null);
        assertEquals(405, get.status());
        assertEquals("POST", get.headers().get("allow"));
        assertEquals(200, check(c, s).status());
        // the first check took d; the next within 9d is refused (a check of a few rows takes microseconds, so
        // make the window long by recording a slow one)
        for (int i = 0; i < 20_000; i++) {
            c.send("PUT", "/rows/p" + (i % 50) + "/" + i, new byte[] {1});
        }
        assertEquals(200, check(c, s).status());
        RawHttp.Response soon = check(c, s);
        assertEquals(429, soon.status(), soon.text());
        assertNotNull(soon.headers().get("retry-after"));
    }

    @Test
    void webPagesCannotReachTheServer() throws Exception {
        WritePathServer s = server(null);
        RawHttp c = client(s, 2_000);
        RawHttp.Response foreign = c.send("POST", "/request", null, "Origin", "http://evil.example");
        assertEquals(403, foreign.status(), foreign.text());
        assertEquals(403, c.send("POST", "/check", new byte[0], "Origin", "null").status());
        RawHttp.Response get = c.send("GET", "/request", null);
        assertEquals(405, get.status(), "GET /request wrote rows; now only POST does");
        assertEquals("POST", get.headers().get("allow"));
        // DNS rebinding: a page's own name resolved to 127.0.0.1 still sends its name as Host
        try (java.net.Socket raw = new java.net.Socket("127.0.0.1", s.address().getPort())) {
            raw.setSoTimeout(2_000);
            raw.getOutputStream().write("GET /rows/p/k HTTP/1.1\r\nHost: evil.example:80\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            String status = new String(raw.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            assertEquals("HTTP/1.1 400", status);
        }
        assertFalse(WritePathServer.isLoopbackHost("deadbeef"), "a name, not an address: never looked up");
        assertTrue(WritePathServer.isLoopbackHost("localhost:8080"));
        assertTrue(WritePathServer.isLoopbackHost("127.0.0.1"));
        assertTrue(WritePathServer.isLoopbackHost("[::1]:80"));
        assertFalse(WritePathServer.isLoopbackHost("127.0.0.1.evil.example"));
        assertFalse(WritePathServer.isLoopbackHost("10.0.0.1:80"));
    }

    @Test
    void beyondLoopbackOnlyAddressesAndKnownNamesAreAcceptedAsHost() throws Exception {
        WritePathWorkload w = new WritePathWorkload(new WorkloadOptions(Map.of("keys", "100", "pool-size", "8MiB",
                "threshold", "64KiB")));
        WritePathServer s = WritePathServer.start(w, new InetSocketAddress("0.0.0.0", 0),
                ServerLimits.defaults(w.path()), List.of("db.example"));
        open.add(s);
        assertTrue(s.reachableBeyondLoopback());
        int port = s.address().getPort();
        // DNS rebinding: a page's own name, resolved to this server, is same-origin with itself; its Host gives it away
        assertEquals(400, rawStatus(port, "PUT /rows/p/k HTTP/1.1\r\nHost: evil.example:" + port
                + "\r\nOrigin: http://evil.example:" + port + "\r\nContent-Length: 1\r\n\r\nx"));
        assertEquals(400, rawStatus(port, "GET /rows/p/k HTTP/1.1\r\nHost: deadbeef\r\n\r\n"));
        assertEquals(200, rawStatus(port, "PUT /rows/p/k HTTP/1.1\r\nHost: 127.0.0.1:" + port
                + "\r\nContent-Length: 1\r\n\r\nx"));
        assertEquals(200, rawStatus(port, "GET /rows/p/k HTTP/1.1\r\nHost: DB.example:" + port + "\r\n\r\n"));
        assertEquals(200, rawStatus(port, "GET /rows/p/k HTTP/1.1\r\nHost: [::1]:" + port + "\r\n\r\n"));
        assertThrows(IllegalArgumentException.class, () -> WritePathServer.start(w,
                new InetSocketAddress("127.0.0.1", 0), ServerLimits.defaults(w.path()), List.of("db.example:80")));
    }

    private static int rawStatus(int port, String request) throws Exception {
        try (java.net.Socket raw = new java.net.Socket("127.0.0.1", port)) {
            raw.setSoTimeout(2_000);
            raw.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String status = new String(raw.getInputStream().readNBytes(12), StandardCharsets.ISO_8859_1);
            return Integer.parseInt(status.substring(9, 12));
        }
    }

    @Test
    void aBodySentSlowlyHoldsTheBudgetOnlyForTheBytesThatArrived() throws Exception {
        // The smallest budget: one body of the largest size with its copies. Reserving the declared length up front,
        // the first slow client below held all of it until the request timeout closed it.
        WritePathServer s = server(new ServerLimits(16, 10_000, 64L << 20, ServerLimits.MIN_BODY_BYTES_IN_FLIGHT,
                "t0ken"));
        String host = s.uri().getHost() + ":" + s.uri().getPort();
        List<RawHttp> slow = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            RawHttp c = client(s, 5_000);
            c.write("PUT /rows/slow/" + i + " HTTP/1.1\r\nHost: " + host + "\r\nContent-Length: "
                    + WritePathServer.MAX_BODY_BYTES + "\r\n\r\nx");
            slow.add(c);
        }
        assertEquals(200, client(s, 5_000).send("PUT", "/rows/p/k", new byte[] {7}).status());
        // The answer did not wait for the slow clients' request timeout: the first is still being read, and is
        // answered once it sends the rest of its body.
        slow.get(0).write("x".repeat(WritePathServer.MAX_BODY_BYTES - 1));
        assertEquals(200, slow.get(0).read(false).status());
        RawHttp.Response back = client(s, 5_000).send("GET", "/rows/slow/0", null);
        assertEquals(WritePathServer.MAX_BODY_BYTES, back.body().length);
    }

    @Test
    void keysAreTheRawBytesOfThePath() throws Exception {
        WritePathServer s = server(null);
        RawHttp c = client(s, 2_000);
        assertEquals(200, c.send("PUT", "/rows/p/%FF", new byte[] {1}).status());
        assertEquals(200, c.send("PUT", "/rows/p/%FE", new byte[] {2}).status());
        assertArrayEquals(new byte[] {1}, c.send("GET", "/rows/p/%FF", null).body(), "two keys, two rows");
        assertArrayEquals(new byte[] {2}, c.send("GET", "/rows/p/%FE", null).body());
        assertEquals(200, c.send("PUT", "/rows/a%2Fb/c", new byte[] {3}).status());
        assertArrayEquals(new byte[] {3}, c.send("GET", "/rows/a%2Fb/c", null).body(), "%2F is a slash in a key");
        assertEquals(404, c.send("GET", "/rows/a/b/c", null).status(), "a bare slash separates segments");
        RawHttp.Response badEscape = c.send("GET", "/rows/p/%G1", null);
        assertEquals(400, badEscape.status(), badEscape.text());
        assertEquals(0, s.requestCounts()[1]);
    }

    @Test
    void aTooLargeBodyIsReadAndDroppedSoTheClientGets413AndKeepsItsConnection() throws Exception {
        WritePathServer s = server(null);
        for (int attempt = 0; attempt < 20; attempt++) {
            RawHttp c = client(s, 10_000);
            // Written whole before the client reads, as most clients do: had the server closed with the body unread,
            // the kernel would answer the rest with a reset, which can take the 413 with it.
            RawHttp.Response big = c.send("PUT", "/rows/p/big", new byte[WritePathServer.MAX_BODY_BYTES + 1]);
            assertEquals(413, big.status(), "attempt " + attempt + ": " + big.text());
            assertEquals(200, c.send("PUT", "/rows/p/small", new byte[] {1}).status(), "the same connection serves on");
        }
        assertEquals(0, s.requestCounts()[1]);
    }

    @Test
    void aBodyDeclaredBeyondTheDiscardLimitIsRefusedWithoutWaitingForIt() throws Exception {
        WritePathServer s = server(null);
        RawHttp c = client(s, 5_000);
        c.write("PUT /rows/p/huge HTTP/1.1\r\nHost: " + s.uri().getHost() + ":" + s.uri().getPort()
                + "\r\nContent-Length: " + (WritePathServer.DISCARD_LIMIT_BYTES + 1) + "\r\n\r\n");
        RawHttp.Response r = c.read(false); // no body sent: the server must answer without reading one
        assertEquals(413, r.status(), r.text());
        assertTrue(c.closedByServer(), "a body too large to read for nothing ends the connection");
    }

    @Test
    void statusCodesSayWhatIsWrongAndHeadIsQuiet() throws Exception {
        WritePathServer s = server(null);
        RawHttp c = client(s, 10_000);
        RawHttp.Response big = c.send("PUT", "/rows/p/big", new byte[WritePathServer.MAX_BODY_BYTES + 1]);
        assertEquals(413, big.status(), big.text());
        RawHttp.Response longKey = client(s, 10_000).send("GET", "/rows/p/" + "k".repeat(18_000), null);
        assertEquals(414, longKey.status(), longKey.text());
        RawHttp overHeaderLimit = client(s, 10_000);
        overHeaderLimit.write("GET /rows/p/" + "k".repeat(WritePathServer.DEFAULT_MAX_HEADER_BYTES) + " HTTP/1.1\r\n"
                + "Host: 127.0.0.1\r\n\r\n");
        assertTrue(overHeaderLimit.closedByServer(), "a request line and headers past the limit end the connection");
        RawHttp.Response delete = client(s, 2_000).send("DELETE", "/rows/p/k", null);
        assertEquals(405, delete.status());
        assertEquals("GET, HEAD, PUT", delete.headers().get("allow"));
        List<LogRecord> warnings = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger jdkServer = Logger.getLogger("com.sun.net.httpserver");
        jdkServer.addHandler(capture);
        try {
            RawHttp h = client(s, 2_000);
            h.send("PUT", "/rows/p/h", new byte[] {1, 2, 3});
            RawHttp.Response head = h.send("HEAD", "/rows/p/h", null);
            assertEquals(200, head.status());
            assertEquals("3", head.headers().get("content-length"));
            assertEquals(404, h.send("HEAD", "/rows/p/none", null).status());
            assertEquals(405, h.send("HEAD", "/request", null).status());
        } finally {
            jdkServer.removeHandler(capture);
        }
        assertEquals(List.of(), warnings.stream().map(LogRecord::getMessage).toList(), "HEAD logs no warning");
        assertEquals(0, s.requestCounts()[1], "a client's mistakes are not server failures");
    }

    @Test
    void runningOutOfMemoryEndsTheServerWithItsReport() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean exhausted = new java.util.concurrent.atomic.AtomicBoolean();
        Pipeline.Factory staged = Components.contend().pipeline();
        Pipeline.Factory starving = new Pipeline.Factory() {
            @Override
            public Pipeline create(WritePath path) {
                Pipeline real = staged.create(path);
                return new Pipeline() {
                    @Override
                    public java.util.concurrent.CompletableFuture<byte[]> submit(byte[] request) {
                        if (exhausted.get()) {
                            throw new OutOfMemoryError("injected: Java heap space");
                        }
                        return real.submit(request);
                    }

                    @Override
                    public void close() {
                        real.close();
                    }
                };
            }

            @Override
            public String name() {
                return "starving";
            }
        };
        WritePathWorkload w = new WritePathWorkload(Components.contend().withPipeline(starving),
                new WorkloadOptions(Map.of("keys", "100", "pool-size", "8MiB", "threshold", "64KiB")));
        WritePathServer s = WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0));
        open.add(s);
        AtomicReference<Throwable> fatal = new AtomicReference<>();
        s.onFatal(fatal::set);
        RawHttp c = client(s, 10_000);
        assertEquals(200, c.send("PUT", "/rows/p/a", new byte[] {1}).status());
        exhausted.set(true);
        RawHttp.Response oom = c.send("PUT", "/rows/p/b", new byte[] {2});
        assertEquals(503, oom.status(), oom.text());
        assertTrue(fatal.get() instanceof OutOfMemoryError, String.valueOf(fatal.get()));
        RawHttp.Response after = client(s, 10_000).send("GET", "/rows/p/a", null);
        assertEquals(503, after.status(), "a server out of memory stops serving: " + after.text());
        s.close();
        assertTrue(s.finalReport().ok(), "the write that failed was never acknowledged: " + s.finalReport());
    }

    @Test
    void aFailedFlushEndsTheServerAndTheCloseStillReports() throws Exception {
        DeletionHistogram.Factory failing = new DeletionHistogram.Factory() {
            @Override
            public DeletionHistogram create() {
                throw new IllegalStateException("injected: no histogram");
            }

            @Override
            public String name() {
                return "failing";
            }
        };
        WritePathWorkload w = new WritePathWorkload(Components.contend().withHistogram(failing),
                new WorkloadOptions(Map.of("keys", "100", "pool-size", "8MiB", "threshold", "64KiB")));
        WritePathServer s = WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0));
        AtomicReference<Throwable> fatal = new AtomicReference<>();
        CountDownLatch told = new CountDownLatch(1);
        s.onFatal(t -> {
            fatal.set(t);
            told.countDown();
        });
        RawHttp c = new RawHttp(s.uri(), 10_000);
        int status = 200;
        for (int i = 0; i < 1_000 && status == 200; i++) {
            status = c.send("PUT", "/rows/p/" + i, new byte[1024]).status();
        }
        c.close();
        assertEquals(503, status, "writes are refused once a flush failed");
        assertTrue(told.await(10, TimeUnit.SECONDS), "the fatal listener is told");
        assertTrue(fatal.get().getMessage().contains("a flush failed"), String.valueOf(fatal.get()));
        ReadBackException e = assertThrows(ReadBackException.class, s::close);
        assertEquals(1, e.report().failedFlushes(), e.getMessage());
        assertNotNull(s.finalReport(), "the report survives the failed close");
        assertEquals(1, s.finalReport().failedFlushes());
    }
}

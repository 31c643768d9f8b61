package io.contend.writepath;

import io.contend.load.WorkloadOptions;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WritePathServerTest {
    private final HttpClient client = HttpClient.newHttpClient();

    private static WritePathServer server(String build) throws Exception {
        WritePathWorkload w = new WritePathWorkload(new WorkloadOptions(Map.of("build", build, "keys", "500",
                "pool-size", "8MiB", "threshold", "64KiB", "value-size", "200")));
        return WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0));
    }

    private HttpResponse<byte[]> check(WritePathServer s) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(s.uri().resolve("/check"))
                .header(WritePathServer.TOKEN_HEADER, s.limits().checkToken())
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        return client.send(r, HttpResponse.BodyHandlers.ofByteArray());
    }

    private HttpResponse<byte[]> send(String method, URI uri, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        return client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    @Test
    void concurrentRequestsAndRowsReadBackOverHttp() throws Exception {
        for (String build : List.of("contend", "jdk")) {
            WritePathServer s = server(build);
            URI base = s.uri();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> statuses = new ArrayList<>();
                for (int i = 0; i < 600; i++) {
                    statuses.add(pool.submit(() -> send("POST", base.resolve("/request"), null).statusCode()));
                }
                for (int i = 0; i < 50; i++) {
                    int n = i;
                    statuses.add(pool.submit(() -> send("PUT", base.resolve("/rows/user" + (n % 10) + "/c" + n),
                            ("value " + n).getBytes(StandardCharsets.UTF_8)).statusCode()));
                }
                for (Future<Integer> f : statuses) {
                    assertEquals(200, f.get(), build);
                }
            } finally {
                pool.shutdown();
            }
            HttpResponse<byte[]> row = send("GET", base.resolve("/rows/user3/c13"), null);
            assertEquals(200, row.statusCode());
            assertArrayEquals("value 13".getBytes(StandardCharsets.UTF_8), row.body());
            assertEquals(404, send("GET", base.resolve("/rows/nobody/c1"), null).statusCode());
            assertEquals(404, send("GET", base.resolve("/nothing"), null).statusCode());
            assertEquals(405, send("DELETE", base.resolve("/rows/user3/c13"), null).statusCode());
            assertEquals(405, send("GET", base.resolve("/check"), null).statusCode());

            HttpResponse<byte[]> check = check(s);
            assertEquals(200, check.statusCode(), text(check));
            assertTrue(text(check).contains("\"ok\":true") && text(check).contains("\"lostWrites\":0")
                    && text(check).contains("\"readMismatches\":0") && text(check).contains("\"leaks\":0"), text(check));
            assertTrue(s.workload().readBack().acknowledgedCount() >= 300 + 50, s.workload().readBack().toString());
            assertTrue(s.workload().path().stats().switches() > 0, "64 KiB memtables switched: "
                    + s.workload().path().stats());
            s.close();
            assertTrue(s.finalReport().ok(), s.finalReport().toString());
            assertEquals(0, s.finalReport().poolBytesAfterClose());
            assertEquals(0, s.finalReport().leaks());
        }
    }

    /** The check can fail: a write recorded as acknowledged that the server never stored is reported lost. */
    @Test
    void aLostWriteFailsTheCheckAndTheClose() throws Exception {
        WritePathServer s = server("contend");
        assertEquals(200, send("PUT", s.uri().resolve("/rows/a/b"), new byte[] {1, 2, 3}).statusCode());
        s.workload().readBack().acknowledged(Write.of(Key.of("never"), Key.of("stored"), new byte[] {9}, 1));
        HttpResponse<byte[]> check = check(s);
        assertEquals(500, check.statusCode());
        assertTrue(text(check).contains("\"ok\":false") && text(check).contains("\"lostWrites\":1")
                && text(check).contains("firstProblem"), text(check));
        ReadBackException e = assertThrows(ReadBackException.class, s::close);
        assertTrue(e.getMessage().contains("lost"), e.getMessage());
        assertTrue(s.workload().path().isClosed(), "a broken run still closes its path");
    }
}

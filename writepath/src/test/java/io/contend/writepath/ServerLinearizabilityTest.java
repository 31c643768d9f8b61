package io.contend.writepath;

import io.contend.load.WorkloadOptions;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Several clients write and read a few rows over HTTP; the history of what each was told, with the times it asked
 * and heard back, must be linearizable per row. The same run with the per-thread timestamps the path once had
 * must fail both this checker and the server's own read-back.
 */
class ServerLinearizabilityTest {
    private static final int CLIENTS = 4;
    private static final String[] KEYS = {"k0", "k1", "k2"};

    private static WritePathServer server(WriteClock clock) throws Exception {
        WritePathWorkload w = new WritePathWorkload(new WorkloadOptions(Map.of("keys", "100", "pool-size", "8MiB",
                "threshold", "64KiB")), clock);
        return WritePathServer.start(w, new InetSocketAddress("127.0.0.1", 0));
    }

    /** Runs the clients; each does {@code opsPerClient} reads and writes of random keys (writes of unique values). */
    private static RegisterHistory run(WritePathServer s, int opsPerClient) throws Exception {
        RegisterHistory history = new RegisterHistory();
        ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                done.add(clients.submit(() -> {
                    try (RawHttp http = new RawHttp(s.uri())) {
                        for (int i = 0; i < opsPerClient; i++) {
                            String key = KEYS[ThreadLocalRandom.current().nextInt(KEYS.length)];
                            String path = "/rows/p/" + key;
                            if (ThreadLocalRandom.current().nextBoolean()) {
                                String value = "c" + client + "-" + i;
                                long call = System.nanoTime();
                                RawHttp.Response r = http.send("PUT", path, value.getBytes(StandardCharsets.UTF_8));
                                long ret = System.nanoTime();
                                assertEquals(200, r.status(), r.text());
                                history.add(new RegisterHistory.Op(client, key, true, value, call, ret));
                            } else {
                                long call = System.nanoTime();
                                RawHttp.Response r = http.send("GET", path, null);
                                long ret = System.nanoTime();
                                assertTrue(r.status() == 200 || r.status() == 404, r.text());
                                history.add(new RegisterHistory.Op(client, key, false,
                                        r.status() == 404 ? null : r.text(), call, ret));
                            }
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            clients.shutdown();
        }
        return history;
    }

    private static RawHttp.Response check(WritePathServer s) throws Exception {
        try (RawHttp http = new RawHttp(s.uri(), 60_000)) {
            return http.send("POST", "/check", new byte[0], WritePathServer.TOKEN_HEADER, s.limits().checkToken());
        }
    }

    @Test
    void fourClientsOnThreeRowsSeeALinearizableRegister() throws Exception {
        WritePathServer s = server(WriteClock.monotonicMicros());
        try {
            RegisterHistory history = run(s, 2_600);
            assertTrue(history.size() >= 10_000, "operations: " + history.size());
            assertEquals(Map.of(), history.violations());
            RawHttp.Response check = check(s);
            assertEquals(200, check.status(), check.text());
            assertTrue(check.text().contains("\"ok\":true") && check.text().contains("\"lostWrites\":0"),
                    check.text());
        } finally {
            s.close();
        }
        assertTrue(s.finalReport().ok(), s.finalReport().toString());
    }

    @Test
    void perThreadTimestampsFailTheCheckerAndTheReadBack() throws Exception {
        WritePathServer s = server(new PerThreadClock());
        try {
            // Which handler thread serves the last write of a row is chance; a round whose last writes all happen
            // to come from the thread with the highest count reads back fine, so up to five rounds are run.
            Map<String, String> violations = Map.of();
            String lastCheck = "";
            for (int round = 0; round < 5; round++) {
                RegisterHistory history = run(s, 500);
                if (violations.isEmpty()) {
                    violations = history.violations();
                }
                RawHttp.Response check = check(s);
                lastCheck = check.text();
                if (!violations.isEmpty() && check.status() == 500) {
                    break;
                }
            }
            assertFalse(violations.isEmpty(), "the checker saw no violation");
            assertTrue(lastCheck.contains("\"ok\":false") && lastCheck.contains("lost overwrite"),
                    "the server's read-back: " + lastCheck);
        } finally {
            try {
                s.close();
                fail("the close's read-back must fail too");
            } catch (ReadBackException expected) {
                assertTrue(expected.report().lostWrites() > 0, expected.getMessage());
            }
        }
    }
}

package io.contend.cli.writepath;

import com.sun.net.httpserver.HttpServer;
import io.contend.cli.InProcess;
import io.contend.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class WritepathCommandTest {
    @TempDir
    Path dir;

    /** serve, then stress http against it with a log, the log read back, the check over HTTP, the final check. */
    @Test
    void serveStressHttpSummarizeAndCheck() throws Exception {
        InProcess server = new InProcess();
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(() -> server.run("writepath", "serve",
                "--port", "0", "--for", "12s", "--build", "jdk", "--keys", "1000", "--threshold", "64KiB",
                "--pool-size", "8MiB"));
        // The server prints its URL, then the check token, as two lines: wait for both (reading between them
        // found the URL without the token).
        String url = null;
        String token = null;
        for (int i = 0; i < 200 && token == null; i++) {
            String out = server.out();
            Matcher m = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/)").matcher(out);
            Matcher tokenLine = Pattern.compile("Check token: (\\S+)[^\\r\\n]*\\R").matcher(out);
            if (m.find() && tokenLine.find()) {
                url = m.group(1);
                token = tokenLine.group(1);
            } else {
                Thread.sleep(50);
            }
        }
        assertTrue(url != null && token != null, "the server prints its URL and check token: " + server.out()
                + server.err());

        Path log = dir.resolve("wp.hlog");
        InProcess stress = new InProcess();
        assertEquals(0, stress.run("stress", "http", "--method", "POST", "--url", url + "request", "--rate",
                "fixed=100/s", "--threads", "8", "--duration", "2s", "--log", log.toString()), stress.err());
        Matcher done = Pattern.compile("scheduled 200, completed (\\d+), errors 0").matcher(stress.out());
        assertTrue(done.find() && Integer.parseInt(done.group(1)) >= 150, stress.out());

        InProcess hdr = new InProcess();
        assertEquals(0, hdr.run("hdr", "summarize", log.toString()), hdr.err());
        assertTrue(hdr.out().contains("post-rt"), hdr.out());

        InProcess check = new InProcess();
        assertEquals(0, check.run("writepath", "check", "--url", url, "--token", token), check.err());
        assertTrue(check.out().contains("read-back ok") && check.out().contains("\"lostWrites\":0")
                && check.out().contains("\"readMismatches\":0") && check.out().contains("\"leaks\":0"), check.out());

        assertEquals(0, serving.get(60, TimeUnit.SECONDS), server.err());
        assertTrue(server.out().contains("lostWrites 0, readMismatches 0") && server.out().contains("leaks 0: ok"),
                server.out());
        assertTrue(Files.size(log) > 0);
    }

    @Test
    void badInputIsOneLine() {
        InProcess c = new InProcess();
        assertEquals(2, c.run("writepath", "serve", "--port", "70000"));
        assertTrue(c.err().contains("--port must be in [0, 65535]: 70000"), c.err());
        c = new InProcess();
        assertEquals(2, c.run("writepath", "serve", "--build", "cassandra", "--for", "1s"));
        assertTrue(c.err().contains("--build must be contend or jdk: 'cassandra'"), c.err());
        c = new InProcess();
        assertEquals(1, c.run("writepath", "check", "--url", "http://127.0.0.1:1/", "--token", "t"));
        assertTrue(c.err().startsWith("contend writepath: cannot reach http://127.0.0.1:1/"), c.err());
        assertFalse(c.err().contains("\tat "), c.err());
        c = new InProcess();
        assertEquals(2, c.run("writepath", "check", "--url", "ftp://x/", "--token", "t"));
        c = new InProcess();
        assertEquals(2, c.run("writepath", "check", "--url", "http://127.0.0.1:99999/", "--token", "t"));
        assertTrue(c.err().contains("port out of range") && !c.err().contains("\tat "), c.err());
        c = new InProcess();
        assertEquals(2, c.run("writepath", "serve", "--max-rows", "0", "--for", "1s"));
        assertTrue(c.err().contains("--max-rows must be at least 1: 0"), c.err());
    }

    /** serve takes the write path's options as its own: its errors call them serve options, stress's do not. */
    @Test
    void serveNamesItsOwnOptions() {
        String[][] cases = {
                {"serve option --keys must be a whole number in [1, 100000000]: '0'", "--keys", "0"},
                {"serve option --build must be contend or jdk: 'cassandra'", "--build", "cassandra"},
                {"serve option --pool-size: '1k' has no binary unit", "--pool-size", "1k"},
                {"serve option --pool-mib is now --pool-size 64MiB", "--pool-mib", "64"},
                {"serve option --threshold (8MiB) must not exceed --pool-size (4MiB)", "--threshold", "8MiB",
                        "--pool-size", "4MiB"}};
        for (String[] bad : cases) {
            List<String> args = new ArrayList<>(List.of("writepath", "serve", "--for", "1s"));
            args.addAll(List.of(bad).subList(1, bad.length));
            InProcess c = new InProcess();
            assertEquals(2, c.run(args.toArray(String[]::new)), c.out());
            assertTrue(c.err().startsWith(bad[0]), c.err());
            assertTrue(c.err().endsWith(" (see 'contend writepath serve --help')\n"), c.err());
            assertFalse(c.err().contains("workload"), c.err());
        }
        InProcess stress = new InProcess();
        assertEquals(2, stress.run("stress", "writepath", "--ops", "1", "--keys", "0"));
        assertTrue(stress.err().startsWith("workload option --keys must be a whole number"), stress.err());
    }

    /** The check trusts the report, not the status: a 200 whose JSON says not ok fails. */
    @Test
    void checkReadsTheReportsOk() throws Exception {
        for (String[] answer : new String[][] {{"200", "{\"ok\":false,\"lostWrites\":5}", "1"},
                {"200", "not json", "1"}, {"500", "{\"ok\":true}", "1"}, {"200", "{\"ok\":true}", "0"}}) {
            HttpServer fake = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            fake.createContext("/check", exchange -> {
                byte[] body = answer[1].getBytes(StandardCharsets.UTF_8);
                exchange.getRequestBody().readAllBytes();
                exchange.sendResponseHeaders(Integer.parseInt(answer[0]), body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            fake.start();
            try {
                InProcess c = new InProcess();
                int status = c.run("writepath", "check", "--url", "http://127.0.0.1:" + fake.getAddress().getPort()
                        + "/", "--token", "t");
                assertEquals(Integer.parseInt(answer[2]), status, String.join(" ", answer) + ": " + c.out() + c.err());
                if (status == 1) {
                    assertTrue(c.err().startsWith("contend writepath: read-back failed"), c.err());
                }
            } finally {
                fake.stop(0);
            }
        }
    }

    @Test
    void bindingBeyondLoopbackWarns() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("writepath", "serve", "--bind", "0.0.0.0", "--port", "0", "--for", "1s", "--keys",
                "100", "--pool-size", "8MiB", "--threshold", "1MiB"), c.err());
        assertTrue(c.err().contains("warning: listening on 0.0.0.0 (every interface), beyond loopback"), c.err());
        assertFalse(c.out().contains(") at http://127.0.0.1"), "it does not claim loopback: " + c.out());
        InProcess bad = new InProcess();
        assertEquals(2, bad.run("writepath", "serve", "--bind", "999.1.1.1", "--port", "0", "--for", "1s"));
        assertTrue(bad.err().contains("--bind: cannot resolve '999.1.1.1'"), bad.err());
        assertEquals(2, bad.run("writepath", "serve", "--host-name", "a b", "--for", "1s"));
        assertTrue(bad.err().contains("--host-name: a host name is letters"), bad.err());
    }

    /**
     * With a 256 MiB heap, 1 MiB values to distinct keys: the server refuses with 503 once its row budget is full,
     * reads go on, overwrites of the stored rows go on without exhausting the heap (each flush leaves a segment
     * that holds an old version of every row until segments merge), and SIGTERM prints the read-back report.
     */
    @Test
    void aSmallHeapFillsUpWith503AndStopsWithItsReport() throws Exception {
        assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "destroy() is not a signal on Windows");
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", classPath, Main.class.getName(), "writepath", "serve", "--port", "0")
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder head = new StringBuilder();
            String url = null;
            while (url == null) {
                String line = out.readLine(); // the for-update form would read once more after the match, and block
                if (line == null) {
                    break;
                }
                head.append(line).append('\n');
                Matcher m = Pattern.compile("Drive it: .* --url (http://127\\.0\\.0\\.1:\\d+/)request").matcher(line);
                if (m.find()) {
                    url = m.group(1);
                }
            }
            assertTrue(url != null, head.toString());
            HttpClient client = HttpClient.newHttpClient();
            byte[] mib = new byte[1 << 20];
            int refusedAt = -1;
            for (int i = 0; i < 400 && refusedAt < 0; i++) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url + "rows/big/" + i))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(mib)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 503) {
                    refusedAt = i;
                } else {
                    assertEquals(200, r.statusCode(), r.body());
                }
            }
            assertTrue(refusedAt > 0, "a 256 MiB heap cannot hold 400 MiB of rows: " + head);
            for (int i = 0; i < 160; i++) { // 10 flushes of 16 MiB: a merge of 9 segments, then more
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url + "rows/big/"
                        + i % refusedAt)).PUT(HttpRequest.BodyPublishers.ofByteArray(mib)).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), "overwrite " + i + ": " + r.body());
            }
            HttpResponse<byte[]> get = client.send(HttpRequest.newBuilder(URI.create(url + "rows/big/0")).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, get.statusCode());
            assertEquals(1 << 20, get.body().length);
            p.toHandle().destroy(); // SIGTERM
            assertTrue(p.waitFor(90, TimeUnit.SECONDS));
            StringBuilder rest = new StringBuilder();
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                rest.append(line).append('\n');
            }
            assertTrue(rest.toString().contains("Read-back: " + refusedAt + " rows checked")
                    && rest.toString().contains("lostWrites 0") && rest.toString().contains(": ok"), rest.toString());
            assertFalse(rest.toString().contains("\tat "), rest.toString());
            assertEquals(143, p.exitValue(), "a clean stop by SIGTERM ends with the signal's status: " + rest);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void theWorkloadIsABuiltInOfStress() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("stress", "writepath", "--help"));
        assertTrue(c.out().contains("--build") && c.out().contains("--reads") && c.out().contains("--threshold"),
                c.out());
        c = new InProcess();
        String[] shortFixedRateRun = {"stress", "writepath", "--rate", "fixed=500/s", "--duration", "1s", "--build", "jdk",
            "--keys", "1000", "--pool-size", "8MiB", "--threshold", "64KiB"};
        assertEquals(0, c.run(shortFixedRateRun), c.err());
        assertTrue(c.out().contains("errors 0"), c.out());
    }
}

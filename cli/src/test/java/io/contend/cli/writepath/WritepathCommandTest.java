package io.contend.cli.writepath;

import io.contend.cli.InProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WritepathCommandTest {
    @TempDir
    Path dir;

    /** serve, then stress http against it with a log, the log read back, the check over HTTP, the final check. */
    @Test
    void serveStressHttpSummarizeAndCheck() throws Exception {
        InProcess server = new InProcess();
        CompletableFuture<Integer> serving = CompletableFuture.supplyAsync(() -> server.run("writepath", "serve",
                "--port", "0", "--for", "12s", "--build", "jdk", "--keys", "1000", "--threshold-kib", "64",
                "--pool-mib", "8"));
        String url = null;
        for (int i = 0; i < 200 && url == null; i++) {
            Matcher m = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/)").matcher(server.out());
            if (m.find()) {
                url = m.group(1);
            } else {
                Thread.sleep(50);
            }
        }
        assertTrue(url != null, "the server prints its URL: " + server.out() + server.err());

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
        assertEquals(0, check.run("writepath", "check", "--url", url), check.err());
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
        assertEquals(1, c.run("writepath", "check", "--url", "http://127.0.0.1:1/"));
        assertTrue(c.err().startsWith("contend writepath: cannot reach http://127.0.0.1:1/"), c.err());
        assertFalse(c.err().contains("\tat "), c.err());
        c = new InProcess();
        assertEquals(2, c.run("writepath", "check", "--url", "ftp://x/"));
    }

    @Test
    void theWorkloadIsABuiltInOfStress() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("stress", "writepath", "--help"));
        assertTrue(c.out().contains("--build") && c.out().contains("--reads") && c.out().contains("--threshold-kib"),
                c.out());
        c = new InProcess();
        String[] shortFixedRateRun = {"stress", "writepath", "--rate", "fixed=500/s", "--duration", "1s", "--build", "jdk",
            "--keys", "1000", "--pool-mib", "8", "--threshold-kib", "64"};
        assertEquals(0, c.run(shortFixedRateRun), c.err());
        assertTrue(c.out().contains("errors 0"), c.out());
    }
}

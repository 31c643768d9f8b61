package io.contend.cli.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.contend.cli.Main;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C and kill, end to end: {@code contend stress} in a child JVM gets SIGTERM (what {@link ProcessHandle#destroy()}
 * sends; SIGINT runs the same shutdown hook) and must print its summary before it exits. Only on platforms where
 * destroy() is a signal the JVM's hooks see (not Windows).
 */
class StressSignalTest {
    private static final Duration BOUND = Duration.ofSeconds(90);

    private static Process start(String... args) throws IOException {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classPath, Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    /** Reads stdout until a line starting with the prefix; returns everything read. */
    private static String readUntil(BufferedReader out, String prefix) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            text.append(line).append('\n');
            if (line.startsWith(prefix)) {
                return text.toString();
            }
        }
        throw new AssertionError("no line starting with '" + prefix + "' in:\n" + text);
    }

    private static String rest(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    private static String rest(BufferedReader in) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            text.append(line).append('\n');
        }
        return text.toString();
    }

    /**
     * A request that would take 60 s is in flight when the signal comes. The summary and the last
     * interval are printed at once, the request counted as unfinished; the JVM exits with 128 + 15.
     */
    @Test
    void aSignalDuringALongRequestPrintsTheSummaryWithTheRequestUnfinished() throws Exception {
        assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "destroy() is not a signal on Windows");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        server.createContext("/", exchange -> {
            arrived.countDown();
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
                answer.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        }));
        server.start();
        Process p = start("stress", "http", "--url", "http://127.0.0.1:" + server.getAddress().getPort() + "/",
                "--rate", "fixed=20/s", "--duration", "60s", "--timeout", "60s", "--interval", "200ms");
        try {
            assertTimeoutPreemptively(BOUND, () -> {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String head = readUntil(out, "  time s");
                arrived.await();
                p.toHandle().destroy(); // SIGTERM; unlike Process.destroy() it leaves our ends of the pipes open
                assertTrue(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS));
                String text = head + rest(out);
                String err = rest(p.getErrorStream());
                assertEquals(143, p.exitValue(), text + err);
                assertTrue(text.contains("Results (stopped early), latency = response time"), text);
                assertTrue(text.matches("(?s).*unfinished [1-9].*"), text);
                assertTrue(text.contains("get-rt"), text);
                assertFalse(err.contains("\tat "), err);
            });
        } finally {
            p.destroyForcibly();
            answer.countDown();
            server.stop(0);
        }
    }

    /** A signal in the warm-up reports that nothing was measured, not a schedule all missed. */
    @Test
    void aSignalDuringTheWarmupMeasuresNothing() throws Exception {
        assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "destroy() is not a signal on Windows");
        Process p = start("stress", "sleep", "--rate", "fixed=100/s", "--warmup", "60s", "--duration", "5s");
        try {
            assertTimeoutPreemptively(BOUND, () -> {
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                String head = readUntil(out, "  time s");
                p.toHandle().destroy(); // SIGTERM; unlike Process.destroy() it leaves our ends of the pipes open
                assertTrue(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS));
                String text = head + rest(out);
                assertEquals(143, p.exitValue(), text);
                assertTrue(text.contains("Stopped during the warm-up: nothing was measured."), text);
                assertFalse(text.contains("missed"), text);
            });
        } finally {
            p.destroyForcibly();
        }
    }
}

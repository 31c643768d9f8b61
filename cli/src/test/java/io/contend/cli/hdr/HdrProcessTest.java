package io.contend.cli.hdr;

import io.contend.cli.InProcess;
import io.contend.cli.Main;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The hdr commands in a child JVM, for what a process has and a test's JVM must not touch: a small heap, a
 * signal, its own standard input.
 */
class HdrProcessTest {
    private static final Duration BOUND = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    private static ProcessBuilder contend(List<String> jvmOptions, String... args) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classPath, Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * A histogram holding a value near 2^61 at 5 significant digits needs a 49 MB counts array, more than a 32 MB
     * heap: the command says it ran out of memory at that line, never that the log is malformed.
     */
    @Test
    void runningOutOfMemoryIsNamedAsSuchWithItsLine() throws Exception {
        Path log = dir.resolve("big.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(HdrTestLogs.START_MS);
            writer.outputBaseTime(HdrTestLogs.START_MS);
            Histogram small = new Histogram(3);
            small.recordValue(1000);
            writer.outputIntervalHistogram(0, 1, small);
            Histogram big = new Histogram(1, 1L << 62, 5);
            big.recordValue(1L << 61);
            writer.outputIntervalHistogram(1, 2, big);
        }
        Process p = contend(List.of("-Xmx32m", "-XX:+UseSerialGC"), "hdr", "summarize", log.toString()).start();
        assertTimeoutPreemptively(BOUND, () -> {
            p.getOutputStream().close();
            String out = text(p.getInputStream().readAllBytes());
            String err = text(p.getErrorStream().readAllBytes());
            assertTrue(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS));
            assertEquals(1, p.exitValue(), out + err);
            assertEquals("contend hdr summarize: out of memory reading " + log + " at line 4"
                    + HdrSubcommand.HEAP_HINT + "\n", err);
        });
    }

    /**
     * SIGTERM while to-csv writes its output (reading a pipe that stays open, so the moment is certain): the
     * shutdown hook deletes the temporary file, and the JVM exits with 128 + 15.
     */
    @Test
    void aSignalDuringToCsvLeavesNoTemporaryFile() throws Exception {
        assumeTrue(!System.getProperty("os.name").startsWith("Windows"), "destroy() is not a signal on Windows");
        Path log = dir.resolve("run.hlog");
        HdrTestLogs.write(log, 4, 3, "read-rt", "read-st");
        Path fifo = dir.resolve("run.fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no mkfifo on this platform");
        Path csv = dir.resolve("out").resolve("run.csv");
        Process p = contend(List.of(), "hdr", "to-csv", fifo.toString(), "--out", csv.toString()).start();
        try {
            assertTimeoutPreemptively(BOUND, () -> {
                // Read-write: opening does not wait for the command to open its end, and the log fits the pipe.
                try (RandomAccessFile pipe = new RandomAccessFile(fifo.toFile(), "rw")) {
                    pipe.write(Files.readAllBytes(log));
                    while (temporaryFiles(csv.getParent()).isEmpty()) {
                        assertTrue(p.isAlive(), () -> "ended early: " + stderr(p));
                        Thread.sleep(20);
                    }
                    p.toHandle().destroy(); // SIGTERM, with the pipe still open: the command is mid-way
                    assertTrue(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS));
                }
                assertEquals(143, p.exitValue(), stderr(p));
                assertEquals(List.of(), temporaryFiles(csv.getParent()), "the hook deleted the temporary file");
                assertFalse(Files.exists(csv), "no half CSV");
            });
        } finally {
            p.destroyForcibly();
        }
    }

    /** {@code cat run.hlog | contend hdr summarize /dev/stdin}: a pipe is a log like a file. */
    @Test
    void devStdinOnAPipeIsALog() throws Exception {
        Path stdin = Path.of("/dev/stdin");
        assumeTrue(Files.exists(stdin), "no /dev/stdin on this platform");
        Path log = dir.resolve("run.hlog");
        HdrTestLogs.write(log, 5, 4, "read-rt", "write-rt");
        InProcess inProcess = new InProcess();
        assertEquals(0, inProcess.run("hdr", "summarize", log.toString(), "--format", "csv"));
        Process p = contend(List.of(), "hdr", "summarize", stdin.toString(), "--format", "csv").start();
        assertTimeoutPreemptively(BOUND, () -> {
            try (OutputStream in = p.getOutputStream()) {
                in.write(Files.readAllBytes(log));
            }
            String out = text(p.getInputStream().readAllBytes());
            String err = text(p.getErrorStream().readAllBytes());
            assertTrue(p.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), err);
            assertEquals(inProcess.out().replace(log.toString(), stdin.toString()), out);
        });
    }

    private static List<Path> temporaryFiles(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private static String stderr(Process p) {
        try {
            return p.isAlive() ? "(running)" : text(p.getErrorStream().readAllBytes());
        } catch (IOException e) {
            return e.toString();
        }
    }
}

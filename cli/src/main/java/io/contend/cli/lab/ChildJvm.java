package io.contend.cli.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A measurement in a JVM of its own, which the lab's JVM starts and then only waits for: a JMH round
 * ({@link JmhExecutor}) or an interleaved round ({@link Interleaving}).
 */
final class ChildJvm {
    /** How many of a failed JVM's last output lines its exception quotes. */
    static final int TAIL_LINES = 6;

    private ChildJvm() {
    }

    /**
     * Runs the command and waits for it, within the limit.
     *
     * @param command the JVM's command line
     * @param limitMs how long it may run; beyond that it is stopped
     * @param what the measurement, for messages, e.g. "the interleaved measurement of BurstLoop {...}"
     * @return its output, standard output and standard error merged, as lines
     * @throws IOException if it cannot start, does not end within the limit, exits with a status other than 0 (the
     *                     message quotes its last lines), or the wait is interrupted (the interrupt is kept)
     */
    static List<String> run(List<String> command, long limitMs, String what) throws IOException {
        Path output = Files.createTempFile("contend-child", ".out");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            boolean ended;
            try {
                ended = p.waitFor(limitMs, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + what, e);
            }
            if (!ended) {
                p.destroyForcibly();
                throw new IOException(what + " did not end within " + limitMs + " ms");
            }
            List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException(what + " failed (exit " + p.exitValue() + "): "
                        + String.join(" | ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())));
            }
            return lines;
        } finally {
            Files.deleteIfExists(output);
        }
    }
}

package io.contend.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A program the CLI starts and then only waits for: the lab's JMH and interleaved rounds, {@code contend compare}'s
 * JMH runs. Its output, standard output and standard error merged, goes to a file, never through a pipe that could
 * fill.
 */
public final class ChildProcess {
    /** How many of a failed program's last output lines its exception quotes. */
    static final int TAIL_LINES = 6;

    private ChildProcess() {
    }

    /**
     * Runs the command and waits for it, however long it takes.
     *
     * @param command the command line
     * @param log where its output goes (the caller's file: kept, or deleted by the caller)
     * @param what the program, for messages, e.g. "JMH in the baseline's round 3"
     * @return its output as lines
     * @throws IOException if it cannot start, exits with a status other than 0 (the message quotes its last lines),
     *                     or the wait is interrupted (the program is stopped and the interrupt kept)
     */
    public static List<String> run(List<String> command, Path log, String what) throws IOException {
        return run(command, log, Long.MAX_VALUE, what);
    }

    /**
     * Runs the command and waits for it, within the limit.
     *
     * @param command the command line
     * @param log where its output goes (the caller's file: kept, or deleted by the caller)
     * @param limitMs how long it may run; beyond that it is stopped
     * @param what the program, for messages, e.g. "the interleaved measurement of BurstLoop {...}"
     * @return its output as lines
     * @throws IOException if it cannot start, does not end within the limit, exits with a status other than 0 (the
     *                     message quotes its last lines), or the wait is interrupted (the program is stopped and the
     *                     interrupt kept)
     */
    public static List<String> run(List<String> command, Path log, long limitMs, String what) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
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
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(what + " failed (exit " + p.exitValue() + "): "
                    + String.join(" | ", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())));
        }
        return lines;
    }
}

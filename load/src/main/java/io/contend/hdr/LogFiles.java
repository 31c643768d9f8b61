package io.contend.hdr;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the tools name and open their input logs. A log is read once, front to back, so any readable file will
 * do: a regular file, a pipe or FIFO, a device such as {@code /dev/stdin}, or {@value #STANDARD_INPUT_NAME} for
 * standard input, as in most command-line tools.
 */
public final class LogFiles {
    /** The path that stands for standard input. */
    public static final Path STANDARD_INPUT = Path.of("-");
    /** How standard input is named in messages. */
    public static final String STANDARD_INPUT_NAME = "-";
    private static final String STANDARD_INPUT_STEM = "stdin";

    private LogFiles() {
    }

    /**
     * @param log an input log
     * @return whether it is {@link #STANDARD_INPUT}
     */
    public static boolean isStandardInput(Path log) {
        return STANDARD_INPUT.equals(log);
    }

    /**
     * @param log an input log
     * @return its name in messages and summaries: the path as given ({@value #STANDARD_INPUT_NAME} for standard input)
     */
    public static String name(Path log) {
        return isStandardInput(log) ? STANDARD_INPUT_NAME : log.toString();
    }

    /**
     * @param log an input log
     * @return the start of the names of files made from it: its file name without the extension ({@code run} for
     *         {@code run.hlog}), {@value #STANDARD_INPUT_STEM} for standard input
     */
    public static String stem(Path log) {
        if (isStandardInput(log) || log.getFileName() == null) {
            return STANDARD_INPUT_STEM;
        }
        String name = log.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * @param log an input log
     * @return the directory files made from it go to by default: a regular file's own directory, else (standard
     *         input, a pipe, a device, or {@code /dev/stdin} and {@code /proc/self/fd/0} when they lead to a
     *         redirected file) the current directory
     */
    public static Path defaultOutputDirectory(Path log) {
        Path parent = log.toAbsolutePath().normalize().getParent();
        if (isStandardInput(log) || !Files.isRegularFile(log) || parent == null || parent.startsWith("/dev")
                || parent.startsWith("/proc")) {
            return Path.of("").toAbsolutePath();
        }
        return log.toAbsolutePath().getParent();
    }

    /**
     * @param log an input log
     * @return its bytes; for standard input a stream whose close leaves standard input open
     * @throws java.nio.file.NoSuchFileException if there is no such file
     * @throws IOException if it cannot be opened
     */
    public static InputStream open(Path log) throws IOException {
        if (isStandardInput(log)) {
            return new FilterInputStream(System.in) {
                @Override
                public void close() {
                    // standard input belongs to the process, not to this reader
                }
            };
        }
        return Files.newInputStream(log);
    }
}

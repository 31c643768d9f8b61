package io.contend.load;

import io.contend.hdr.IoMessages;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The measured run's HdrHistogram interval log (format 1.3, written by HdrHistogram's own
 * {@link HistogramLogWriter}), written while the run goes so that it can be followed. Each interval's lines
 * (every tag) reach the file in one write; after a failed write the file is cut back to the end of the last
 * whole interval, so that it never ends mid-line and every reader still reads all of it. The first failure ends
 * the logging and is kept as a one-line message; later writes are skipped. Used by one thread.
 */
final class StressLog implements Closeable {
    /** Opens the log's channel; tests inject failures here. */
    @FunctionalInterface
    interface Opener {
        /** @return a channel positioned at the start of an empty file (or a device) */
        FileChannel open(Path path) throws IOException;
    }

    /** Creates or truncates the file. */
    static final Opener FILES = path -> FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);

    private final Path path;
    private final FileChannel channel;
    /** A device such as /dev/full cannot be truncated; a regular file can. */
    private final boolean regularFile;
    private final ByteArrayOutputStream pending = new ByteArrayOutputStream(64 * 1024);
    private final PrintStream text = new PrintStream(pending, false, StandardCharsets.UTF_8);
    private final HistogramLogWriter writer = new HistogramLogWriter(text);
    /** Bytes of the file that hold whole lines. */
    private long wholeBytes;
    private String failure;
    private IOException failureCause;
    private boolean closed;

    private StressLog(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
        this.regularFile = Files.isRegularFile(path);
    }

    /**
     * Opens the log (creating missing directories) and writes its first lines, the comments and the format
     * version, so that a log that cannot be written fails here, before anything runs.
     *
     * @throws UncheckedIOException with the message "cannot write the interval log PATH: reason"
     */
    static StressLog open(Path path, List<String> comments, Opener opener) {
        FileChannel channel = null;
        StressLog log = null;
        try {
            Path directory = path.toAbsolutePath().getParent();
            if (directory != null && !Files.isDirectory(directory)) {
                Files.createDirectories(directory);
            }
            channel = opener.open(path);
            log = new StressLog(path, channel);
            for (String comment : comments) {
                log.writer.outputComment(comment.replace('\n', ' ').replace('\r', ' '));
            }
            log.writer.outputLogFormatVersion();
            log.writePending();
            return log;
        } catch (IOException e) {
            if (log != null) {
                log.cutToWholeLines();
            }
            closeQuietly(channel);
            throw new UncheckedIOException("cannot write the interval log " + path + ": " + IoMessages.reason(path, e), e);
        }
    }

    /**
     * Writes the StartTime, the BaseTime and the legend.
     *
     * @return false if the log has failed
     */
    boolean start(long startMillis) {
        writer.outputStartTime(startMillis);
        writer.setBaseTime(startMillis);
        writer.outputBaseTime(startMillis);
        writer.outputLegend();
        return flush();
    }

    /**
     * Writes one interval: a line per histogram, each carrying its tag and its start and end time stamps.
     *
     * @return false if the log has failed
     */
    boolean write(List<Histogram> interval) {
        if (failure != null) {
            return false;
        }
        for (Histogram h : interval) {
            writer.outputIntervalHistogram(h);
        }
        return flush();
    }

    /** @return the first failure as "writing the interval log PATH failed: reason", or null */
    String failure() {
        return failure;
    }

    /** @return the exception behind {@link #failure()}, or null */
    IOException failureCause() {
        return failureCause;
    }

    private boolean flush() {
        if (failure != null) {
            text.flush();
            pending.reset();
            return false;
        }
        try {
            writePending();
            return true;
        } catch (IOException e) {
            failure = "writing the interval log " + path + " failed: " + IoMessages.reason(path, e) + cutToWholeLines();
            failureCause = e;
            return false;
        }
    }

    /** Writes what the HdrHistogram writer has produced since the last call, all of it or an exception. */
    private void writePending() throws IOException {
        text.flush();
        ByteBuffer bytes = ByteBuffer.wrap(pending.toByteArray());
        pending.reset();
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
        wholeBytes += bytes.limit();
    }

    /** @return "" when the file ends on its last whole line now (or is a device), else what went wrong */
    private String cutToWholeLines() {
        if (!regularFile) {
            return "";
        }
        try {
            channel.truncate(wholeBytes);
            return "";
        } catch (IOException e) {
            return "; cutting it back to its last whole line failed too: " + IoMessages.reason(path, e);
        }
    }

    /** Closes the file; a failure to close is kept like a failed write. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = "closing the interval log " + path + " failed: " + IoMessages.reason(path, e);
                failureCause = e;
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the open failure is what gets reported
            }
        }
    }
}

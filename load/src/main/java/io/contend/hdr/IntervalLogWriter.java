package io.contend.hdr;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes an interval log with HdrHistogram's {@link HistogramLogWriter} (format 1.3): a comment, the format
 * version, StartTime, BaseTime, the legend, then intervals with timestamps relative to the BaseTime. The log
 * goes to a temporary file that {@link #commit()} moves into place, so a failed run leaves no half log; missing
 * directories are created.
 */
final class IntervalLogWriter implements Closeable {
    private final Path target;
    private final Path temporary;
    private final PrintStream stream;
    private final HistogramLogWriter writer;
    private final double baseTime;
    private boolean committed;

    /**
     * @param target the log to write
     * @param comment a first-line comment (line breaks become spaces)
     * @param startTimeSeconds the log's StartTime, seconds since the epoch; NaN writes none (a log without
     *                         intervals)
     * @param baseTimeSeconds the log's BaseTime, subtracted from every absolute time; NaN writes none and
     *                        subtracts nothing
     */
    IntervalLogWriter(Path target, String comment, double startTimeSeconds, double baseTimeSeconds)
            throws IOException {
        this.target = target;
        this.temporary = target.resolveSibling(target.getFileName() + ".tmp");
        Path directory = target.toAbsolutePath().getParent();
        if (directory != null) {
            Files.createDirectories(directory);
        }
        this.stream = new PrintStream(new BufferedOutputStream(Files.newOutputStream(temporary)), false,
                StandardCharsets.UTF_8);
        this.writer = new HistogramLogWriter(stream);
        writer.outputComment(comment.replace('\n', ' ').replace('\r', ' '));
        writer.outputLogFormatVersion();
        if (!Double.isNaN(startTimeSeconds)) {
            writer.outputStartTime(Math.round(startTimeSeconds * 1000));
        }
        if (Double.isNaN(baseTimeSeconds)) {
            this.baseTime = 0;
        } else {
            long baseMillis = Math.round(baseTimeSeconds * 1000);
            this.baseTime = baseMillis / 1000.0; // the value readers will see in the header
            writer.outputBaseTime(baseMillis);
        }
        writer.outputLegend();
    }

    /** Writes one interval with its tag, at its absolute times. */
    void write(HdrInterval interval) {
        Histogram histogram = interval.histogram();
        String previousTag = histogram.getTag();
        histogram.setTag(interval.tag()); // the writer takes the tag from the histogram
        try {
            writer.outputIntervalHistogram(interval.startSeconds() - baseTime, interval.endSeconds() - baseTime,
                    histogram);
        } finally {
            histogram.setTag(previousTag);
        }
    }

    /** Flushes and moves the log into place, replacing an older file. */
    void commit() throws IOException {
        stream.flush();
        if (stream.checkError()) {
            throw new IOException("cannot write " + temporary);
        }
        stream.close();
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    /** Without a commit, drops the temporary file. */
    @Override
    public void close() throws IOException {
        if (!committed) {
            stream.close();
            Files.deleteIfExists(temporary);
        }
    }
}

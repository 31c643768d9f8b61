package io.contend.hdr;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.Closeable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Writes an interval log with HdrHistogram's {@link HistogramLogWriter} (format 1.3): a comment, the format
 * version, StartTime, BaseTime, the legend, then intervals with timestamps relative to the BaseTime. The log
 * is an {@link OutputFile}: never one of the inputs, written to a temporary file of a fresh name that
 * {@link #commit()} moves into place, so a failure leaves no half log; missing directories are created. A writer
 * can be {@link #release() released} to free its file descriptor, and reopens (appending) at its next write.
 */
final class IntervalLogWriter implements Closeable {
    private final OutputFile output;
    /** Null while released, as is the writer. */
    private PrintStream stream;
    private HistogramLogWriter writer;
    private final double baseTime;

    /**
     * @param target the log to write
     * @param inputs the logs being read, which the target must not be
     * @param opener how files are opened
     * @param comment a first-line comment (line breaks become spaces)
     * @param startTimeSeconds the log's StartTime, seconds since the epoch; NaN writes none (a log without
     *                         intervals)
     * @param baseTimeSeconds the log's BaseTime, subtracted from every absolute time; NaN writes none and
     *                        subtracts nothing
     */
    IntervalLogWriter(Path target, Collection<Path> inputs, OutputFile.Opener opener, String comment,
                      double startTimeSeconds, double baseTimeSeconds) throws IOException {
        this.output = OutputFile.create(target, inputs, opener);
        this.stream = new PrintStream(output.stream(), false, StandardCharsets.UTF_8);
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

    /**
     * Writes one interval with its tag, at its absolute times.
     *
     * @throws IOException if a released writer cannot be reopened
     */
    void write(HdrInterval interval) throws IOException {
        if (writer == null) {
            output.reopen();
            stream = new PrintStream(output.stream(), false, StandardCharsets.UTF_8);
            writer = new HistogramLogWriter(stream); // it keeps no state between lines that this class uses
        }
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

    /**
     * @return the log, every line handed to HdrHistogram's writer so far; commit it with {@link #commit()} or
     *         {@link OutputFile#commitAll}
     * @throws IOException if a write failed (HdrHistogram's writer prints to a PrintStream, which keeps only
     *         a flag; the stream is flushed here so the flag is current)
     */
    OutputFile written() throws IOException {
        if (stream == null) {
            return output; // released: flushed and checked then
        }
        stream.flush();
        if (stream.checkError()) {
            // PrintStream swallows the cause; write through to get it, naming the target
            output.stream().flush();
            throw new IOException("cannot write " + output.target());
        }
        return output;
    }

    /**
     * Writes out what was written and closes the file until the next {@link #write}.
     *
     * @throws IOException if a write failed, naming the target
     */
    void release() throws IOException {
        if (stream != null) {
            written();
            output.release();
            stream = null;
            writer = null;
        }
    }

    /** Flushes and moves the log into place, replacing an older file. */
    void commit() throws IOException {
        written().commit();
    }

    /** Without a commit, drops the temporary file. */
    @Override
    public void close() throws IOException {
        output.close();
    }
}

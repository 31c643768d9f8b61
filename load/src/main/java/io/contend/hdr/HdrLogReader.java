package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogScanner;

import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.zip.DataFormatException;

/**
 * Reads an HDR interval log (HdrHistogram's format, tagged or untagged) one interval at a time.
 *
 * <p>Every line is parsed, and every histogram decoded, by HdrHistogram's own {@link HistogramLogScanner}, the
 * engine of {@code HistogramLogReader}. Times follow {@code HistogramLogReader}'s rules: the latest
 * {@code #[StartTime: ]} is the log's start (else the first interval's timestamp); {@code #[BaseTime: ]} is
 * added to every timestamp; without a BaseTime, timestamps more than a year before the StartTime are taken
 * as relative to it and the others as absolute. What this class adds, for tools:
 * <ul>
 * <li>strictness: a malformed line, a payload that is not base64 or not a histogram, a compressed payload
 * whose zlib check fails (HdrHistogram's decoder stops before the check, so a changed character would
 * otherwise change counts silently), a truncated last line or text that is not UTF-8 is an
 * {@link HdrLogFormatException} naming the line, where {@code HistogramLogReader} silently stops at the first
 * bad line and returns what it read; so is an empty input (no bytes at all), which it reads as a log without
 * intervals;</li>
 * <li>exact times: absolute times stay in seconds at the log's millisecond precision, where
 * {@code HistogramLogReader} truncates them to whole milliseconds (often one millisecond early);</li>
 * <li>tag and time-window filters ({@link IntervalFilter}), applied before a histogram is decoded;</li>
 * <li>histograms sized for their values: a histogram's counts array covers the values it holds, not the range
 * its header declares ({@link CompactHistogramDecoder}), so a {@code Histogram(1, 2^62, 5)} holding three values
 * costs what its values need, not 49 MB;</li>
 * <li>failures that name the line: running out of memory is an {@link HdrLogOutOfMemoryError}, never a
 * malformed line, and {@link #forEachRemaining} names the line of an interval whose handling overflows a count
 * or runs out of memory.</li>
 * </ul>
 * Blank lines are skipped. After an exception the reader is unusable. Not thread-safe.
 */
public final class HdrLogReader implements Closeable {
    /** HistogramLogReader's threshold between relative and absolute timestamps when there is no BaseTime. */
    private static final double ONE_YEAR_SECONDS = 365 * 24 * 3600.0;
    private static final int SNIPPET = 60;

    private final Utf8LineReader in;
    private final String source;
    private final IntervalFilter filter;
    private long lineNumber;
    private double startTime = Double.NaN;
    private boolean observedStartTime;
    private double baseTime = Double.NaN;
    private boolean observedBaseTime;

    /**
     * @param in the log's bytes (UTF-8 or ASCII text, lines ending in '\n' or "\r\n"); closed with this reader
     * @param source the name of the log, for error messages
     * @param filter which intervals to return
     */
    public HdrLogReader(InputStream in, String source, IntervalFilter filter) {
        Objects.requireNonNull(in, "in");
        this.source = Objects.requireNonNull(source, "source");
        this.filter = Objects.requireNonNull(filter, "filter");
        this.in = new Utf8LineReader(in);
    }

    /** What {@link #forEachRemaining} does with each interval. */
    @FunctionalInterface
    public interface IntervalAction {
        /**
         * @param interval the interval just read
         * @throws IOException if the action's own output fails
         */
        void accept(HdrInterval interval) throws IOException;
    }

    /**
     * @param file an interval log: any readable file, pipe or device, read once from the front, or
     *             {@link LogFiles#STANDARD_INPUT}
     * @param filter which intervals to return
     * @return a reader of the file
     * @throws java.nio.file.NoSuchFileException if there is no such file
     * @throws IOException if it cannot be opened
     */
    public static HdrLogReader open(Path file, IntervalFilter filter) throws IOException {
        return new HdrLogReader(LogFiles.open(file), LogFiles.name(file), filter);
    }

    /**
     * Reads a whole log into memory; for large logs prefer {@link #next()}.
     *
     * @param file an interval log
     * @param filter which intervals to return
     * @return its intervals, in file order
     * @throws HdrLogFormatException if the log is malformed
     * @throws IOException if it cannot be read
     */
    public static List<HdrInterval> readAll(Path file, IntervalFilter filter) throws IOException {
        try (HdrLogReader reader = open(file, filter)) {
            List<HdrInterval> intervals = new ArrayList<>();
            for (HdrInterval i = reader.next(); i != null; i = reader.next()) {
                intervals.add(i);
            }
            return intervals;
        }
    }

    /**
     * @return the next interval the filter accepts, or null at the end of the log
     * @throws HdrLogFormatException if a line is malformed, or the log is empty
     * @throws IOException if the log cannot be read
     * @throws HdrLogOutOfMemoryError if a histogram does not fit in memory, naming the line
     */
    public HdrInterval next() throws IOException {
        try {
            for (String line = readLine(); line != null; line = readLine()) {
                HdrInterval interval = parse(line);
                if (interval != null) {
                    return interval;
                }
            }
            return null;
        } catch (OutOfMemoryError e) {
            throw outOfMemory(e);
        }
    }

    /**
     * Reads the rest of the log and hands each interval the filter accepts to the action, in file order. A
     * failure while the action handles an interval names this log and the interval's line.
     *
     * @param action what to do with each interval
     * @throws HdrLogFormatException if a line is malformed, or the log is empty
     * @throws HdrLogLimitException if the action throws an ArithmeticException: a count that overflows
     * @throws IOException if the log cannot be read, or as the action throws it
     * @throws HdrLogOutOfMemoryError if reading or the action runs out of memory
     */
    public void forEachRemaining(IntervalAction action) throws IOException {
        for (HdrInterval interval = next(); interval != null; interval = next()) {
            try {
                action.accept(interval);
            } catch (ArithmeticException e) {
                throw limit(e.getMessage(), e);
            } catch (OutOfMemoryError e) {
                throw outOfMemory(e);
            }
        }
    }

    /** @return the number of the last line read: after {@link #next()}, the line of the interval it returned */
    public long lineNumber() {
        return lineNumber;
    }

    /** @return the log's start, seconds since the epoch, as HistogramLogReader has it so far; NaN before any */
    public double startTimeSeconds() {
        return startTime;
    }

    /** @return what is added to the log's timestamps, seconds; NaN before a BaseTime or the first interval */
    public double baseTimeSeconds() {
        return baseTime;
    }

    /** @return the name of the log */
    public String source() {
        return source;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private String readLine() throws IOException {
        try {
            String line = in.readLine();
            if (line == null && lineNumber == 0) {
                // Else an empty file (a failed copy, a run that never started) would read as a log without intervals.
                throw new HdrLogFormatException(source, 1, "empty, not an HDR interval log", null);
            }
            lineNumber++;
            return line;
        } catch (CharacterCodingException e) {
            throw new HdrLogFormatException(source, lineNumber + 1, "not UTF-8 text", e);
        } catch (OutOfMemoryError e) { // a line longer than the heap holds
            throw new HdrLogOutOfMemoryError(source, lineNumber + 1, e);
        }
    }

    private HdrInterval parse(String line) throws HdrLogFormatException {
        if (line.isBlank()) {
            return null;
        }
        boolean comment = line.charAt(0) == '#';
        if (!comment && !isAscii(line)) {
            throw error("an interval line must be ASCII text: " + snippet(line), null);
        }
        // Only ASCII reaches the scanner: it would split a line at Unicode line separators.
        String text = comment ? asciiOnly(line) : line;
        LineHandler handler = new LineHandler(line);
        try (HistogramLogScanner scanner = new HistogramLogScanner(
                new ByteArrayInputStream((text + "\n").getBytes(StandardCharsets.US_ASCII)))) {
            scanner.process(handler);
        } catch (RuntimeException e) {
            WrappedErrors.rethrow(e);
            // The scanner moves to the next line even after a failure, and fails again at the end of a broken line.
            handler.fail("malformed line", e);
        }
        if (handler.problem != null) {
            throw error(handler.problem + ": " + snippet(line), handler.cause);
        }
        return handler.interval;
    }

    private HdrLogFormatException error(String problem, Throwable cause) {
        return new HdrLogFormatException(source, lineNumber, problem, cause);
    }

    /** @return the problem, at the current line */
    HdrLogLimitException limit(String problem, Throwable cause) {
        return new HdrLogLimitException(source, lineNumber, problem, cause);
    }

    /** @return the error naming this log and the current line (as it is, if it names them already) */
    HdrLogOutOfMemoryError outOfMemory(OutOfMemoryError e) {
        return e instanceof HdrLogOutOfMemoryError ? (HdrLogOutOfMemoryError) e
                : new HdrLogOutOfMemoryError(source, lineNumber, e);
    }

    private static boolean isAscii(String s) {
        return s.chars().allMatch(c -> c < 128);
    }

    private static String asciiOnly(String s) {
        StringBuilder out = new StringBuilder(s.length());
        s.chars().forEach(c -> out.append(c < 128 ? (char) c : '?'));
        return out.toString();
    }

    private static String snippet(String line) {
        return "'" + (line.length() <= SNIPPET ? line : line.substring(0, SNIPPET) + "...") + "'";
    }

    /** Receives the scanner's events for one line: at most one interval. */
    private final class LineHandler implements HistogramLogScanner.EventHandler {
        HdrInterval interval;
        String problem;
        Throwable cause;
        private final String line;
        private boolean sawInterval;

        LineHandler(String line) {
            this.line = line;
        }

        void fail(String what, Throwable why) {
            if (problem == null) {
                problem = why == null ? what : what + " (" + why + ")";
                cause = why;
            }
        }

        @Override
        public boolean onComment(String comment) {
            return false;
        }

        @Override
        public boolean onStartTime(double secondsSinceEpoch) {
            if (!Double.isFinite(secondsSinceEpoch)) {
                fail("StartTime must be a finite number, got " + secondsSinceEpoch, null);
                return true;
            }
            startTime = secondsSinceEpoch;
            observedStartTime = true;
            return false;
        }

        @Override
        public boolean onBaseTime(double secondsSinceEpoch) {
            if (!Double.isFinite(secondsSinceEpoch)) {
                fail("BaseTime must be a finite number, got " + secondsSinceEpoch, null);
                return true;
            }
            baseTime = secondsSinceEpoch;
            observedBaseTime = true;
            return false;
        }

        @Override
        public boolean onHistogram(String tag, double timestamp, double length,
                                   HistogramLogScanner.EncodableHistogramSupplier lazyReader) {
            if (sawInterval) {
                fail("more than one interval on one line", null);
                return true;
            }
            sawInterval = true;
            if (!Double.isFinite(timestamp) || !Double.isFinite(length) || length < 0) {
                fail("an interval needs a finite timestamp and a finite, non-negative length, got " + timestamp
                        + " and " + length, null);
                return true;
            }
            if (!observedStartTime) {
                startTime = timestamp;
                observedStartTime = true;
            }
            if (!observedBaseTime) {
                baseTime = timestamp < startTime - ONE_YEAR_SECONDS ? startTime : 0.0;
                observedBaseTime = true;
            }
            double start = timestamp + baseTime;
            double end = start + length;
            if (!Double.isFinite(end)) {
                fail("the interval's absolute end is not a finite number: " + timestamp + " + " + baseTime + " + "
                        + length, null);
                return true;
            }
            if (filter.acceptsTag(tag) && filter.acceptsOffset(start - startTime)) {
                Histogram histogram = decode(lazyReader);
                if (histogram != null) {
                    histogram.setTag(tag);
                    histogram.setStartTimeStamp(Math.round(start * 1000));
                    histogram.setEndTimeStamp(Math.round(end * 1000));
                    interval = new HdrInterval(filter.ignoreTags() ? null : tag, start, end, histogram);
                }
            }
            return true;
        }

        private Histogram decode(HistogramLogScanner.EncodableHistogramSupplier lazyReader) {
            String payload = line.substring(line.lastIndexOf(',') + 1).trim();
            try {
                Histogram compact = CompactHistogramDecoder.decode(payload);
                if (compact != null) {
                    return compact;
                }
            } catch (ArithmeticException e) {
                fail(e.getMessage(), null);
                return null;
            }
            // Payloads the compact decoder leaves alone (older encodings, bad ones): HdrHistogram decodes them, or
            // says what is wrong.
            EncodableHistogram decoded;
            try {
                decoded = lazyReader.read();
            } catch (DataFormatException e) {
                fail("corrupted histogram payload", e);
                return null;
            } catch (RuntimeException e) {
                WrappedErrors.rethrow(e); // out of memory in a constructor HdrHistogram calls by reflection
                fail("the histogram payload is not a base64 histogram", e);
                return null;
            }
            if (!(decoded instanceof Histogram)) {
                fail("not an integer-valued Histogram (" + decoded.getClass().getSimpleName()
                        + "); contend's tools read Histogram logs", null);
                return null;
            }
            String payloadProblem = CompressedPayload.problem(payload);
            if (payloadProblem != null) {
                fail(payloadProblem, null);
                return null;
            }
            Histogram histogram = (Histogram) decoded;
            String countProblem = countProblem(histogram);
            if (countProblem != null) {
                fail(countProblem, null);
                return null;
            }
            return histogram;
        }

        @Override
        public boolean onException(Throwable t) {
            // The scanner hands every Throwable here: running out of memory is not a malformed line.
            WrappedErrors.rethrow(t);
            fail("malformed line, expected [Tag=T,]start,length,max,base64-histogram", t);
            return true;
        }
    }

    /** Counts that overflow break HdrHistogram's percentile iteration; a full scan of the counts costs too much. */
    private static String countProblem(Histogram histogram) {
        return histogram.getTotalCount() < 0 ? "the histogram's total count overflows" : null;
    }
}

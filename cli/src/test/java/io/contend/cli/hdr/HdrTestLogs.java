package io.contend.cli.hdr;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/** Interval logs written by HdrHistogram's HistogramLogWriter from seeded random latencies (ns), as contend stress writes them. */
final class HdrTestLogs {
    static final long START_MS = 1_700_000_000_123L;

    private HdrTestLogs() {
    }

    /**
     * A log whose histograms declare the widest range at the finest precision, {@code Histogram(1, 2^62, 5)}, but
     * hold a few latencies (about 1 ms) each: cheap to store, costly to any reader that allocates the declared range.
     *
     * @return the total count written
     */
    static long writeWideRange(Path file, long seed, int intervals) throws IOException {
        Random random = new Random(seed);
        long total = 0;
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(START_MS);
            writer.outputBaseTime(START_MS);
            writer.outputLegend();
            for (int i = 0; i < intervals; i++) {
                Histogram h = new Histogram(1, 1L << 62, 5);
                for (int v = 0; v < 3; v++) {
                    h.recordValue(1_000_000 + random.nextInt(100_000));
                }
                h.setTag("wide-rt");
                writer.outputIntervalHistogram(i, i + 1, h);
                total += h.getTotalCount();
            }
        }
        return total;
    }

    /**
     * Writes a measurement log: {@code wide INTERVALS FILE} ({@link #writeWideRange}), for timing the tools by hand
     * (java -cp cli/target/test-classes:HdrHistogram.jar io.contend.cli.hdr.HdrTestLogs wide 300 wide.hlog).
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3 || !args[0].equals("wide")) {
            throw new IllegalArgumentException("usage: wide INTERVALS FILE");
        }
        writeWideRange(Path.of(args[2]), 1, Integer.parseInt(args[1]));
    }

    /** Intervals of 2^62 - 1 values each, one a line from line 3 on: the third makes a tag's sum overflow a long. */
    static void writeHugeCounts(Path file, String tag, int intervals) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(START_MS);
            writer.outputBaseTime(START_MS);
            for (int i = 0; i < intervals; i++) {
                Histogram h = new Histogram(3);
                h.recordValueWithCount(1000 + i, (1L << 62) - 1);
                h.setTag(tag);
                writer.outputIntervalHistogram(i, i + 1, h);
            }
        }
    }

    /** @return the total count written */
    static long write(Path file, long seed, int seconds, String... tags) throws IOException {
        Random random = new Random(seed);
        long total = 0;
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(START_MS);
            writer.outputBaseTime(START_MS);
            writer.outputLegend();
            for (int s = 0; s < seconds; s++) {
                for (int t = 0; t < tags.length; t++) {
                    Histogram h = new Histogram(3);
                    int n = 100 + random.nextInt(400);
                    for (int i = 0; i < n; i++) {
                        h.recordValue((long) Math.exp(Math.log(150_000 * (t + 1)) + 0.7 * random.nextGaussian()) + 1);
                    }
                    h.setTag(tags[t]);
                    writer.outputIntervalHistogram(s + 0.002, s + 1.002, h);
                    total += n;
                }
            }
        }
        return total;
    }
}

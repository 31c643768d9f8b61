package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Interval logs written by HdrHistogram's own HistogramLogWriter, from seeded random latencies (ns). */
final class TestLogs {
    /** A StartTime in the past with a millisecond part, so that times are not round numbers. */
    static final long START_MS = 1_700_000_000_123L;

    private TestLogs() {
    }

    /**
     * The load generator's layout: StartTime and BaseTime headers, timestamps relative to the BaseTime, one
     * interval per second, for each second one interval per tag in the given order, in time order.
     */
    static List<EncodableHistogram> writeTagged(Path file, long seed, int seconds, String... tags) throws IOException {
        Random random = new Random(seed);
        List<EncodableHistogram> written = new ArrayList<>();
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("test log, seed " + seed);
            writer.outputLogFormatVersion();
            writer.outputStartTime(START_MS);
            writer.outputBaseTime(START_MS);
            writer.outputLegend();
            for (int s = 0; s < seconds; s++) {
                // A few milliseconds after the second, as a real recorder's interval switch would be; in time order.
                double second = s + 0.001 * (1 + random.nextInt(40));
                for (int t = 0; t < tags.length; t++) {
                    String tag = tags[t];
                    Histogram h = latencies(random, Math.floorMod(tag.hashCode(), 7));
                    h.setTag(tag);
                    double start = second + 0.001 * t;
                    writer.outputIntervalHistogram(start, start + 1, h);
                    h.setStartTimeStamp(START_MS + Math.round(start * 1000));
                    h.setEndTimeStamp(START_MS + Math.round((start + 1) * 1000));
                    written.add(h);
                }
            }
        }
        return written;
    }

    /** HdrHistogram's older layout: a StartTime header, absolute timestamps, no BaseTime, no tags. */
    static List<EncodableHistogram> writeUntaggedAbsolute(Path file, long seed, int seconds) throws IOException {
        Random random = new Random(seed);
        List<EncodableHistogram> written = new ArrayList<>();
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(START_MS);
            writer.outputLegend();
            for (int s = 0; s < seconds; s++) {
                Histogram h = latencies(random, 0);
                h.setStartTimeStamp(START_MS + s * 1000L + 7);
                h.setEndTimeStamp(START_MS + (s + 1) * 1000L + 7);
                writer.outputIntervalHistogram(h); // absolute: base time 0
                written.add(h);
            }
        }
        return written;
    }

    /** Log-normal latencies around 200 us (shifted per tag), with 1% stalls 50 times longer. */
    static Histogram latencies(Random random, int shift) {
        Histogram h = new Histogram(3);
        int n = 200 + random.nextInt(1800);
        for (int i = 0; i < n; i++) {
            double v = Math.exp(Math.log(200_000 * (1 + shift)) + 0.8 * random.nextGaussian());
            if (random.nextInt(100) == 0) {
                v *= 50;
            }
            h.recordValue(Math.max(1, (long) v));
        }
        return h;
    }

    /** Everything HdrHistogram's HistogramLogReader reads from a file. */
    static List<EncodableHistogram> readWithHdrHistogram(Path file) throws IOException {
        List<EncodableHistogram> read = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                read.add(h);
            }
        }
        return read;
    }

    /** Sum of the total counts. */
    static long totalCount(List<? extends EncodableHistogram> histograms) {
        return histograms.stream().mapToLong(h -> ((Histogram) h).getTotalCount()).sum();
    }
}

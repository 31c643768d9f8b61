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

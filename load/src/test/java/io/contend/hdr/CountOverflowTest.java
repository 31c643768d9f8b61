package io.contend.hdr;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Intervals of 2^62 - 1 values each: every interval is well-formed, but three of them add up to more than a long
 * holds. HdrHistogram's sum wraps around to a negative count; the tools stop at the interval that overflows,
 * naming its file and line.
 */
class CountOverflowTest {
    @TempDir
    Path dir;

    /** Header lines, then one interval per line from line 3 on. */
    static Path writeHugeCounts(Path file, String tag, int intervals) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(TestLogs.START_MS);
            writer.outputBaseTime(TestLogs.START_MS);
            for (int i = 0; i < intervals; i++) {
                Histogram h = new Histogram(3);
                h.recordValueWithCount(1000 + i, (1L << 62) - 1);
                h.setTag(tag);
                writer.outputIntervalHistogram(i, i + 1, h);
            }
        }
        return file;
    }

    @Test
    void aSummaryStopsAtTheIntervalThatOverflows() throws IOException {
        Path log = writeHugeCounts(dir.resolve("huge.hlog"), "read-rt", 3);
        HdrLogLimitException e = assertThrows(HdrLogLimitException.class, () -> LogSummary.ofAll(List.of(log),
                IntervalFilter.ALL));
        assertEquals(log + ":5: the counts of tag read-rt add up to more than 9223372036854775807", e.getMessage());
        assertEquals(log.toString(), e.source());
        assertEquals(5, e.line());

        // Two intervals fit: 2^63 - 2 is one below the most a long holds.
        Path two = writeHugeCounts(dir.resolve("two.hlog"), null, 2);
        assertEquals(Long.MAX_VALUE - 1, LogSummary.ofAll(List.of(two), IntervalFilter.ALL).tags().get(0).histogram()
                .getTotalCount());
        Path one = writeHugeCounts(dir.resolve("one.hlog"), null, 1);
        HdrLogLimitException across = assertThrows(HdrLogLimitException.class,
                () -> LogSummary.ofAll(List.of(one, one, one), IntervalFilter.ALL));
        assertEquals(one + ":3: the counts of the untagged intervals add up to more than 9223372036854775807",
                across.getMessage());
    }

    @Test
    void aUnionWhoseTotalOverflowsWritesNothing() throws IOException {
        Path log = writeHugeCounts(dir.resolve("huge.hlog"), "read-rt", 3);
        Path out = dir.resolve("all.hlog");
        HdrLogLimitException e = assertThrows(HdrLogLimitException.class, () -> LogUnion.union(List.of(log), out));
        assertEquals(log + ":5: the counts of the union add up to more than 9223372036854775807", e.getMessage());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of("huge.hlog"), files.map(p -> p.getFileName().toString()).toList());
        }
    }
}

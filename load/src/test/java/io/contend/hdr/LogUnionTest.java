package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogUnionTest {
    private static final String[] TAGS = {"read-rt", "read-st", "write-rt"};

    @TempDir
    Path dir;

    @Test
    void everyIntervalOfEveryInputOnTheEarliestStart() throws IOException {
        // Three "machines": two tagged logs with relative stamps, one started 2.5 s later with absolute stamps.
        Path a = dir.resolve("a.hlog");
        Path b = dir.resolve("b.hlog");
        Path c = dir.resolve("c.hlog");
        List<EncodableHistogram> written = new ArrayList<>(TestLogs.writeTagged(a, 10, 8, TAGS));
        written.addAll(TestLogs.writeTagged(b, 11, 5, TAGS));
        written.addAll(writeLaterAbsolute(c, 12, 6, 2_500));
        Path out = dir.resolve("all.hlog");

        LogUnion.Result result = LogUnion.union(List.of(a, b, c), out);

        List<EncodableHistogram> hdr = TestLogs.readWithHdrHistogram(out);
        assertEquals(written.size(), hdr.size());
        assertEquals(written.size(), result.intervals());
        assertEquals(TestLogs.totalCount(written), TestLogs.totalCount(hdr), "every count kept");
        assertEquals(TestLogs.totalCount(written), result.totalCount());
        assertEquals(TestLogs.START_MS / 1000.0, result.startTimeSeconds());

        // Same intervals (tag, absolute times, histogram), in time order.
        List<HdrInterval> ours = HdrLogReader.readAll(out, IntervalFilter.ALL);
        List<EncodableHistogram> expected = new ArrayList<>(written);
        expected.sort(Comparator.comparingLong(EncodableHistogram::getStartTimeStamp));
        for (int i = 0; i < ours.size(); i++) {
            HdrInterval interval = ours.get(i);
            assertEquals(expected.get(i).getStartTimeStamp(), Math.round(interval.startSeconds() * 1000), "interval " + i);
            if (i > 0) {
                assertTrue(ours.get(i - 1).startSeconds() <= interval.startSeconds());
            }
        }
        assertEquals(multiset(written), multiset(hdr));
        String text = Files.readString(out);
        assertTrue(text.contains("#[StartTime: 1700000000.123 ") && text.contains("#[BaseTime: 1700000000.123 "), text);
    }

    @Test
    void theUnionOfASplitIsTheOriginal() throws IOException {
        Path log = dir.resolve("run.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 13, 10, TAGS);
        List<Path> parts = LogSplitter.split(log, dir.resolve("parts"));
        Path joined = dir.resolve("joined.hlog");
        LogUnion.union(parts, joined);
        List<HdrInterval> original = HdrLogReader.readAll(log, IntervalFilter.ALL);
        List<HdrInterval> again = HdrLogReader.readAll(joined, IntervalFilter.ALL);
        assertEquals(written.size(), again.size());
        for (int i = 0; i < original.size(); i++) {
            assertEquals(original.get(i).tag(), again.get(i).tag());
            assertEquals(original.get(i).histogram(), again.get(i).histogram());
            assertEquals(Math.round(original.get(i).startSeconds() * 1000), Math.round(again.get(i).startSeconds() * 1000));
        }
    }

    @Test
    void refusesToOverwriteAnInput() throws IOException {
        Path a = dir.resolve("a.hlog");
        TestLogs.writeTagged(a, 14, 2, TAGS);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LogUnion.union(List.of(a), a));
        assertTrue(e.getMessage().contains("is also an input"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LogUnion.union(List.of(), dir.resolve("x.hlog")));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> LogUnion.union(List.of(a, dir.resolve(".").resolve("a.hlog")), dir.resolve("u.hlog")));
        assertTrue(twice.getMessage().contains("is given twice"), twice.getMessage());
    }

    @Test
    void emptyInputsGiveAnEmptyLog() throws IOException {
        Path empty = dir.resolve("empty.hlog");
        Files.writeString(empty, "#nothing\n");
        Path out = dir.resolve("out.hlog");
        assertEquals(0, LogUnion.union(List.of(empty), out).intervals());
        assertEquals(0, TestLogs.readWithHdrHistogram(out).size());
    }

    /** Untagged histograms, absolute stamps, StartTime {@code laterMs} after the others'. */
    private static List<EncodableHistogram> writeLaterAbsolute(Path file, long seed, int seconds, long laterMs)
            throws IOException {
        java.util.Random random = new java.util.Random(seed);
        List<EncodableHistogram> written = new ArrayList<>();
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            long start = TestLogs.START_MS + laterMs;
            writer.outputStartTime(start);
            for (int s = 0; s < seconds; s++) {
                Histogram h = TestLogs.latencies(random, 1);
                h.setStartTimeStamp(start + s * 1000L + 3);
                h.setEndTimeStamp(start + (s + 1) * 1000L + 3);
                writer.outputIntervalHistogram(h);
                written.add(h);
            }
        }
        return written;
    }

    /** Each histogram with its tag, sorted, for a comparison that ignores order. */
    private static List<String> multiset(List<EncodableHistogram> histograms) {
        List<String> keys = new ArrayList<>();
        for (EncodableHistogram h : histograms) {
            keys.add(h.getTag() + "|" + ((Histogram) h).getTotalCount() + "|" + ((Histogram) h).getMaxValue() + "|"
                    + ((Histogram) h).getMean());
        }
        keys.sort(null);
        return keys;
    }
}

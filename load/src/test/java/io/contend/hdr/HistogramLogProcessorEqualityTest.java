package io.contend.hdr;

import org.HdrHistogram.HistogramLogProcessor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Summaries equal HdrHistogram's own HistogramLogProcessor, run in-process on the same log: the totals of
 * its interval log (count, 50/90/99/99.9/99.99%, max: the last line of {@code -csv} output) equal ours, and
 * its .hgrm file (the whole percentile distribution, mean and max) equals our hgrm output line for line.
 */
class HistogramLogProcessorEqualityTest {
    private static final String[] TAGS = {"read-rt", "read-st", "read-wt", "write-rt", "write-st", "write-wt"};

    @TempDir
    Path dir;

    @Test
    void everyTagOfATaggedLog() throws Exception {
        Path log = dir.resolve("tagged.hlog");
        TestLogs.writeTagged(log, 42, 30, TAGS);
        for (String tag : TAGS) {
            for (double ratio : new double[]{1e6, 1e3}) {
                compare(log, tag, ratio, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
            }
        }
    }

    @Test
    void aWindow() throws Exception {
        Path log = dir.resolve("tagged.hlog");
        TestLogs.writeTagged(log, 43, 30, TAGS);
        compare(log, "write-rt", 1e6, 5, 12.5);
        compare(log, "read-st", 1e6, 0, 3);
    }

    @Test
    void anUntaggedLog() throws Exception {
        Path log = dir.resolve("untagged.hlog");
        TestLogs.writeUntaggedAbsolute(log, 44, 20);
        compare(log, null, 1e6, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
        compare(log, null, 1e6, 4, 9);
    }

    private void compare(Path log, String tag, double ratio, double start, double end) throws Exception {
        String what = "tag " + tag + ", ratio " + ratio + ", window " + start + ".." + end;
        IntervalFilter filter = tag == null ? IntervalFilter.ALL : IntervalFilter.ALL.withIncludeTags(Set.of(tag));
        filter = filter.withWindow(start, end);
        LogSummary ours;
        try (HdrLogReader reader = HdrLogReader.open(log, filter)) {
            ours = LogSummary.of(reader);
        }
        assertEquals(1, ours.tags().size(), what);
        OutputUnit unit = OutputUnit.of(ratio);
        LatencyStats stats = LatencyStats.of(ours.tags().get(0).histogram(), unit);

        Path csvBase = dir.resolve("hlp-csv");
        runProcessor(log, csvBase, tag, ratio, start, end, true);
        List<String> intervalLog = Files.readAllLines(csvBase);
        String[] totals = intervalLog.get(intervalLog.size() - 1).split(",");
        assertEquals(Long.parseLong(totals[5]), stats.count(), what);
        assertEquals(List.of(totals[6], totals[7], totals[8], totals[9], totals[10], totals[11]),
                List.of(f(stats.p50()), f(stats.p90()), f(stats.p99()), f(stats.p999()), f(stats.p9999()), f(stats.max())),
                what + ": Total 50%, 90%, 99%, 99.9%, 99.99%, max");
        // Our percentiles table prints the same numbers.
        String table = SummaryFormat.PERCENTILES.render(List.of(ours), unit);
        for (int i = 6; i <= 11; i++) {
            assertTrue(table.contains(" " + totals[i]), what + ": " + totals[i] + " in\n" + table);
        }

        Path textBase = dir.resolve("hlp-text");
        runProcessor(log, textBase, tag, ratio, start, end, false);
        List<String> hgrm = withoutHeaders(Files.readAllLines(Path.of(textBase + ".hgrm")));
        List<String> ourHgrm = withoutHeaders(SummaryFormat.HGRM.render(List.of(ours), unit).lines().toList());
        assertFalse(hgrm.isEmpty());
        assertEquals(hgrm, ourHgrm, what + ": .hgrm");
    }

    private static void runProcessor(Path log, Path outBase, String tag, double ratio, double start, double end,
                                     boolean csv) throws IOException {
        List<String> args = new ArrayList<>(List.of("-i", log.toString(), "-o", outBase.toString(),
                "-outputValueUnitRatio", Double.toString(ratio)));
        if (tag != null) {
            args.addAll(List.of("-tag", tag));
        }
        if (Double.isFinite(start)) {
            args.addAll(List.of("-start", Double.toString(start)));
        }
        if (Double.isFinite(end)) {
            args.addAll(List.of("-end", Double.toString(end)));
        }
        if (csv) {
            args.add("-csv");
        }
        new HistogramLogProcessor(args.toArray(String[]::new)).run(); // run() in this thread, not start()
    }

    /** HistogramLogProcessor's range and StartTime lines, our file and tag lines. */
    private static List<String> withoutHeaders(List<String> lines) {
        return lines.stream().filter(l -> !l.startsWith("#[Overall percentile distribution") && !l.startsWith("#[StartTime")
                && !l.startsWith("#[File:") && !l.startsWith("#[Tag:")).toList();
    }

    private static String f(double v) {
        return String.format(Locale.US, "%.3f", v);
    }
}

package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The three summary formats, the per-interval CSV and the percentile curve. */
class SummaryOutputTest {
    private static final String[] TAGS = {"read-rt", "read-st"};

    @TempDir
    Path dir;

    @Test
    void formatsShowEveryTagInTheOutputUnit() throws IOException {
        Path log = dir.resolve("run.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 20, 6, TAGS);
        LogSummary summary;
        try (HdrLogReader reader = HdrLogReader.open(log, IntervalFilter.ALL)) {
            summary = LogSummary.of(reader);
        }
        assertEquals(List.of("read-rt", "read-st"), summary.tags().stream().map(TaggedHistogram::label).toList());
        long readRt = written.stream().filter(h -> "read-rt".equals(h.getTag())).mapToLong(h -> ((Histogram) h).getTotalCount()).sum();
        assertEquals(readRt, summary.tags().get(0).histogram().getTotalCount());

        LatencyStats us = LatencyStats.of(summary.tags().get(0).histogram(), OutputUnit.of(1e3));
        LatencyStats ms = LatencyStats.of(summary.tags().get(0).histogram(), OutputUnit.MILLISECONDS);
        assertEquals(us.p99() / 1000, ms.p99(), 1e-9);
        assertTrue(ms.min() <= ms.p50() && ms.p50() <= ms.p90() && ms.p90() <= ms.p99() && ms.p99() <= ms.p999()
                && ms.p999() <= ms.p9999() && ms.p9999() <= ms.max());

        String table = SummaryFormat.PERCENTILES.render(List.of(summary), OutputUnit.MILLISECONDS);
        List<String> lines = table.lines().toList();
        assertEquals(log + " (values in ms)", lines.get(0));
        assertTrue(lines.get(1).matches("tag +count +min +mean +p50 +p90 +p99 +p99\\.9 +p99\\.99 +max"), lines.get(1));
        assertTrue(lines.get(2).startsWith("read-rt ") && lines.get(2).contains(" " + readRt + " "), lines.get(2));
        assertTrue(lines.get(3).startsWith("read-st "), lines.get(3));

        List<String> csv = SummaryFormat.CSV.render(List.of(summary), OutputUnit.MILLISECONDS).lines().toList();
        assertEquals("file,tag,unit,count,min,mean,p50,p90,p99,p99.9,p99.99,max", csv.get(0));
        assertEquals(3, csv.size());
        String[] row = csv.get(1).split(",");
        assertEquals(List.of(log.toString(), "read-rt", "ms", Long.toString(readRt)),
                List.of(row[0], row[1], row[2], row[3]));
        assertEquals(String.format(java.util.Locale.ROOT, "%.3f", ms.p99()), row[8]);

        String hgrm = SummaryFormat.HGRM.render(List.of(summary), OutputUnit.MILLISECONDS);
        assertTrue(hgrm.startsWith("#[File: " + log + "]\n#[Tag: read-rt]\n"), hgrm);
        assertTrue(hgrm.contains("#[Tag: read-st]") && hgrm.contains("Value     Percentile TotalCount 1/(1-Percentile)"), hgrm);
    }

    @Test
    void oneCsvRowPerInterval() throws IOException {
        Path log = dir.resolve("run.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 21, 4, TAGS);
        StringBuilder out = new StringBuilder();
        long rows;
        try (HdrLogReader reader = HdrLogReader.open(log, IntervalFilter.ALL)) {
            rows = IntervalCsv.write(reader, OutputUnit.MILLISECONDS, out);
        }
        List<String> lines = out.toString().lines().toList();
        assertEquals(written.size(), rows);
        assertEquals(IntervalCsv.HEADER, lines.get(0));
        for (int i = 0; i < written.size(); i++) {
            Histogram h = (Histogram) written.get(i);
            String[] cells = lines.get(i + 1).split(",");
            assertEquals(h.getTag(), cells[0]);
            assertEquals((h.getStartTimeStamp() - TestLogs.START_MS) / 1000.0, Double.parseDouble(cells[1]), 1e-9);
            assertEquals((h.getEndTimeStamp() - TestLogs.START_MS) / 1000.0, Double.parseDouble(cells[2]), 1e-9);
            assertEquals(h.getTotalCount(), Long.parseLong(cells[3]));
            assertEquals(String.format(java.util.Locale.ROOT, "%.3f", h.getValueAtPercentile(99) / 1e6), cells[6]);
            assertEquals(String.format(java.util.Locale.ROOT, "%.3f", h.getMaxValue() / 1e6), cells[8]);
        }
    }

    @Test
    void percentileCurveOnTheNinesAxis() {
        Histogram h = new Histogram(3);
        for (int v = 1; v <= 100_000; v++) {
            h.recordValue(v * 1000L);
        }
        List<PercentileCurve.Point> curve = PercentileCurve.of(h, OutputUnit.of(1e3));
        assertEquals(0.0, curve.get(0).percentile());
        assertEquals(1.0, curve.get(0).x());
        for (int i = 1; i < curve.size(); i++) {
            assertTrue(curve.get(i).percentile() > curve.get(i - 1).percentile());
            assertTrue(curve.get(i).value() >= curve.get(i - 1).value());
        }
        PercentileCurve.Point last = curve.get(curve.size() - 1);
        // The top bucket (3 significant digits) holds the last 0.05%: the curve ends where it starts.
        assertTrue(last.percentile() < 100 && last.percentile() > 99.9, "below 100%: " + last);
        assertEquals(h.getMaxValue() / 1e3, last.value(), h.getMaxValue() / 1e3 * 1e-3);
        assertEquals(10.0, PercentileCurve.ninesX(90), 1e-12);
        assertEquals(List.of("0%", "90%", "99%", "99.9%", "99.99%"),
                PercentileCurve.nines(last.percentile()).stream().map(PercentileCurve.Nine::label).toList());
        assertEquals(List.of("0%", "90%", "99%", "99.9%", "99.99%", "99.999%"),
                PercentileCurve.nines(99.995).stream().map(PercentileCurve.Nine::label).toList());
        assertEquals(1e5, PercentileCurve.nines(99.995).get(5).x());
        assertEquals(List.of("0%"), PercentileCurve.nines(0).stream().map(PercentileCurve.Nine::label).toList());
        // 1/(1 - 0.999) is 1000.0000000006 in doubles: 99.9% is its own tick, not one short of 99.99%
        assertEquals(List.of("0%", "90%", "99%", "99.9%"),
                PercentileCurve.nines(99.9).stream().map(PercentileCurve.Nine::label).toList());
        assertEquals(List.of("0%", "90%"), PercentileCurve.nines(90).stream().map(PercentileCurve.Nine::label).toList());
        assertTrue(PercentileCurve.of(new Histogram(3), OutputUnit.MILLISECONDS).isEmpty());
    }
}

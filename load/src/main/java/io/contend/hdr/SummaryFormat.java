package io.contend.hdr;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How {@code contend hdr summarize} prints summaries. Values are printed with three decimals, as HistogramLogProcessor. */
public enum SummaryFormat {
    /** A table per log, one row per tag: count, min, mean, p50, p90, p99, p99.9, p99.99, max. */
    PERCENTILES {
        @Override
        public String render(List<LogSummary> logs, OutputUnit unit) {
            StringBuilder out = new StringBuilder();
            for (LogSummary log : logs) {
                if (out.length() > 0) {
                    out.append('\n');
                }
                out.append(log.source()).append(" (values in ").append(unit.label()).append(")\n");
                List<List<String>> rows = new ArrayList<>();
                rows.add(List.of("tag", "count", "min", "mean", "p50", "p90", "p99", "p99.9", "p99.99", "max"));
                for (TaggedHistogram t : log.tags()) {
                    rows.add(cells(t.label(), LatencyStats.of(t.histogram(), unit)));
                }
                table(out, rows);
                if (log.tags().isEmpty()) {
                    out.append("(no intervals)\n");
                }
            }
            return out.toString();
        }
    },
    /** HdrHistogram's own percentile distribution ({@code outputPercentileDistribution}), per log and tag. */
    HGRM {
        @Override
        public String render(List<LogSummary> logs, OutputUnit unit) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
                for (LogSummary log : logs) {
                    for (TaggedHistogram t : log.tags()) {
                        out.printf(Locale.ROOT, "#[File: %s]\n#[Tag: %s]\n", log.source(), t.label());
                        t.histogram().outputPercentileDistribution(out, unit.ratio());
                    }
                }
            }
            return bytes.toString(StandardCharsets.UTF_8);
        }
    },
    /** One CSV row per log and tag, with a header row; the unit column names the values' unit (e.g. ms). */
    CSV {
        @Override
        public String render(List<LogSummary> logs, OutputUnit unit) {
            StringBuilder out = new StringBuilder("file,tag,unit,count,min,mean,p50,p90,p99,p99.9,p99.99,max\n");
            for (LogSummary log : logs) {
                for (TaggedHistogram t : log.tags()) {
                    List<String> cells = new ArrayList<>();
                    cells.add(Csv.field(log.source()));
                    cells.add(t.tag() == null ? "" : Csv.field(t.tag()));
                    cells.add(Csv.field(unit.label()));
                    cells.addAll(cells("", LatencyStats.of(t.histogram(), unit)).subList(1, 10));
                    out.append(String.join(",", cells)).append('\n');
                }
            }
            return out.toString();
        }
    };

    /**
     * @param logs summaries, one per log
     * @param unit the unit values are shown in
     * @return the text, lines ending in a newline
     */
    public abstract String render(List<LogSummary> logs, OutputUnit unit);

    private static List<String> cells(String label, LatencyStats s) {
        return List.of(label, Long.toString(s.count()), Csv.number(s.min()), Csv.number(s.mean()), Csv.number(s.p50()),
                Csv.number(s.p90()), Csv.number(s.p99()), Csv.number(s.p999()), Csv.number(s.p9999()),
                Csv.number(s.max()));
    }

    /** First column left-aligned, the others right-aligned, two spaces apart. */
    private static void table(StringBuilder out, List<List<String>> rows) {
        int[] widths = new int[rows.get(0).size()];
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                String pad = " ".repeat(widths[i] - cell.length());
                line.append(i == 0 ? cell + pad : "  " + pad + cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}

package io.contend.cli.report;

import io.contend.cli.analysis.ResultTable;
import io.contend.cli.analysis.VarianceSplit;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.PublishedTable;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.ResultsFormatException;
import io.contend.cli.results.TableSpec;
import io.contend.cli.AtomicWrite;
import io.contend.cli.chart.ChartSvg;
import io.contend.cli.chart.Html;
import io.contend.cli.results.ChartData;
import io.contend.cli.chart.RatioChart;
import io.contend.cli.chart.SvgChart;
import io.contend.hdr.IoMessages;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Renders a results.json into one self-contained HTML page, from the file alone (no experiment code: a file from
 * another machine or an older version renders the same): a header with the machine, mode and date, then per
 * experiment a section with the ratio chart (every comparison's ratio and interval against 1 and the margin,
 * with its verdict), raw-score line charts where a numeric parameter gives them a shape, the table (the same
 * {@link ResultTable} the terminal prints), its notes and, where a published source gives them, that source's
 * own numbers labelled "other machine", and the charts the experiment measured (the write path's hockey stick,
 * the co experiment's percentiles), drawn from results.json: no file beside it is read, so a stale or missing SVG
 * file changes nothing.
 *
 * <p>No script, font or style is fetched: CSS and SVG are inline.
 */
public final class HtmlReport {
    /** File name of the report, next to results.json. */
    public static final String NAME = "index.html";
    /**
     * The A/A experiment's name and the parameter naming the experiment each of its rows calibrates, as the lab
     * writes them (the report reads files, not the lab's classes).
     */
    static final String CALIBRATION = "calibrate";
    static final String CALIBRATION_OF = "of";

    private static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1100px;
            color:#222;padding:0 16px}
            h1{margin-bottom:4px}h2{border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:40px}
            .machine,.run{color:#444;margin:2px 0}
            .warning{background:#fff4e5;border-left:4px solid #f0a020;padding:8px 12px;margin:12px 0}
            nav a{margin-right:14px}
            table{border-collapse:collapse;font-size:13px;margin:12px 0}
            th,td{border:1px solid #ddd;padding:3px 8px;text-align:right;white-space:nowrap}
            th{background:#f4f4f4}td.left,th.left{text-align:left}
            .notes{font-size:13px;color:#444}
            .published{background:#f7f7fb;border:1px dashed #99a;padding:8px 12px;margin:16px 0}
            .published h3{margin:0 0 4px 0;font-size:15px}
            figure{margin:12px 0}figure img{max-width:100%;border:1px solid #eee}
            """ + SvgChart.CSS;

    private final List<String> notes;

    /** A report renderer; it needs nothing but the results file. */
    public HtmlReport() {
        this(List.of());
    }

    /**
     * @param notes one-line notes to show at the top, for example what judging several files again found
     */
    public HtmlReport(List<String> notes) {
        this.notes = List.copyOf(notes);
    }

    /**
     * Reads {@code directory/results.json} and writes {@code directory/index.html} (to a temporary file first).
     *
     * @param directory a lab output directory
     * @return the report's path
     * @throws IOException if results.json or a plot cannot be read or the report cannot be written; the message
     *                     is one line naming the file, e.g. {@code cannot write out/index.html: is a directory}
     * @throws ResultsFormatException if results.json is not a results file
     * @throws IllegalArgumentException if there is no results.json
     */
    public Path write(Path directory) throws IOException {
        Path results = directory.resolve(ResultsFile.NAME);
        if (!Files.isRegularFile(results)) {
            throw new IllegalArgumentException("no " + ResultsFile.NAME + " in " + directory.toAbsolutePath()
                    + ": run 'contend lab --out-dir " + directory + "' first");
        }
        ResultsFile.Contents contents;
        try {
            contents = ResultsFile.readContents(results);
        } catch (IOException e) {
            throw new IOException("cannot read " + results + ": " + IoMessages.reason(results, e), e);
        }
        return write(contents, directory.resolve(NAME));
    }

    /**
     * Writes the report of contents already read (for example judged again) to a file.
     *
     * @param contents the results
     * @param report the report file to write (a temporary file first)
     * @return the report's path
     * @throws IOException if a plot cannot be read or the report cannot be written; one line naming the file
     */
    public Path write(ResultsFile.Contents contents, Path report) throws IOException {
        String html = render(contents);
        // OutputFile's failures already read "cannot write REPORT: reason", naming the report, not its temporary file.
        AtomicWrite.write(report, out -> out.write(html));
        return report;
    }

    /**
     * @param contents a results file
     * @return the whole page
     */
    public String render(ResultsFile.Contents contents) {
        Map<String, List<ResultRecord>> byExperiment = new LinkedHashMap<>();
        for (ResultRecord r : contents.records()) {
            byExperiment.computeIfAbsent(r.experiment(), e -> new ArrayList<>()).add(r);
        }
        MachineInfo machine = contents.machine();
        StringBuilder out = new StringBuilder(64 * 1024);
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>contend lab report</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        header(out, contents, byExperiment);
        Map<String, List<ResultRecord>> floors = noiseFloors(byExperiment.getOrDefault(CALIBRATION, List.of()));
        for (Map.Entry<String, List<ResultRecord>> e : byExperiment.entrySet()) {
            ExperimentInfo info = contents.experiments().get(e.getKey());
            section(out, e.getKey(), info != null ? info : genericInfo(e.getValue()), e.getValue(),
                    floors.getOrDefault(e.getKey(), List.of()));
        }
        out.append("</body>\n</html>\n");
        return out.toString();
    }

    private void header(StringBuilder out, ResultsFile.Contents contents, Map<String, List<ResultRecord>> byExperiment) {
        MachineInfo m = contents.machine();
        out.append("<header>\n<h1>contend lab report</h1>\n");
        if (m != null) {
            out.append("<p class=\"machine\">Machine: ").append(m.cpus()).append(" CPUs; JVM ")
                    .append(Html.escape(m.jvmName())).append(' ').append(Html.escape(m.jvmVersion())).append("; OS ")
                    .append(Html.escape(m.os())).append("</p>\n");
        }
        Set<String> modes = new LinkedHashSet<>();
        contents.records().forEach(r -> modes.add(r.mode()));
        out.append("<p class=\"run\">Mode: ").append(Html.escape(String.join(", ", modes.isEmpty()
                        ? Set.of(contents.mode()) : modes)))
                .append("; latest run started ").append(Html.escape(contents.started())).append("</p>\n");
        if (modes.contains("smoke")) {
            out.append("<p class=\"warning\">Smoke-mode numbers come from one 200 ms iteration: they prove the "
                    + "experiments run, not how fast anything is.</p>\n");
        }
        if (contents.records().stream().anyMatch(ResultRecord::oversubscribed)) {
            out.append("<p class=\"warning oversubscribed\">Some configurations ran more threads than this "
                            + "machine's ").append(m == null ? "" : m.cpus() + " ")
                    .append("CPUs (marked *): they are oversubscribed, threads take turns on the CPUs, which "
                            + "measures scheduling as much as contention.</p>\n");
        }
        for (RunInfo run : contents.runs().values()) {
            out.append("<p class=\"run\">Run ").append(Html.escape(run.id())).append(": ")
                    .append(Html.escape(run.conditions())).append("; ").append(Html.escape(run.started()))
                    .append(" to ").append(Html.escape(run.ended())).append("</p>\n");
        }
        if (!notes.isEmpty()) {
            out.append("<ul class=\"notes\">");
            for (String note : notes) {
                out.append("<li>").append(Html.escape(note)).append("</li>");
            }
            out.append("</ul>\n");
        }
        out.append("<nav>");
        for (String name : byExperiment.keySet()) {
            out.append("<a href=\"#exp-").append(Html.escape(name)).append("\">").append(Html.escape(name)).append("</a>");
        }
        out.append("</nav>\n</header>\n");
    }

    /**
     * @param calibration the records of the A/A experiment, if the file holds it
     * @return per experiment, its A/A comparisons (the records of copy B, labelled with the experiment they are
     *         "of"), one per benchmark calibrated, in the file's order
     */
    static Map<String, List<ResultRecord>> noiseFloors(List<ResultRecord> calibration) {
        Map<String, List<ResultRecord>> floors = new LinkedHashMap<>();
        for (ResultRecord r : calibration) {
            String of = r.param(CALIBRATION_OF);
            if (of != null && r.comparison() != null && r.comparison().ratioLow() != null) {
                floors.computeIfAbsent(of, k -> new ArrayList<>()).add(r);
            }
        }
        return floors;
    }

    /**
     * The noise floor's sentence: what the same configuration against itself gave on this machine.
     *
     * @param aa the A/A record (copy B's)
     * @param named whether to name its benchmark, for an experiment calibrated on more than one
     * @return the sentence
     */
    static String noiseFloor(ResultRecord aa, boolean named) {
        ComparisonResult c = aa.comparison();
        return String.format(Locale.ROOT, "This machine's noise floor here%s: the baseline measured against itself "
                + "(A/A, experiment %s, %d rounds) gave %.2fx [%.2f, %.2f]. A comparison whose interval is no "
                + "narrower than that is within what noise alone makes of equal sides.",
                named ? " for " + aa.benchmark() : "", CALIBRATION, c.rounds(), c.ratio(), c.ratioLow(), c.ratioHigh());
    }

    private static void section(StringBuilder out, String name, ExperimentInfo info, List<ResultRecord> records,
                                List<ResultRecord> noiseFloors) {
        TableSpec spec = info.table();
        out.append("<section class=\"experiment\" id=\"exp-").append(Html.escape(name)).append("\">\n<h2>")
                .append(Html.escape(name)).append(": ").append(Html.escape(info.title())).append("</h2>\n");
        String ratios = ratioChart(name, spec, records);
        if (ratios != null) {
            out.append(ratios);
        }
        for (String chart : ChartPlanner.charts(name, spec, records, ratios != null)) {
            out.append(chart);
        }
        for (ChartData chart : info.charts()) {
            out.append("<figure class=\"measured\" id=\"chart-").append(Html.escape(chart.name())).append("\">")
                    .append(ChartSvg.element(chart)).append("</figure>\n");
        }
        ResultTable table = ResultTable.of(spec, records);
        htmlTable(out, "results", table.header(), table.rows(), table.leftColumns());
        out.append("<div class=\"notes\">\n");
        for (String paragraph : spec.notes()) {
            out.append("<p>").append(Html.escape(paragraph.strip())).append("</p>\n");
        }
        if (table.verdicts().isEmpty()) {
            out.append("<p>No comparison with a baseline in these records.</p>\n");
        } else {
            out.append("<p>").append(Html.escape(ResultTable.ratioNote(spec))).append("</p>\n");
            out.append("<p class=\"verdicts\">").append(Html.escape(table.verdictSummary())).append("</p>\n");
        }
        for (ResultRecord floor : noiseFloors) {
            out.append("<p class=\"noise-floor\">").append(Html.escape(noiseFloor(floor, noiseFloors.size() > 1)))
                    .append("</p>\n");
        }
        varianceSplit(out, spec, records);
        if (info.rounds() > 0) {
            out.append("<p class=\"rounds\">").append(Html.escape(String.format(Locale.ROOT,
                    "%s mode: %d rounds in %.0f s (budget %.0f s).", info.mode(), info.rounds(), info.elapsedSeconds(),
                    info.budgetSeconds()))).append("</p>\n");
        }
        out.append("</div>\n");
        PublishedTable published = spec.published();
        if (published != null) {
            out.append("<div class=\"published\">\n<h3>Published numbers, other machine</h3>\n<p>")
                    .append(Html.escape(published.source()))
                    .append(". Not comparable with this machine's numbers; shown for shape.</p>\n");
            htmlTable(out, "published-table", published.header(), published.rows(), 1);
            out.append("</div>\n");
        }
        out.append("</section>\n");
    }

    /**
     * Where each JMH configuration's noise is, from the iterations the file keeps: within a fork or between forks
     * ({@link VarianceSplit}), so that a reader can see whether longer forks or more of them would narrow the
     * intervals. Nothing for records without iterations.
     */
    private static void varianceSplit(StringBuilder out, TableSpec spec, List<ResultRecord> records) {
        List<String> varying = ChartPlanner.varying(records);
        List<List<String>> rows = new ArrayList<>();
        for (ResultRecord r : records) {
            VarianceSplit split = VarianceSplit.of(r);
            if (split != null) {
                double roundVariance = split.between() + split.within() / split.iterations();
                rows.add(List.of(label(r, spec, varying, false, comparedValue(r, spec)), String.valueOf(split.forks()),
                        String.valueOf(split.iterations()), String.format(Locale.ROOT, "%.1f%%", 100 * split.withinSd()),
                        String.format(Locale.ROOT, "%.1f%%", 100 * split.betweenSd()),
                        String.format(Locale.ROOT, "%.0f%%", roundVariance > 0 ? 100 * split.between() / roundVariance
                                : 0)));
            }
        }
        if (rows.isEmpty()) {
            return;
        }
        out.append("<details class=\"variance\"><summary>Where the noise is: within a fork or between forks</summary>\n")
                .append("<p>From each fork's iteration scores (logarithms; one-way random-effects split). Where forks "
                        + "agree within their iterations' noise (a small between-fork share), longer forks narrow the "
                        + "intervals; where they do not, more forks do (Kalibera and Jones, ISMM 2013).</p>\n");
        htmlTable(out, "variance-table", List.of("configuration", "forks", "iterations/fork", "sd within a fork",
                "sd between forks", "between-fork share of a round's variance"), rows, 1);
        out.append("</details>\n");
    }

    /** The forest plot of every comparison, or null when no record has one. */
    static String ratioChart(String name, TableSpec spec, List<ResultRecord> records) {
        List<ResultRecord> compared = records.stream().filter(r -> r.comparison() != null).toList();
        if (compared.isEmpty()) {
            return null;
        }
        List<String> varying = ChartPlanner.varying(compared);
        boolean benchmarks = compared.stream().map(ResultRecord::benchmark).distinct().count() > 1
                && varying.stream().noneMatch(p -> namesTheBenchmark(p, compared));
        List<RatioChart.Row> rows = new ArrayList<>();
        for (ResultRecord r : compared) {
            rows.add(row(label(r, spec, varying, benchmarks, comparedValue(r, spec)), r.comparison()));
            for (TableSpec.Pair pair : spec.pairs()) { // the table's "A vs B" rows, right under A's, as there
                ResultTable.PairedRecords paired = ResultTable.pairOf(spec, pair, r, records);
                if (paired == null) {
                    continue;
                }
                try {
                    rows.add(row(label(r, spec, varying, benchmarks, pair.label()), ResultTable.judgePair(spec, pair, paired)));
                } catch (IllegalArgumentException unpaired) {
                    // rounds that do not pair: the table's row says why; the chart has no ratio to draw
                }
            }
        }
        String baseline = spec.baseline() == null ? "the baseline" : spec.baseline();
        return RatioChart.render(name + ": ratio to " + baseline + " with 95% interval", baseline,
                compared.get(0).comparison().margin(), rows);
    }

    private static String comparedValue(ResultRecord r, TableSpec spec) {
        return spec.compared() == null ? null : r.param(spec.compared());
    }

    private static RatioChart.Row row(String label, ComparisonResult c) {
        return new RatioChart.Row(label, c.ratio(), c.ratioLow() == null ? Double.NaN : c.ratioLow(),
                c.ratioHigh() == null ? Double.NaN : c.ratioHigh(), c.verdict().label());
    }

    /** Whether a parameter's value tells the benchmark, e.g. refcount's {@code contended} label. */
    private static boolean namesTheBenchmark(String param, List<ResultRecord> records) {
        Map<String, String> benchmarkOf = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            String value = r.param(param);
            if (value == null || !benchmarkOf.computeIfAbsent(value, v -> r.benchmark()).equals(r.benchmark())) {
                return false;
            }
        }
        return benchmarkOf.values().stream().distinct().count() == benchmarkOf.size();
    }

    /**
     * The compared value first, then only what varies among the compared rows, so labels stay short.
     *
     * @param compared what the row says of the compared parameter: the record's value, or a pair's "A vs B"
     */
    private static String label(ResultRecord r, TableSpec spec, List<String> varying, boolean benchmark, String compared) {
        List<String> parts = new ArrayList<>();
        if (benchmark) {
            parts.add(r.benchmark());
        }
        if (spec.compared() != null && compared != null) {
            parts.add(compared);
        }
        for (String p : varying) {
            if (p.equals(ChartPlanner.THREADS)) {
                parts.add(r.threads() + "t");
            } else if (!p.equals(spec.compared()) && r.param(p) != null) {
                String value = r.param(p);
                parts.add(value.matches("-?[0-9.]+|true|false") ? p + "=" + value : value); // a bare number needs its name
            }
        }
        return String.join(" ", parts);
    }

    private static void htmlTable(StringBuilder out, String cssClass, List<String> header, List<List<String>> rows,
                                  int leftColumns) {
        out.append("<table class=\"").append(cssClass).append("\">\n<thead><tr>");
        for (int i = 0; i < header.size(); i++) {
            out.append(i < leftColumns ? "<th class=\"left\">" : "<th>").append(Html.escape(header.get(i))).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(i < leftColumns ? "<td class=\"left\">" : "<td>").append(Html.escape(row.get(i))).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }

    /**
     * For records without an experiment description (a version 1 results.json): every parameter a column,
     * nothing compared.
     */
    static ExperimentInfo genericInfo(List<ResultRecord> records) {
        Set<String> params = new LinkedHashSet<>();
        records.forEach(r -> params.addAll(r.params().keySet()));
        boolean lower = records.stream().allMatch(r -> r.unit().endsWith("/op") || r.unit().equals("ms"));
        TableSpec spec = new TableSpec(List.copyOf(params), null, null, lower ? Direction.LOWER : Direction.HIGHER,
                List.of(), List.of());
        return new ExperimentInfo("(no description in results.json; shown from its records)",
                records.isEmpty() ? "unknown" : records.get(0).mode(), 0, 0, 0, spec);
    }
}

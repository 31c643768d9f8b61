package io.contend.cli.report;

import io.contend.cli.lab.Experiment;
import io.contend.cli.lab.ExperimentRegistry;
import io.contend.cli.lab.MachineInfo;
import io.contend.cli.lab.ResultRecord;
import io.contend.cli.lab.ResultsFile;
import io.contend.cli.lab.SeedTable;
import io.contend.cli.lab.TableRenderer;
import io.contend.cli.lab.TableSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Renders a results.json into one self-contained HTML page: a header with the machine, mode and date, then per
 * experiment a section with its charts, its table (ratios against the baseline, as in the terminal), its
 * notes and, where the seed gives them, the seed's own numbers labelled "seed, other machine". SVG plots found
 * next to results.json (from the {@code co} experiment or {@code contend hdr plot}) follow as images.
 *
 * <p>No script, font or style is fetched: CSS and SVG are inline, plots are data URIs. Experiments that this
 * build does not know still get a section, with a table of their parameters and a chart, from results.json
 * alone.
 */
public final class HtmlReport {
    /** File name of the report, next to results.json. */
    public static final String NAME = "index.html";

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
            .seed{background:#f7f7fb;border:1px dashed #99a;padding:8px 12px;margin:16px 0}
            .seed h3{margin:0 0 4px 0;font-size:15px}
            figure{margin:12px 0}figure img{max-width:100%;border:1px solid #eee}
            """ + SvgChart.CSS;

    private final ExperimentRegistry registry;

    /** @param registry the experiments this build knows: their titles, tables and seed numbers */
    public HtmlReport(ExperimentRegistry registry) {
        this.registry = registry;
    }

    /**
     * Reads {@code directory/results.json} and writes {@code directory/index.html} (to a temporary file first).
     *
     * @param directory a lab output directory
     * @return the report's path
     * @throws IOException if results.json cannot be read or the report cannot be written
     * @throws IllegalArgumentException if there is no results.json
     */
    public Path write(Path directory) throws IOException {
        Path results = directory.resolve(ResultsFile.NAME);
        if (!Files.isRegularFile(results)) {
            throw new IllegalArgumentException("no " + ResultsFile.NAME + " in " + directory.toAbsolutePath()
                    + ": run 'contend lab --out " + directory + "' first");
        }
        String html = render(ResultsFile.readContents(results), plots(directory));
        Path report = directory.resolve(NAME);
        Path temporary = directory.resolve(NAME + ".tmp");
        Files.writeString(temporary, html, StandardCharsets.UTF_8);
        Files.move(temporary, report, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return report;
    }

    /**
     * @param contents a results file
     * @param plots SVG files to show after the experiments, or none
     * @return the whole page
     */
    public String render(ResultsFile.Contents contents, List<Path> plots) {
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
        for (Map.Entry<String, List<ResultRecord>> e : byExperiment.entrySet()) {
            section(out, e.getKey(), e.getValue(), machine == null ? 0 : machine.cpus());
        }
        if (!plots.isEmpty()) {
            out.append("<section class=\"plots\" id=\"plots\">\n<h2>Plots</h2>\n");
            for (Path plot : plots) {
                out.append("<figure><img alt=\"").append(Html.escape(plot.getFileName().toString()))
                        .append("\" src=\"data:image/svg+xml;base64,").append(base64(plot)).append("\">")
                        .append("<figcaption>").append(Html.escape(plot.getFileName().toString()))
                        .append("</figcaption></figure>\n");
            }
            out.append("</section>\n");
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
        out.append("<nav>");
        for (String name : byExperiment.keySet()) {
            out.append("<a href=\"#exp-").append(Html.escape(name)).append("\">").append(Html.escape(name)).append("</a>");
        }
        out.append("</nav>\n</header>\n");
    }

    private void section(StringBuilder out, String name, List<ResultRecord> records, int cpus) {
        Experiment experiment = registry.find(name);
        TableSpec spec = experiment != null ? experiment.table() : genericSpec(records);
        String title = experiment != null ? experiment.title() : "(not an experiment of this build; shown from results.json)";
        out.append("<section class=\"experiment\" id=\"exp-").append(Html.escape(name)).append("\">\n<h2>")
                .append(Html.escape(name)).append(": ").append(Html.escape(title)).append("</h2>\n");
        for (String chart : ChartPlanner.charts(name, spec, records)) {
            out.append(chart);
        }
        table(out, spec, records);
        out.append("<div class=\"notes\">\n");
        if (!spec.notes().isEmpty()) {
            // Notes are wrapped for a terminal; in the page they are one paragraph.
            out.append("<p>").append(Html.escape(String.join(" ", spec.notes().stream().map(String::strip).toList())))
                    .append("</p>\n");
        }
        if (!spec.baselines().isEmpty()) {
            String note = experiment != null && experiment.ratioNote() != null ? experiment.ratioNote() : TableRenderer.ratioNote(spec);
            out.append("<p>").append(Html.escape(note)).append("</p>\n");
        }
        if (records.stream().anyMatch(ResultRecord::oversubscribed)) {
            out.append("<p>* more threads than the ").append(cpus)
                    .append(" CPUs of this machine: oversubscribed.</p>\n");
        }
        out.append("</div>\n");
        SeedTable seed = experiment == null ? null : experiment.seedTable();
        if (seed != null) {
            out.append("<div class=\"seed\">\n<h3>Seed, other machine</h3>\n<p>").append(Html.escape(seed.source()))
                    .append(". Not comparable with this machine's numbers; shown for shape.</p>\n");
            htmlTable(out, "seed-table", seed.header(), seed.rows(), 1);
            out.append("</div>\n");
        }
        out.append("</section>\n");
    }

    private static void table(StringBuilder out, TableSpec spec, List<ResultRecord> records) {
        TableRenderer.Table table = TableRenderer.table(spec, records);
        List<String> header = new ArrayList<>(table.header());
        List<List<String>> rows = new ArrayList<>();
        int plusMinus = header.indexOf("");
        header.remove(plusMinus); // the "±" column becomes part of the error cell
        for (List<String> row : table.rows()) {
            List<String> cells = new ArrayList<>(row);
            cells.remove(plusMinus);
            cells.set(plusMinus, "± " + cells.get(plusMinus));
            rows.add(cells);
        }
        if (spec.baselines().isEmpty()) {
            int ratio = header.indexOf("vs " + spec.baselineLabel());
            header.remove(ratio);
            rows.forEach(r -> r.remove(ratio));
        }
        htmlTable(out, "results", header, rows, 1 + spec.paramColumns().size());
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

    /** For an experiment this build does not know: every parameter a column, no baseline, no ratio. */
    static TableSpec genericSpec(List<ResultRecord> records) {
        Set<String> params = new LinkedHashSet<>();
        records.forEach(r -> params.addAll(r.params().keySet()));
        return new TableSpec(List.copyOf(params), List.of(), false, List.of(), List.of());
    }

    /** SVG files in the directory and its subdirectories (two levels), sorted by path. */
    static List<Path> plots(Path directory) throws IOException {
        try (Stream<Path> files = Files.find(directory, 2,
                (p, a) -> a.isRegularFile() && p.getFileName().toString().endsWith(".svg"))) {
            return files.sorted().toList();
        }
    }

    private static String base64(Path file) {
        try {
            return Base64.getEncoder().encodeToString(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read plot " + file, e);
        }
    }
}

package io.contend.cli.report;

import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.TableSpec;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.ChartData;
import io.contend.cli.results.Verdict;
import io.contend.cli.chart.Html;
import io.contend.cli.chart.RatioChart;
import io.contend.cli.chart.SvgChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's structure, rendered from results.json alone: a real smoke run's file (backoff, refcount, queues;
 * schema 2), the same with an experiment renamed to one this build lacks, and a schema-1 file of an older
 * version.
 */
class HtmlReportTest {
    private static final Pattern SVG = Pattern.compile("<svg class=\"chart (bars|lines)\".*?</svg>", Pattern.DOTALL);

    static Path fixture(Path dir) throws IOException {
        return fixture(dir, "/report/results.json");
    }

    static Path fixture(Path dir, String resource) throws IOException {
        try (InputStream in = HtmlReportTest.class.getResourceAsStream(resource)) {
            Files.copy(in, dir.resolve(ResultsFile.NAME));
        }
        return dir;
    }

    private static String render(Path dir) throws IOException {
        Path report = new HtmlReport().write(dir);
        assertEquals(dir.resolve("index.html"), report);
        return Files.readString(report);
    }

    private static List<String> sections(String html) {
        List<String> sections = new ArrayList<>();
        Matcher m = Pattern.compile("<section class=\"experiment\" id=\"exp-([^\"]+)\">(.*?)</section>", Pattern.DOTALL)
                .matcher(html);
        while (m.find()) {
            sections.add(m.group(1) + "\n" + m.group(2));
        }
        return sections;
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }

    @Test
    void oneSectionPerExperimentWithRatioChartTableVerdictsAndNotes(@TempDir Path dir) throws IOException {
        List<String> sections = sections(render(fixture(dir)));
        assertEquals(List.of("backoff", "refcount", "queues"),
                sections.stream().map(s -> s.substring(0, s.indexOf('\n'))).toList());
        for (String section : sections) {
            assertEquals(1, count(section, "<svg class=\"chart ratio-chart\""), "one ratio chart: " + section);
            assertTrue(section.contains("class=\"margin-band\"") && section.contains("class=\"one-line\""),
                    "the margin and the line at 1 are drawn");
            assertEquals(1, count(section, "<table class=\"results\">"), "one results table");
            assertTrue(section.contains("<th>95% CI</th>") && section.contains("<th>Verdict</th>"), section);
            assertTrue(section.contains("class=\"verdicts\"") && section.contains("verdicts:"), section);
            int compared = count(section, "<g class=\"comparison ");
            int verdictCells = 0;
            for (String v : List.of("faster", "slower", "same", "inconclusive")) {
                verdictCells += count(section, "<td>" + v + "</td>");
            }
            assertEquals(compared, verdictCells, "a whisker per compared row");
        }
        assertTrue(sections.get(0).contains("<td>baseline</td>"), "the baseline row says so");
        assertTrue(sections.get(1).contains("<h3>Published numbers, other machine</h3>") && sections.get(1).contains("804.579"),
                "Netty #7248's table beside ours");
    }

    @Test
    void anExperimentThisBuildDoesNotKnowRendersFromTheFileAlone(@TempDir Path dir) throws IOException {
        fixture(dir);
        Path results = dir.resolve(ResultsFile.NAME);
        Files.writeString(results, Files.readString(results).replace("\"queues\"", "\"future-queues\""));
        List<String> sections = sections(render(dir));
        String future = sections.get(2);
        assertTrue(future.startsWith("future-queues\n"), future);
        assertTrue(future.contains("<svg class=\"chart ratio-chart\"") && future.contains("<th>vs jctools</th>"), future);
        assertTrue(future.contains("SPSC/MPSC queues vs JCTools"), "the title comes from the file");
    }

    @Test
    void anOlderSchemaRendersItsRecordsWithoutVerdicts(@TempDir Path dir) throws IOException {
        List<String> sections = sections(render(fixture(dir, "/report/results-v1.json")));
        assertEquals(List.of("backoff", "refcount", "future-queues"),
                sections.stream().map(s -> s.substring(0, s.indexOf('\n'))).toList());
        for (String section : sections) {
            assertTrue(SVG.matcher(section).find(), "raw-score charts where nothing is compared: " + section);
            assertEquals(1, count(section, "<table class=\"results\">"));
            assertFalse(section.contains("ratio-chart"), section);
        }
        assertTrue(sections.get(1).contains("delay, log scale"), "delay 1..10000 is a log axis");
    }

    @Test
    void headerNamesMachineModeAndDateAndWarnsOfOversubscription(@TempDir Path dir) throws IOException {
        String html = render(fixture(dir, "/report/results-v1.json"));
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));
        assertTrue(header.contains("2 CPUs") && header.contains("OpenJDK 64-Bit Server VM (Test) 17.0.15+6")
                && header.contains("Linux 6.1 amd64"), header);
        assertTrue(header.contains("Mode: quick") && header.contains("2026-11-23T09:00:00Z"), header);
        assertTrue(header.contains("class=\"warning oversubscribed\""), header);
    }

    @Test
    void selfContainedAndStaleSvgFilesAreNotShown(@TempDir Path dir) throws IOException {
        fixture(dir);
        Files.writeString(dir.resolve("co-latency.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>");
        String html = render(dir);
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("<link"), "no fetched style or font");
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "nothing fetched");
        assertFalse(html.contains("co-latency.svg"), "a file beside results.json is not the report's evidence");
    }

    /** The measured charts are drawn from results.json: with every SVG file deleted they are still there. */
    @Test
    void measuredChartsComeFromTheResultsFile(@TempDir Path dir) throws IOException {
        ChartData hockey = new ChartData("writepath-hockey", "writepath: the hockey stick", "fixed rate, ops/s",
                "p99, ms", true, List.of(new ChartData.Line("jdk", List.of(new ChartData.Point(1000, 1.5),
                        new ChartData.Point(10000, 40))), new ChartData.Line("contend", List.of(
                        new ChartData.Point(1000, 1.2), new ChartData.Point(20000, 30)))), List.of());
        ResultsFile file = ResultsFile.open(dir, java.util.Set.of("writepath"), new MachineInfo(2, "17", "vm", "os"),
                "quick", java.time.Instant.EPOCH);
        file.append("writepath", new ExperimentInfo("write path", "quick", 1, 1, 1,
                new io.contend.cli.lab.WritepathExperiment().table(), List.of(hockey)),
                List.of(new io.contend.cli.results.ResultRecord("writepath", "saturation", java.util.Map.of("build", "jdk"),
                        4, 17_000, null, "ops/s", java.util.Map.of(), "quick", true, 1, null)));
        try (var svgs = Files.list(dir)) {
            for (Path svg : svgs.filter(f -> f.toString().endsWith(".svg")).toList()) {
                Files.delete(svg);
            }
        }
        String html = render(dir);
        assertTrue(html.contains("id=\"chart-writepath-hockey\"") && html.contains("the hockey stick")
                && html.contains(">contend<"), "the chart is in the report");
        ResultsFile.Contents back = ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
        assertEquals(hockey, back.experiments().get("writepath").charts().get(0), "the chart round-trips");
    }

    @Test
    void textIsEscaped() {
        assertEquals("a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;", Html.escape("a<b> & \"c\" 'd'"));
    }

    @Test
    void aLongLabelIsCutBetweenCharactersNotInsideOne() {
        // The cut falls on an emoji's second half: cutting there left half a character, which UTF-8 cannot encode.
        String label = "x".repeat(38) + "\uD83D\uDE00 and more";
        String svg = RatioChart.render("t", "base", 0.05, List.of(new RatioChart.Row(label, 1.2, 1.1, 1.3, "faster")));
        assertTrue(StandardCharsets.UTF_8.newEncoder().canEncode(svg), "well-formed text");
        assertTrue(svg.contains(">" + "x".repeat(38) + "…</text>"), svg);
    }

    @Test
    void aChartRowRefusesARatioWithNoPlaceOnTheLogAxis() {
        for (double ratio : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new RatioChart.Row("a", ratio, Double.NaN, Double.NaN, "same"));
            assertEquals("ratio of a must be finite and above 0: " + ratio, e.getMessage());
        }
    }

    @Test
    void noResultsIsAClearError(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HtmlReport().write(dir));
        assertTrue(e.getMessage().contains("no results.json in " + dir.toAbsolutePath()), e.getMessage());
    }

    @Test
    void anExperimentCalibratedInTheSameFileShowsItsNoiseFloor() {
        TableSpec spec = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(), List.of("Notes."));
        TableSpec aa = new TableSpec(List.of("of", "copy"), "copy", "A", Direction.HIGHER, List.of(), List.of());
        ComparisonResult ab = new ComparisonResult(Map.of("impl", "a"), 1.5, 1.2, 1.9, 0.95, 3, Verdict.FASTER, 0.05,
                Direction.HIGHER, null);
        ComparisonResult floor = new ComparisonResult(Map.of("copy", "A"), 0.96, 0.77, 1.2, 0.95, 3,
                Verdict.INCONCLUSIVE, 0.05, Direction.HIGHER, null);
        List<ResultRecord> records = List.of(
                new ResultRecord("x", "bench", Map.of("impl", "a"), 2, 1, null, "ops/us", Map.of(), "quick", false, 3,
                        null),
                new ResultRecord("x", "bench", Map.of("impl", "b"), 2, 1.5, null, "ops/us", Map.of(), "quick", false, 3,
                        ab),
                new ResultRecord("calibrate", "bench", Map.of("impl", "a", "of", "x", "copy", "A"), 2, 1, null, "ops/us",
                        Map.of(), "quick", false, 3, null),
                new ResultRecord("calibrate", "bench", Map.of("impl", "a", "of", "x", "copy", "B"), 2, 1, null, "ops/us",
                        Map.of(), "quick", false, 3, floor));
        Map<String, ExperimentInfo> infos = new LinkedHashMap<>();
        infos.put("x", new ExperimentInfo("x", "quick", 3, 60, 50, spec));
        infos.put("calibrate", new ExperimentInfo("A/A", "quick", 3, 60, 50, aa));
        String html = new HtmlReport().render(new ResultsFile.Contents(4, new MachineInfo(2, "17", "vm", "os"), "quick",
                "2026-11-26T00:00:00Z", infos, records));
        int section = html.indexOf("id=\"exp-x\"");
        int floorAt = html.indexOf("class=\"noise-floor\"");
        assertTrue(section >= 0 && floorAt > section && floorAt < html.indexOf("id=\"exp-calibrate\""), html);
        assertTrue(html.contains("gave 0.96x [0.77, 1.20]"), html);
        assertEquals(1, html.split("class=\"noise-floor\"", -1).length - 1, "only the calibrated experiment has one");
    }

    /** An experiment calibrated on two benchmarks shows both floors, each named by its benchmark. */
    @Test
    void anExperimentCalibratedOnTwoBenchmarksShowsBothFloors() {
        TableSpec spec = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(), List.of());
        TableSpec aa = new TableSpec(List.of("of", "copy"), "copy", "A", Direction.HIGHER, List.of(), List.of());
        ComparisonResult tight = new ComparisonResult(Map.of("copy", "A"), 1.01, 0.98, 1.04, 0.95, 8, Verdict.SAME,
                0.05, Direction.HIGHER, null);
        ComparisonResult wide = new ComparisonResult(Map.of("copy", "A"), 0.97, 0.90, 1.05, 0.95, 8,
                Verdict.INCONCLUSIVE, 0.05, Direction.LOWER, null);
        List<ResultRecord> records = new ArrayList<>(List.of(
                new ResultRecord("x", "thr", Map.of("impl", "a"), 2, 1, null, "ops/us", Map.of(), "quick", false, 8,
                        null)));
        for (String bench : List.of("thr", "burst")) {
            records.add(new ResultRecord("calibrate", bench, Map.of("impl", "a", "of", "x", "copy", "A"), 2, 1, null,
                    "ops/us", Map.of(), "quick", false, 8, null));
            records.add(new ResultRecord("calibrate", bench, Map.of("impl", "a", "of", "x", "copy", "B"), 2, 1, null,
                    "ops/us", Map.of(), "quick", false, 8, bench.equals("thr") ? tight : wide));
        }
        Map<String, ExperimentInfo> infos = new LinkedHashMap<>();
        infos.put("x", new ExperimentInfo("x", "quick", 8, 60, 50, spec));
        infos.put("calibrate", new ExperimentInfo("A/A", "quick", 8, 60, 50, aa));
        String html = new HtmlReport().render(new ResultsFile.Contents(4, new MachineInfo(2, "17", "vm", "os"), "quick",
                "2026-11-26T00:00:00Z", infos, records));
        assertEquals(2, html.split("class=\"noise-floor\"", -1).length - 1, html);
        assertTrue(html.contains("noise floor here for thr: ") && html.contains("gave 1.01x [0.98, 1.04]"), html);
        assertTrue(html.contains("noise floor here for burst: ") && html.contains("gave 0.97x [0.90, 1.05]"), html);
    }

    @Test
    void recordsWithIterationsShowWhereTheirNoiseIs() {
        TableSpec spec = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(), List.of());
        List<List<Double>> iterations = List.of(List.of(10.0, 11.0, 9.0), List.of(20.0, 21.0, 19.0),
                List.of(10.0, 10.5, 9.5));
        ResultRecord r = new ResultRecord("x", "bench", Map.of("impl", "a"), 1, 14, null, "ops/us", Map.of(), "quick",
                false, 3, null, List.of(10.0, 20.0, 10.0), "r", List.of(3), iterations);
        String html = new HtmlReport().render(new ResultsFile.Contents(4, new MachineInfo(2, "17", "vm", "os"), "quick",
                "2026-11-26T00:00:00Z", Map.of("x", new ExperimentInfo("x", "quick", 3, 60, 50, spec)), List.of(r)));
        assertTrue(html.contains("Where the noise is"), html);
        Matcher share = Pattern.compile("<td>(\\d+)%</td></tr>").matcher(html);
        assertTrue(share.find(), html);
        assertTrue(Integer.parseInt(share.group(1)) > 90, "these forks differ far more than their iterations: " + html);
    }
}

package io.contend.cli.report;

import io.contend.cli.chart.Html;
import io.contend.cli.chart.SvgChart;
import io.contend.cli.lab.ResultsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's structure, rendered from a fixed results.json (backoff, refcount, and an experiment this build lacks). */
class HtmlReportTest {
    private static final Pattern SVG = Pattern.compile("<svg class=\"chart (bars|lines)\".*?</svg>", Pattern.DOTALL);

    static Path fixture(Path dir) throws IOException {
        try (InputStream in = HtmlReportTest.class.getResourceAsStream("/report/results.json")) {
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

    @Test
    void oneSectionPerExperimentEachWithChartTableAndNotes(@TempDir Path dir) throws IOException {
        String html = render(fixture(dir));
        List<String> sections = sections(html);
        assertEquals(List.of("backoff", "refcount", "future-queues"),
                sections.stream().map(s -> s.substring(0, s.indexOf('\n'))).toList());
        for (String section : sections) {
            Matcher charts = SVG.matcher(section);
            int count = 0;
            while (charts.find()) {
                String svg = charts.group();
                count++;
                assertTrue(svg.contains("<title>") && svg.contains("class=\"chart-title\""), "title: " + svg);
                assertTrue(svg.contains("class=\"axis-label x-label\""), "x label: " + svg);
                assertTrue(svg.matches("(?s).*class=\"axis-label y-label\"[^>]*>score \\([^)]+\\), (higher|lower) is better(, log scale)?<.*"),
                        "y label with unit: " + svg);
                assertTrue(svg.contains("<g class=\"legend\">") && svg.contains("legend-text"), "legend: " + svg);
            }
            assertTrue(count >= 1, "a chart in " + section);
            assertEquals(1, section.split("<table class=\"results\">", -1).length - 1, "one results table: " + section);
        }
    }

    @Test
    void chartsSuitTheData(@TempDir Path dir) throws IOException {
        List<String> sections = sections(render(fixture(dir)));
        String backoff = sections.get(0);
        assertTrue(backoff.contains("<svg class=\"chart bars\""), "strategies x threads are grouped bars");
        assertTrue(backoff.contains(">4* threads<"), "oversubscribed group marked");
        assertTrue(backoff.contains("class=\"error-bar\""), "error bars from JMH's error");
        assertTrue(backoff.contains("<th>vs cas</th>") && backoff.contains("<td>1.00x</td>"), "ratio column");
        String refcount = sections.get(1);
        assertEquals(2, refcount.split("<svg class=\"chart lines\"", -1).length - 1, "delay 1..10000: a line chart per benchmark");
        assertTrue(refcount.contains("delay, log scale"), "the range asks for a log axis");
        assertTrue(refcount.contains("lower is better"), "ns/op");
        assertTrue(refcount.contains("<h3>Seed, other machine</h3>") && refcount.contains("804.579"),
                "the seed's 7248 table beside ours");
        String unknown = sections.get(2);
        assertTrue(unknown.contains("not an experiment of this build"), unknown);
        assertTrue(unknown.contains("<svg class=\"chart lines\"") && unknown.contains("burst, log scale"), unknown);
        assertFalse(unknown.contains("vs baseline"), "no baseline known, no ratio column: " + unknown);
    }

    @Test
    void headerNamesMachineModeAndDateAndWarnsOfOversubscription(@TempDir Path dir) throws IOException {
        String html = render(fixture(dir));
        String header = html.substring(html.indexOf("<header>"), html.indexOf("</header>"));
        assertTrue(header.contains("2 CPUs") && header.contains("OpenJDK 64-Bit Server VM (Test) 17.0.15+6")
                && header.contains("Linux 6.1 amd64"), header);
        assertTrue(header.contains("Mode: quick") && header.contains("2026-11-23T09:00:00Z"), header);
        assertTrue(header.contains("class=\"warning oversubscribed\""), header);
    }

    @Test
    void selfContainedAndPlotsEmbedded(@TempDir Path dir) throws IOException {
        fixture(dir);
        Files.writeString(dir.resolve("co-latency.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>");
        String html = render(dir);
        assertFalse(html.contains("<script"), "no script");
        assertFalse(html.contains("<link"), "no fetched style or font");
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "nothing fetched");
        assertTrue(html.contains("<section class=\"plots\" id=\"plots\">")
                && html.contains("src=\"data:image/svg+xml;base64,") && html.contains("co-latency.svg"), "plot embedded");
    }

    @Test
    void textIsEscaped() {
        assertEquals("a&lt;b&gt; &amp; &quot;c&quot; &#39;d&#39;", Html.escape("a<b> & \"c\" 'd'"));
    }

    @Test
    void noResultsIsAClearError(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HtmlReport().write(dir));
        assertTrue(e.getMessage().contains("no results.json in " + dir.toAbsolutePath()), e.getMessage());
    }
}

package io.contend.cli.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import io.contend.cli.Main;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Opens the report of a real lab smoke run in headless Chromium (Debian's {@code chromium}, or
 * {@code $CONTEND_CHROMIUM}): the page loads without errors, every chart has a non-zero size, and the screenshots
 * land in {@code target/report-screenshots/}. Skipped, saying why, where no browser is installed; .ci/run
 * installs one.
 */
class ReportBrowserTest {

    @Test
    void theSmokeReportRendersInChromium(@TempDir Path dir) throws Exception {
        Path chromium = HeadlessChromium.find();
        Assumptions.assumeTrue(chromium != null, "no Chromium found (looked at $CONTEND_CHROMIUM and /usr/bin/chromium "
                + "and friends): install Debian's 'chromium' package to run the browser test; skipped");

        Path out = dir.resolve("contend-results");
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine lab = Main.commandLine();
        lab.setOut(new PrintWriter(stdout, true));
        lab.setErr(new PrintWriter(stderr, true));
        assertEquals(0, lab.execute("lab", "backoff", "--smoke", "--threads", "1,4", "--out-dir", out.toString()),
                stderr.toString());
        assertTrue(stdout.toString().contains("Report:  " + out.resolve("index.html").toAbsolutePath()), stdout.toString());

        Path shots = Path.of("target", "report-screenshots");
        Files.createDirectories(shots);
        try (HeadlessChromium browser = new HeadlessChromium(chromium)) {
            browser.open(out.resolve("index.html").toUri());
            JsonObject page = browser.evaluate("""
                    (() => ({
                      ready: document.readyState,
                      sections: document.querySelectorAll('section.experiment').length,
                      warnings: document.querySelectorAll('.warning').length,
                      charts: [...document.querySelectorAll('svg.chart')].map(s => {
                        const r = s.getBoundingClientRect();
                        return {width: r.width, height: r.height, x: r.x, y: r.y + window.scrollY,
                                texts: s.querySelectorAll('text').length};
                      })
                    }))()""").getAsJsonObject();
            assertEquals("complete", page.get("ready").getAsString());
            assertEquals(1, page.get("sections").getAsInt(), page.toString());
            assertTrue(page.get("warnings").getAsInt() >= 2, "smoke and oversubscription warnings: " + page);
            JsonArray charts = page.getAsJsonArray("charts");
            assertTrue(charts.size() >= 1, page.toString());
            for (JsonElement c : charts) {
                JsonObject chart = c.getAsJsonObject();
                assertTrue(chart.get("width").getAsDouble() > 0 && chart.get("height").getAsDouble() > 0,
                        "a chart has no size: " + chart);
                assertTrue(chart.get("texts").getAsInt() > 5, "title, ticks, labels, legend: " + chart);
            }
            browser.screenshot(shots.resolve("report.png"), null);
            JsonObject first = charts.get(0).getAsJsonObject();
            browser.screenshot(shots.resolve("report-chart-1.png"), new double[]{first.get("x").getAsDouble(),
                    first.get("y").getAsDouble(), first.get("width").getAsDouble(), first.get("height").getAsDouble()});
            assertEquals(java.util.List.of(), browser.errors(), "the page reported errors");
        }
        assertTrue(Files.size(shots.resolve("report.png")) > 10_000, "a screenshot with content");
        System.out.println("report screenshots: " + shots.toAbsolutePath() + " (report.png, report-chart-1.png)");
    }

    /** The check above can fail: a page with a missing image and a script error reports both. */
    @Test
    void aBrokenPageReportsItsErrors(@TempDir Path dir) throws Exception {
        Path chromium = HeadlessChromium.find();
        Assumptions.assumeTrue(chromium != null, "no Chromium found: install Debian's 'chromium'; skipped");
        Path page = dir.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><img src=\"missing.png\">"
                + "<script>undefinedFunction();</script></body></html>");
        try (HeadlessChromium browser = new HeadlessChromium(chromium)) {
            browser.open(page.toUri());
            Thread.sleep(200); // log events may trail the load event
            java.util.List<String> errors = browser.errors();
            assertTrue(errors.stream().anyMatch(e -> e.contains("undefinedFunction")), errors.toString());
            assertTrue(errors.stream().anyMatch(e -> e.contains("missing.png")), errors.toString());
        }
    }
}

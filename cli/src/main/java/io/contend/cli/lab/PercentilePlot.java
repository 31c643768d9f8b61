package io.contend.cli.lab;

import io.contend.cli.chart.ChartSvg;
import io.contend.cli.results.ChartData;
import io.contend.hdr.OutputUnit;
import io.contend.hdr.PercentileCurve;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** The {@code co} experiment's percentile distribution, response vs service time: its chart, and that chart as an SVG file. */
final class PercentilePlot {
    private PercentilePlot() {
    }

    static void write(Path file, Histogram response, Histogram service) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, ChartSvg.document(chart(response, service)), StandardCharsets.UTF_8);
    }

    /**
     * @param response response times, in ns
     * @param service service times, in ns
     * @return the percentile distribution of both, in ms, on HdrHistogram's x = 1/(1-p) axis
     */
    static ChartData chart(Histogram response, Histogram service) {
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        histograms.put("response time", response);
        histograms.put("service time", service);
        OutputUnit ms = new OutputUnit(1e6, "ms");
        List<ChartData.Line> lines = new ArrayList<>();
        double highest = 0;
        for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
            List<ChartData.Point> points = new ArrayList<>();
            for (PercentileCurve.Point p : PercentileCurve.of(e.getValue(), ms)) {
                points.add(new ChartData.Point(p.x(), p.value()));
                highest = Math.max(highest, p.percentile());
            }
            if (!points.isEmpty()) {
                lines.add(new ChartData.Line(e.getKey(), points));
            }
        }
        if (lines.isEmpty()) {
            lines.add(new ChartData.Line("no values", List.of(new ChartData.Point(1, 0))));
        }
        List<ChartData.Tick> ticks = new ArrayList<>();
        for (PercentileCurve.Nine nine : PercentileCurve.nines(highest)) {
            ticks.add(new ChartData.Tick(nine.x(), nine.label()));
        }
        return new ChartData("co-percentiles", "co: fixed rate, stalling service: response vs service time",
                "percentile (x = 1/(1-p))", "latency (ms)", true, lines, ticks);
    }
}

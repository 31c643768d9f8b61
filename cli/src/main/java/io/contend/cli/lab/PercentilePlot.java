package io.contend.cli.lab;

import io.contend.cli.hdr.LatencyPlots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Writes the {@code co} experiment's percentile distribution, response vs service time, as an SVG file. */
final class PercentilePlot {
    private PercentilePlot() {
    }

    static void write(Path file, Histogram response, Histogram service) throws IOException {
        Map<String, Histogram> series = new LinkedHashMap<>();
        series.put("response time", response);
        series.put("service time", service);
        String svg = LatencyPlots.percentileDistributionSvg("co: fixed rate, stalling service: response vs service time",
                series, 1e6, "ms");
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, svg, StandardCharsets.UTF_8);
    }
}

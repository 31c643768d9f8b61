package io.contend.cli.lab;

import io.contend.bench.writepath.WritePathBuild;
import io.contend.cli.chart.ChartSvg;
import io.contend.cli.chart.SvgChart;
import io.contend.cli.results.ChartData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code writepath} experiment's latency-vs-rate chart for the two builds: response-time p99 against the fixed
 * rate, from every run of the build (saturation probes and fixed-rate rows of all rounds), with the SLO as a line.
 * The rates differ from round to round, so runs are grouped into bins of a sixth of a decade of rate and each bin
 * shows the median p99 of its runs at the median rate. The curve is flat while the path keeps up and turns up
 * steeply where it saturates; the build whose knee lies further right holds the SLO at a higher rate.
 */
final class HockeyStick {
    /** Bins per decade of rate. */
    static final int BINS_PER_DECADE = 6;

    private HockeyStick() {
    }

    static void write(Path file, Map<WritePathBuild, List<double[]>> points, double sloMs) throws IOException {
        ChartData chart = chart(points, sloMs);
        if (chart == null) {
            return;
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, ChartSvg.document(chart), StandardCharsets.UTF_8);
    }

    /**
     * @param points {rate, p99 ms} of every run, by build
     * @param sloMs the SLO, drawn as a horizontal line
     * @return the chart, or null without a point
     */
    static ChartData chart(Map<WritePathBuild, List<double[]>> points, double sloMs) {
        List<ChartData.Line> lines = new ArrayList<>();
        double minRate = Double.POSITIVE_INFINITY;
        double maxRate = 0;
        for (WritePathBuild build : List.of(WritePathBuild.JDK, WritePathBuild.CONTEND)) {
            List<double[]> runs = points.get(build);
            if (runs == null || runs.isEmpty()) {
                continue;
            }
            List<ChartData.Point> line = new ArrayList<>();
            for (double[] p : binnedMedians(runs)) {
                line.add(new ChartData.Point(p[0], p[1]));
                minRate = Math.min(minRate, p[0]);
                maxRate = Math.max(maxRate, p[0]);
            }
            lines.add(new ChartData.Line(build.label(), line));
        }
        if (maxRate == 0) {
            return null;
        }
        lines.add(new ChartData.Line("SLO " + SvgChart.number(sloMs) + " ms", List.of(
                new ChartData.Point(minRate, sloMs), new ChartData.Point(maxRate, sloMs))));
        List<ChartData.Tick> ticks = new ArrayList<>();
        for (double r = Math.pow(10, Math.floor(Math.log10(minRate))); r <= maxRate * 1.0001; r *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                double x = r * m;
                if (x >= minRate / 1.0001 && x <= maxRate * 1.0001) {
                    ticks.add(new ChartData.Tick(x, SvgChart.number(x)));
                }
            }
        }
        return new ChartData("writepath-hockey",
                "writepath: response-time p99 vs fixed rate (the hockey stick; median per rate bin)",
                "fixed rate, ops/s", "p99, ms", true, lines, ticks);
    }

    /**
     * @param runs {rate, p99} of each run, rates positive
     * @return {median rate, median p99} per bin of {@value #BINS_PER_DECADE} per decade of rate, by rate
     */
    static List<double[]> binnedMedians(List<double[]> runs) {
        Map<Long, List<double[]>> bins = new TreeMap<>();
        for (double[] run : runs) {
            long bin = (long) Math.floor(Math.log10(run[0]) * BINS_PER_DECADE);
            bins.computeIfAbsent(bin, b -> new ArrayList<>()).add(run);
        }
        List<double[]> medians = new ArrayList<>();
        for (List<double[]> bin : bins.values()) {
            medians.add(new double[] {median(bin, 0), median(bin, 1)});
        }
        return medians;
    }

    private static double median(List<double[]> values, int column) {
        double[] sorted = values.stream().mapToDouble(v -> v[column]).sorted().toArray();
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}

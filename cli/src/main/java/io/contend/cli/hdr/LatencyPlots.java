package io.contend.cli.hdr;

import io.contend.cli.chart.SvgChart;
import io.contend.hdr.HdrInterval;
import io.contend.hdr.OutputUnit;
import io.contend.hdr.PercentileCurve;
import io.contend.hdr.TimePoint;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Latency plots as standalone SVG documents (they open in a browser, and the lab report embeds SVG files found
 * next to results.json), drawn by the report's {@link SvgChart}:
 * <ul>
 * <li>the percentile distribution on a "nines" axis (x = 1/(1 - p) on a log scale, ticks 0%, 90%, 99%,
 * 99.9% ...), one line per series, e.g. response and service time of one operation;</li>
 * <li>latency over time: p50, p99 and max of every interval, per tag.</li>
 * </ul>
 * The y axis is logarithmic when the values span a factor of 30 or more and none is zero.
 */
public final class LatencyPlots {
    /** Above this many points a line has no markers (and no per-point tooltips): they would hide it. */
    private static final int MAX_MARKERS = 60;

    private LatencyPlots() {
    }

    /**
     * @param title the chart's title
     * @param seriesByName one histogram per line, legend text to values as recorded (e.g. ns), in legend order;
     *                     empty histograms are left out
     * @param outputValueUnitScalingRatio what recorded values are divided by for display (1e6: ns to ms), as
     *                                    HistogramLogProcessor's -outputValueUnitRatio
     * @param unitLabel the displayed unit, e.g. "ms"
     * @return an SVG document, XML declaration included
     * @throws IllegalArgumentException if no histogram has a value, the ratio is not positive or the label is
     *                                  blank
     */
    public static String percentileDistributionSvg(String title, Map<String, Histogram> seriesByName,
                                                    double outputValueUnitScalingRatio, String unitLabel) {
        OutputUnit unit = new OutputUnit(outputValueUnitScalingRatio, unitLabel);
        List<SvgChart.Series> series = new ArrayList<>();
        double highest = 0;
        for (Map.Entry<String, Histogram> e : seriesByName.entrySet()) {
            List<SvgChart.Point> points = new ArrayList<>();
            for (PercentileCurve.Point p : PercentileCurve.of(e.getValue(), unit)) {
                points.add(new SvgChart.Point(String.format(Locale.ROOT, "%.4f%%", p.percentile()), p.x(), p.value(),
                        Double.NaN));
                highest = Math.max(highest, p.percentile());
            }
            if (!points.isEmpty()) {
                series.add(new SvgChart.Series(e.getKey(), points));
            }
        }
        if (series.isEmpty()) {
            throw new IllegalArgumentException("no recorded values to plot in " + seriesByName.keySet() + ": " + title);
        }
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (PercentileCurve.Nine nine : PercentileCurve.nines(highest)) {
            ticks.add(new SvgChart.Tick(nine.x(), nine.label()));
        }
        return SvgChart.standalone(SvgChart.lines(title, "percentile (x = 1/(1-p))", "latency (" + unit.label() + ")",
                SvgChart.Scale.LOG, series, ticks, markers(series)));
    }

    /**
     * @param title the chart's title
     * @param intervals intervals of one or more tags (values as recorded); time 0 is the earliest start
     * @param outputValueUnitScalingRatio what recorded values are divided by for display (1e6: ns to ms)
     * @param unitLabel the displayed unit, e.g. "ms"
     * @return an SVG document with p50, p99 and max per tag over time, each interval at its end
     * @throws IllegalArgumentException if there is no interval, the ratio is not positive or the label is blank
     */
    public static String overTimeSvg(String title, List<HdrInterval> intervals, double outputValueUnitScalingRatio,
                                     String unitLabel) {
        OutputUnit unit = new OutputUnit(outputValueUnitScalingRatio, unitLabel);
        double origin = intervals.stream().mapToDouble(HdrInterval::startSeconds).min().orElse(Double.NaN);
        List<TimePoint> points = new ArrayList<>();
        for (HdrInterval interval : intervals) {
            points.add(TimePoint.of(interval, origin, unit));
        }
        return overTimeSvg(title, points, unit.label());
    }

    /**
     * @param title the chart's title
     * @param points one per interval, values already in the displayed unit
     * @param unitLabel the displayed unit, e.g. "ms"
     * @return an SVG document with p50, p99 and max per tag over time
     * @throws IllegalArgumentException if there is no point
     */
    public static String overTimeSvg(String title, List<TimePoint> points, String unitLabel) {
        if (points.isEmpty()) {
            throw new IllegalArgumentException("no intervals to plot: " + title);
        }
        Map<String, List<TimePoint>> byTag = new LinkedHashMap<>();
        for (TimePoint p : points) {
            byTag.computeIfAbsent(p.label(), t -> new ArrayList<>()).add(p);
        }
        List<SvgChart.Series> series = new ArrayList<>();
        byTag.forEach((tag, tagPoints) -> {
            String prefix = byTag.size() == 1 ? "" : tag + " ";
            series.add(timeSeries(prefix + "p50", tagPoints, p -> p.stats().p50()));
            series.add(timeSeries(prefix + "p99", tagPoints, p -> p.stats().p99()));
            series.add(timeSeries(prefix + "max", tagPoints, p -> p.stats().max()));
        });
        double first = points.stream().mapToDouble(TimePoint::seconds).min().orElseThrow();
        double last = points.stream().mapToDouble(TimePoint::seconds).max().orElseThrow();
        return SvgChart.standalone(SvgChart.lines(title, "time (s)", "latency (" + unitLabel + ")", SvgChart.Scale.LINEAR, series,
                timeTicks(Math.min(0, first), last), markers(series)));
    }

    private static SvgChart.Series timeSeries(String name, List<TimePoint> points, ToDoubleFunction<TimePoint> value) {
        List<SvgChart.Point> out = new ArrayList<>();
        for (TimePoint p : points) {
            out.add(new SvgChart.Point(String.format(Locale.ROOT, "%.3f s", p.seconds()), p.seconds(),
                    value.applyAsDouble(p), Double.NaN));
        }
        return new SvgChart.Series(name, out);
    }

    private static SvgChart.Markers markers(List<SvgChart.Series> series) {
        return series.stream().allMatch(s -> s.points().size() <= MAX_MARKERS) ? SvgChart.Markers.SHOWN
                : SvgChart.Markers.HIDDEN;
    }

    /** About eight ticks at 1, 2 or 5 times a power of ten seconds apart. */
    static List<SvgChart.Tick> timeTicks(double from, double to) {
        double span = Math.max(to - from, 1e-3);
        double power = Math.pow(10, Math.floor(Math.log10(span / 8)));
        double step = power;
        for (double m : new double[]{1, 2, 5, 10}) {
            step = m * power;
            if (span / step <= 8) {
                break;
            }
        }
        List<SvgChart.Tick> ticks = new ArrayList<>();
        for (long k = (long) Math.ceil(from / step); k * step <= to + step * 1e-9; k++) {
            double x = k * step;
            ticks.add(new SvgChart.Tick(x, step >= 1 ? Long.toString(Math.round(x))
                    : String.format(Locale.ROOT, "%." + (int) Math.ceil(-Math.log10(step)) + "f", x)));
        }
        return ticks;
    }
}

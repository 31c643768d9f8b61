package io.contend.cli.chart;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Draws a chart as an inline SVG element: grouped bars over categories, or lines over a numeric axis (linear
 * or log). Every chart has a title, axis labels and a legend; error bars show JMH's error where there is one.
 * The y axis starts at 0 so that bar heights compare honestly. {@link #standalone(String)} turns a chart into
 * an SVG document of its own (the lab report embeds such files, {@code contend hdr plot} writes them).
 */
public final class SvgChart {
    static final int WIDTH = 760;
    private static final int PLOT_HEIGHT = 300;
    private static final int LEFT = 80;
    private static final int RIGHT = 20;
    private static final int TOP = 44;
    private static final int TICK_LINE = 14;
    private static final int LEGEND_ROW = 20;
    private static final String[] COLORS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
            "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    /** Style of the chart elements, shared by the report's page and standalone charts. */
    public static final String CSS = """
            svg.chart{display:block;margin:12px 0;background:#fff;border:1px solid #eee}
            svg .grid{stroke:#eee}svg .axis{stroke:#444}svg .error-bar{stroke:#222;stroke-width:1.2}
            svg text{font-size:12px;fill:#222}svg .chart-title{font-size:15px;font-weight:600}
            svg .axis-label{font-size:13px}
            """;

    /** How an x axis maps values: evenly, or by their logarithm (every x must then be positive). */
    public enum Scale {
        /** Evenly spaced values. */
        LINEAR,
        /** Powers of ten evenly spaced. */
        LOG
    }

    /** Whether every point of a line gets a marker with a tooltip (leave them out for dense lines). */
    public enum Markers {
        /** A marker and a tooltip on every point. */
        SHOWN,
        /** The line alone. */
        HIDDEN
    }

    /**
     * Separates the lines of a category label: a bar chart's category {@code "a=1, 2 threads"} is drawn under its
     * group as two lines, so that neighbouring labels never overlap. Callers that build labels join their parts
     * with it.
     */
    public static final String LABEL_LINE_SEPARATOR = ", ";

    /**
     * One value of a series.
     *
     * @param category the group (bars) or the tick label (lines)
     * @param x position on a numeric axis (lines); ignored for bars
     * @param y the value
     * @param error half-width of the error bar, or NaN for none
     */
    public record Point(String category, double x, double y, double error) {
    }

    /**
     * A named series: one colour, one legend entry.
     *
     * @param name legend text
     * @param points its values
     */
    public record Series(String name, List<Point> points) {
    }

    /**
     * A labelled tick of a numeric x axis.
     *
     * @param x its position, in the axis's values
     * @param label its text
     */
    public record Tick(double x, String label) {
    }

    private SvgChart() {
    }

    /**
     * @param title chart title
     * @param xLabel x axis label
     * @param yLabel y axis label, with units
     * @param series one bar per series in each category, categories in first-seen order
     * @return an {@code <svg class="chart">} element
     */
    public static String bars(String title, String xLabel, String yLabel, List<Series> series) {
        Set<String> categorySet = new LinkedHashSet<>();
        for (Series s : series) {
            for (Point p : s.points()) {
                categorySet.add(p.category());
            }
        }
        List<String> categories = new ArrayList<>(categorySet);
        int tickLines = categories.stream().mapToInt(c -> c.split(LABEL_LINE_SEPARATOR).length).max().orElse(1);
        Frame f = new Frame(series, false, tickLines).draw(title, xLabel, yLabel, "bars");
        double groupWidth = f.plotWidth / Math.max(1, categories.size());
        double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
        for (int c = 0; c < categories.size(); c++) {
            double groupLeft = LEFT + c * groupWidth;
            f.xTick(groupLeft + groupWidth / 2, categories.get(c));
            for (int i = 0; i < series.size(); i++) {
                for (Point p : series.get(i).points()) {
                    if (!p.category().equals(categories.get(c)) || !Double.isFinite(p.y())) {
                        continue;
                    }
                    double x = groupLeft + groupWidth * 0.1 + i * barWidth;
                    double y = f.yPos(p.y());
                    f.out.append(String.format(Locale.ROOT,
                            "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                                    + "<title>%s, %s: %s</title></rect>%n",
                            x, y, Math.max(1, barWidth - 2), f.yPos(0) - y, color(i),
                            Html.escape(series.get(i).name()), Html.escape(p.category()), number(p.y())));
                    f.errorBar(x + (barWidth - 2) / 2, p);
                }
            }
        }
        return f.finish();
    }

    /**
     * @param title chart title
     * @param xLabel x axis label, with units
     * @param yLabel y axis label, with units
     * @param xScale the x axis's scale
     * @param series one line per series, points in any order; the y axis turns logarithmic when the values
     *               span a factor of 30 or more
     * @return an {@code <svg class="chart">} element, a marker with a tooltip on every point and a tick at every
     *         distinct x, labelled with its point's category
     */
    public static String lines(String title, String xLabel, String yLabel, Scale xScale, List<Series> series) {
        return lines(title, xLabel, yLabel, xScale, series, null, Markers.SHOWN);
    }

    /**
     * @param title chart title
     * @param xLabel x axis label, with units
     * @param yLabel y axis label, with units
     * @param xScale the x axis's scale ({@link Scale#LOG}: every x, of points and ticks, must be positive)
     * @param series one line per series, points in any order, at least one point in all; the y axis turns
     *               logarithmic when the values span a factor of 30 or more
     * @param xTicks the x axis's ticks, which the axis spans together with the points; null for a tick at every
     *               distinct x of the points, labelled with its point's category
     * @param markers whether every point gets a marker with a tooltip
     * @return an {@code <svg class="chart">} element
     * @throws IllegalArgumentException if there is no point, or a log axis gets an x that is not positive
     */
    public static String lines(String title, String xLabel, String yLabel, Scale xScale, List<Series> series,
                               List<Tick> xTicks, Markers markers) {
        boolean logX = xScale == Scale.LOG;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = 0;
        List<Tick> ticks = new ArrayList<>();
        Set<Double> seen = new LinkedHashSet<>();
        for (Series s : series) {
            for (Point p : s.points()) {
                min = Math.min(min, p.x());
                max = Math.max(max, p.x());
                if (Double.isFinite(p.y())) {
                    yMin = Math.min(yMin, p.y());
                    yMax = Math.max(yMax, p.y());
                }
                if (xTicks == null && seen.add(p.x())) {
                    ticks.add(new Tick(p.x(), p.category()));
                }
            }
        }
        if (xTicks != null) {
            for (Tick t : xTicks) {
                min = Math.min(min, t.x());
                max = Math.max(max, t.x());
                ticks.add(t);
            }
        }
        if (min > max) {
            throw new IllegalArgumentException("a line chart needs at least one point: " + title);
        }
        if (logX && min <= 0) {
            throw new IllegalArgumentException("a log axis needs positive x values, got " + min);
        }
        boolean logY = yMin > 0 && yMax / yMin >= 30; // else the small values vanish at the bottom
        Frame f = new Frame(series, logY, 1).draw(title, xLabel + (logX ? ", log scale" : ""),
                yLabel + (logY ? ", log scale" : ""), "lines");
        double lo = logX ? Math.log10(min) : min;
        double hi = logX ? Math.log10(max) : max;
        double span = hi > lo ? hi - lo : 1;
        java.util.function.DoubleUnaryOperator xPos = x -> LEFT + 10
                + ((logX ? Math.log10(x) : x) - lo) / span * (f.plotWidth - 20);
        for (Tick t : ticks) {
            f.xTick(xPos.applyAsDouble(t.x()), t.label());
        }
        for (int i = 0; i < series.size(); i++) {
            List<Point> points = new ArrayList<>(series.get(i).points());
            points.removeIf(p -> !Double.isFinite(p.y()));
            points.sort(java.util.Comparator.comparingDouble(Point::x));
            StringBuilder path = new StringBuilder();
            for (Point p : points) {
                path.append(path.length() == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.1f,%.1f",
                        xPos.applyAsDouble(p.x()), f.yPos(p.y())));
            }
            f.out.append(String.format(Locale.ROOT,
                    "<polyline class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\">"
                            + "<title>%s</title></polyline>%n",
                    color(i), path, Html.escape(series.get(i).name())));
            for (Point p : markers == Markers.SHOWN ? points : List.<Point>of()) {
                double x = xPos.applyAsDouble(p.x());
                f.out.append(String.format(Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>%s, %s: %s</title></circle>%n",
                        x, f.yPos(p.y()), color(i), Html.escape(series.get(i).name()), Html.escape(p.category()),
                        number(p.y())));
                f.errorBar(x, p);
            }
        }
        return f.finish();
    }

    /**
     * @param chart an element from {@link #bars} or {@link #lines}
     * @return a standalone SVG document: an XML declaration, and the chart with its style inside, so that it
     *         looks the same opened on its own in a browser or embedded as an image
     */
    public static String standalone(String chart) {
        int endOfTag = chart.indexOf('>');
        if (!chart.startsWith("<svg ") || endOfTag < 0) {
            throw new IllegalArgumentException("not a chart of SvgChart: "
                    + chart.substring(0, Math.min(40, chart.length())));
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + chart.substring(0, endOfTag + 1)
                + "\n<style>\nsvg text{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif}\n"
                + CSS + "</style>" + chart.substring(endOfTag + 1);
    }

    private static String color(int i) {
        return COLORS[i % COLORS.length];
    }

    public static String number(double v) {
        double a = Math.abs(v);
        if (v == Math.rint(v) && a < 1e6) {
            return Long.toString((long) v);
        }
        if (a != 0 && (a >= 1e6 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : a >= 1 ? "%.2f" : "%.4f", v);
    }

    /**
     * Axes, title, labels and legend shared by both kinds; a linear y axis spans 0 to a rounded maximum, a log
     * one the powers of ten around the values.
     */
    private static final class Frame {
        final StringBuilder out = new StringBuilder();
        final double plotWidth = WIDTH - LEFT - RIGHT;
        final double yMax;
        final boolean logY;
        final double logLo;
        final double logHi;
        final List<Series> series;
        final int legendRows;
        final int height;
        /** Below the plot: tick labels (one line per part of a category), then the axis label, then the legend. */
        final int axisLabelY;
        final int legendY;

        /** Lays the frame out; {@link #draw} writes it. */
        Frame(List<Series> series, boolean logY, int tickLines) {
            this.series = series;
            this.logY = logY;
            this.axisLabelY = TOP + PLOT_HEIGHT + 28 + TICK_LINE * tickLines;
            this.legendY = axisLabelY + 26;
            double max = 0;
            double min = Double.POSITIVE_INFINITY;
            for (Series s : series) {
                for (Point p : s.points()) {
                    double top = p.y() + (Double.isFinite(p.error()) ? p.error() : 0);
                    if (Double.isFinite(top)) {
                        max = Math.max(max, top);
                    }
                    if (Double.isFinite(p.y()) && p.y() > 0) {
                        min = Math.min(min, p.y());
                    }
                }
            }
            yMax = niceCeiling(max);
            logLo = logY ? Math.floor(Math.log10(min)) : 0;
            logHi = logY ? Math.max(logLo + 1, Math.ceil(Math.log10(max))) : 0;
            legendRows = legendRows(series);
            height = legendY + legendRows * LEGEND_ROW;
        }

        /** Writes the element's start, the title, the y grid, the axes and their labels; returns this. */
        Frame draw(String title, String xLabel, String yLabel, String kind) {
            out.append(String.format(Locale.ROOT,
                    "<svg class=\"chart %s\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"%d\" "
                            + "height=\"%d\" viewBox=\"0 0 %d %d\" aria-label=\"%s\">%n",
                    kind, WIDTH, height, WIDTH, height, Html.escape(title)));
            out.append("<title>").append(Html.escape(title)).append("</title>\n");
            out.append(String.format(Locale.ROOT,
                    "<text class=\"chart-title\" x=\"%d\" y=\"24\" text-anchor=\"middle\">%s</text>%n",
                    WIDTH / 2, Html.escape(title)));
            int ticks = logY ? (int) (logHi - logLo) : 5;
            for (int i = 0; i <= ticks; i++) {
                double v = logY ? Math.pow(10, logLo + i) : yMax * i / 5;
                double y = yPos(v);
                out.append(String.format(Locale.ROOT,
                        "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
                                + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                        LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4, number(v)));
            }
            out.append(String.format(Locale.ROOT,
                    "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>"
                            + "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>%n",
                    LEFT, TOP, LEFT, TOP + PLOT_HEIGHT, LEFT, TOP + PLOT_HEIGHT, WIDTH - RIGHT, TOP + PLOT_HEIGHT));
            out.append(String.format(Locale.ROOT,
                    "<text class=\"axis-label x-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    LEFT + plotWidth / 2, axisLabelY, Html.escape(xLabel)));
            out.append(String.format(Locale.ROOT,
                    "<text class=\"axis-label y-label\" x=\"16\" y=\"%d\" text-anchor=\"middle\" "
                            + "transform=\"rotate(-90 16 %d)\">%s</text>%n",
                    TOP + PLOT_HEIGHT / 2, TOP + PLOT_HEIGHT / 2, Html.escape(yLabel)));
            return this;
        }

        double yPos(double v) {
            if (logY) {
                double clamped = Math.max(v, Math.pow(10, logLo));
                return TOP + PLOT_HEIGHT - (Math.log10(clamped) - logLo) / (logHi - logLo) * PLOT_HEIGHT;
            }
            return TOP + PLOT_HEIGHT - (yMax > 0 ? v / yMax : 0) * PLOT_HEIGHT;
        }

        /** A category label under the axis, one line per part (see {@link #LABEL_LINE_SEPARATOR}). */
        void xTick(double x, String label) {
            out.append(String.format(Locale.ROOT, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
                    x, TOP + PLOT_HEIGHT + 18));
            String[] parts = label.split(LABEL_LINE_SEPARATOR);
            for (int i = 0; i < parts.length; i++) {
                out.append(String.format(Locale.ROOT, "<tspan x=\"%.1f\" dy=\"%d\">%s</tspan>", x, i == 0 ? 0 : TICK_LINE,
                        Html.escape(parts[i])));
            }
            out.append("</text>\n");
        }

        void errorBar(double x, Point p) {
            if (!Double.isFinite(p.error()) || p.error() <= 0) {
                return;
            }
            double top = yPos(p.y() + p.error());
            double bottom = yPos(Math.max(0, p.y() - p.error()));
            out.append(String.format(Locale.ROOT,
                    "<path class=\"error-bar\" d=\"M%.1f,%.1f V%.1f M%.1f,%.1f H%.1f M%.1f,%.1f H%.1f\"/>%n",
                    x, top, bottom, x - 4, top, x + 4, x - 4, bottom, x + 4));
        }

        String finish() {
            double x = LEFT;
            double y = legendY;
            out.append("<g class=\"legend\">\n");
            for (int i = 0; i < series.size(); i++) {
                double w = legendWidth(series.get(i));
                if (x + w > WIDTH - RIGHT && x > LEFT) {
                    x = LEFT;
                    y += LEGEND_ROW;
                }
                out.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                                + "<text class=\"legend-text\" x=\"%.1f\" y=\"%.1f\">%s</text>%n",
                        x, y - 10, color(i), x + 16, y, Html.escape(series.get(i).name())));
                x += w;
            }
            out.append("</g>\n</svg>\n");
            return out.toString();
        }

        private static int legendRows(List<Series> series) {
            int rows = 1;
            double x = LEFT;
            for (Series s : series) {
                double w = legendWidth(s);
                if (x + w > WIDTH - RIGHT && x > LEFT) {
                    rows++;
                    x = LEFT;
                }
                x += w;
            }
            return rows;
        }

        private static double legendWidth(Series s) {
            return 16 + 7 * s.name().length() + 18;
        }
    }

    /** @return the smallest 1, 2, 2.5 or 5 times a power of ten at or above {@code max} (1 for nothing) */
    static double niceCeiling(double max) {
        if (!(max > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(max)));
        for (double step : new double[]{1, 2, 2.5, 5, 10}) {
            if (step * power >= max) {
                return step * power;
            }
        }
        return 10 * power;
    }
}

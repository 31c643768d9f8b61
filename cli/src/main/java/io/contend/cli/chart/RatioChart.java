package io.contend.cli.chart;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Draws comparisons as a forest plot: one row per comparison, its ratio to the baseline as a dot and its
 * confidence interval as a whisker on a logarithmic axis (a 2x gain and a 2x loss lie equally far from 1), the
 * line at 1, the equivalence margin as a shaded band, and the verdict as a label at the end of the row.
 */
public final class RatioChart {
    private static final int WIDTH = 760;
    private static final int LABEL_WIDTH = 300;
    private static final int VERDICT_WIDTH = 130;
    private static final int TOP = 44;
    private static final int ROW = 22;
    private static final int BOTTOM = 46;
    private static final double[] TICKS = {0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50,
            100, 200, 500, 1000};

    /**
     * One comparison.
     *
     * @param label what is compared, e.g. {@code throughput queue=SpscArray impl=contend}
     * @param ratio the ratio to the baseline (above 1 is better), finite and positive
     * @param low the interval's lower end, or NaN without an interval
     * @param high the interval's upper end, or NaN without an interval
     * @param verdict the verdict's label: faster, slower, same or inconclusive
     */
    public record Row(String label, double ratio, double low, double high, String verdict) {
        /**
         * Checks the label and verdict are present and the ratio has a place on the log axis.
         *
         * @throws IllegalArgumentException if the ratio is zero, negative, NaN or infinite
         */
        public Row {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(verdict, "verdict");
            if (!(ratio > 0 && ratio < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("ratio of " + label + " must be finite and above 0: " + ratio);
            }
        }
    }

    private RatioChart() {
    }

    /**
     * @param title chart title
     * @param baseline what the ratio is relative to, for the axis label
     * @param margin the equivalence margin, e.g. 0.05
     * @param rows the comparisons, top to bottom
     * @return an {@code <svg class="chart ratio-chart">} element
     */
    public static String render(String title, String baseline, double margin, List<Row> rows) {
        double lo = 1 / (1 + margin);
        double hi = 1 + margin;
        for (Row r : rows) {
            lo = Math.min(lo, finiteOr(r.low(), r.ratio()));
            hi = Math.max(hi, finiteOr(r.high(), r.ratio()));
        }
        double logLo = Math.log10(lo) - 0.05;
        double logHi = Math.log10(hi) + 0.05;
        double plotLeft = LABEL_WIDTH;
        double plotWidth = WIDTH - LABEL_WIDTH - VERDICT_WIDTH;
        int height = TOP + ROW * rows.size() + BOTTOM;
        double plotBottom = TOP + ROW * rows.size();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "<svg class=\"chart ratio-chart\" xmlns=\"http://www.w3.org/2000/svg\" "
                + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">%n", WIDTH, height, WIDTH,
                height, escape(title)));
        out.append(String.format(Locale.ROOT, "<text class=\"chart-title\" x=\"%d\" y=\"22\">%s</text>%n", 10, escape(title)));
        X x = v -> plotLeft + plotWidth * (Math.log10(v) - logLo) / (logHi - logLo);
        out.append(String.format(Locale.ROOT, "<rect class=\"margin-band\" x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" "
                        + "fill=\"#e8e8e8\"><title>equivalence margin: %s to %s</title></rect>%n", x.at(1 / (1 + margin)), TOP,
                x.at(1 + margin) - x.at(1 / (1 + margin)), plotBottom - TOP, fmt(1 / (1 + margin)), fmt(1 + margin)));
        for (double t : TICKS) {
            if (t >= Math.pow(10, logLo) && t <= Math.pow(10, logHi)) {
                out.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\"/>"
                        + "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>%n", x.at(t), TOP, x.at(t), plotBottom,
                        x.at(t), plotBottom + 16, fmt(t)));
            }
        }
        out.append(String.format(Locale.ROOT, "<line class=\"one-line\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" "
                + "stroke=\"#444\" stroke-width=\"1.5\"/>%n", x.at(1), TOP - 4, x.at(1), plotBottom));
        out.append(String.format(Locale.ROOT, "<text class=\"axis-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
                        + "ratio to %s (log scale; above 1 is better), 95%% interval; band: the %d%% margin</text>%n",
                plotLeft + plotWidth / 2, plotBottom + 36, escape(baseline), Math.round(margin * 100)));
        for (int i = 0; i < rows.size(); i++) {
            row(out, rows.get(i), TOP + ROW * i + ROW / 2.0, x);
        }
        return out.append("</svg>\n").toString();
    }

    private static void row(StringBuilder out, Row r, double y, X x) {
        String color = color(r.verdict());
        out.append(String.format(Locale.ROOT, "<g class=\"comparison %s\"><title>%s: %sx [%s, %s] %s</title>%n",
                escape(r.verdict()), escape(r.label()), fmt(r.ratio()), fmt(r.low()), fmt(r.high()), escape(r.verdict())));
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                LABEL_WIDTH - 8, y + 4, escape(shorten(r.label(), 40))));
        if (Double.isFinite(r.low()) && Double.isFinite(r.high())) {
            out.append(String.format(Locale.ROOT, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    + "stroke=\"%s\" stroke-width=\"2\"/>", x.at(r.low()), y, x.at(r.high()), y, color));
            for (double end : new double[] {r.low(), r.high()}) {
                out.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                        + "stroke-width=\"2\"/>", x.at(end), y - 5, x.at(end), y + 5, color));
            }
        }
        out.append(String.format(Locale.ROOT, "<circle class=\"ratio\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>%n",
                x.at(r.ratio()), y, color));
        out.append(String.format(Locale.ROOT, "<text class=\"verdict\" x=\"%d\" y=\"%.1f\" fill=\"%s\">%s %sx</text></g>%n",
                WIDTH - VERDICT_WIDTH + 6, y + 4, color, escape(r.verdict()), fmt(r.ratio())));
    }

    /** A position on the log axis. */
    private interface X {
        double at(double value);
    }

    private static double finiteOr(double v, double fallback) {
        return Double.isFinite(v) && v > 0 ? v : fallback;
    }

    private static String color(String verdict) {
        return switch (verdict) {
            case "faster" -> "#2ca02c";
            case "slower" -> "#d62728";
            case "same" -> "#555555";
            default -> "#e08a00";
        };
    }

    private static String fmt(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : v >= 0.1 ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String shorten(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max - 1;
        // Cutting a surrogate pair in two would leave text that UTF-8 cannot encode.
        return s.substring(0, Character.isHighSurrogate(s.charAt(end - 1)) ? end - 1 : end) + "…";
    }

    private static String escape(String s) {
        return Html.escape(s);
    }
}

package io.contend.cli.results;

import java.util.List;
import java.util.Objects;

/**
 * A line chart an experiment measured, kept in results.json so that the report draws it from the file alone (the
 * write path's hockey stick, the co experiment's percentile distribution). Immutable; numbers are finite, and
 * positive on a log axis.
 *
 * @param name a file-name stem for the chart drawn on its own, e.g. {@code writepath-hockey}
 * @param title the chart's title
 * @param xLabel the x axis's label
 * @param yLabel the y axis's label
 * @param logX whether the x axis is logarithmic
 * @param lines the lines, in legend order
 * @param ticks the x axis's ticks, or empty for one at every distinct x
 */
public record ChartData(String name, String title, String xLabel, String yLabel, boolean logX, List<Line> lines,
                        List<Tick> ticks) {
    /** Most lines a chart may have. */
    public static final int MAX_LINES = 32;
    /** Most points a line may have. */
    public static final int MAX_POINTS = 10_000;

    /**
     * One line of the chart.
     *
     * @param label its legend text
     * @param points its points, in x order
     */
    public record Line(String label, List<Point> points) {
        /** Copies the points. */
        public Line {
            Objects.requireNonNull(label, "label");
            points = List.copyOf(points);
            if (points.size() > MAX_POINTS) {
                throw new IllegalArgumentException("a line may have at most " + MAX_POINTS + " points: "
                        + points.size());
            }
        }
    }

    /**
     * @param x the x value
     * @param y the y value
     */
    public record Point(double x, double y) {
        /** Checks that both are finite. */
        public Point {
            if (!Double.isFinite(x) || !Double.isFinite(y)) {
                throw new IllegalArgumentException("a chart point must be finite: (" + x + ", " + y + ")");
            }
        }
    }

    /**
     * @param x where on the x axis
     * @param label its text
     */
    public record Tick(double x, String label) {
        /** Checks the position and the label. */
        public Tick {
            Objects.requireNonNull(label, "label");
            if (!Double.isFinite(x)) {
                throw new IllegalArgumentException("a tick must be finite: " + x);
            }
        }
    }

    /** Checks names, counts and log-axis values, and copies the lists. */
    public ChartData {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z0-9][A-Za-z0-9_-]{0,63}")) {
            throw new IllegalArgumentException("a chart's name must be a file-name stem of letters, digits, - and _: '"
                    + name + "'");
        }
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(xLabel, "xLabel");
        Objects.requireNonNull(yLabel, "yLabel");
        lines = List.copyOf(lines);
        ticks = List.copyOf(ticks);
        if (lines.isEmpty() || lines.size() > MAX_LINES) {
            throw new IllegalArgumentException("a chart has 1 to " + MAX_LINES + " lines: " + lines.size());
        }
        if (logX) {
            for (Line l : lines) {
                for (Point p : l.points()) {
                    if (p.x() <= 0) {
                        throw new IllegalArgumentException("a log axis needs x above 0: " + p.x() + " in " + l.label());
                    }
                }
            }
        }
    }
}

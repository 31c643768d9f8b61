package io.contend.cli.chart;

import io.contend.cli.results.ChartData;

import java.util.ArrayList;
import java.util.List;

/** Draws a {@link ChartData} as an SVG line chart, for the report and for the chart's own file. */
public final class ChartSvg {
    private ChartSvg() {
    }

    /**
     * @param chart the chart
     * @return an {@code <svg class="chart">} element
     */
    public static String element(ChartData chart) {
        List<SvgChart.Series> series = new ArrayList<>();
        for (ChartData.Line line : chart.lines()) {
            List<SvgChart.Point> points = new ArrayList<>();
            for (ChartData.Point p : line.points()) {
                points.add(new SvgChart.Point(SvgChart.number(p.x()), p.x(), p.y(), Double.NaN));
            }
            if (!points.isEmpty()) {
                series.add(new SvgChart.Series(line.label(), points));
            }
        }
        List<SvgChart.Tick> ticks = null;
        if (!chart.ticks().isEmpty()) {
            ticks = new ArrayList<>();
            for (ChartData.Tick t : chart.ticks()) {
                ticks.add(new SvgChart.Tick(t.x(), t.label()));
            }
        }
        return SvgChart.lines(chart.title(), chart.xLabel(), chart.yLabel(),
                chart.logX() ? SvgChart.Scale.LOG : SvgChart.Scale.LINEAR, series, ticks, SvgChart.Markers.SHOWN);
    }

    /**
     * @param chart the chart
     * @return a standalone SVG document
     */
    public static String document(ChartData chart) {
        return SvgChart.standalone(element(chart));
    }
}

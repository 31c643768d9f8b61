package io.contend.cli.report;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.cli.chart.SvgChart;


import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Picks a chart for each benchmark of an experiment from its records alone, so that an experiment added later
 * gets charts without code here:
 * <ul>
 * <li>a numeric parameter with at least three values, or two an order of magnitude apart (delay, burst,
 * spool...), becomes the x axis of a line chart, logarithmic when its largest value is at least 50 times its
 * smallest; every other varying parameter, threads included, distinguishes the lines; threads alone is an
 * axis when nothing else varies;</li>
 * <li>otherwise grouped bars: one bar per value of the table's compared parameter (the implementation or
 * strategy being compared), grouped by the other varying parameters and the thread count.</li>
 * </ul>
 */
final class ChartPlanner {
    static final String THREADS = "threads";

    private ChartPlanner() {
    }

    /**
     * @param experiment the experiment's name, for titles
     * @param spec its table layout (baseline parameter, whether lower is better)
     * @param records its records
     * @return one SVG chart per benchmark, in first-seen order
     */
    static List<String> charts(String experiment, TableSpec spec, List<ResultRecord> records) {
        return charts(experiment, spec, records, false);
    }

    /**
     * @param experiment the experiment's name, for titles
     * @param spec its table layout
     * @param records its records
     * @param linesOnly true to draw only the line charts over a numeric parameter (delay, chunk, burst), where
     *                  raw scores show a shape that ratios do not; grouped bars are left out
     * @return the charts, one per benchmark at most, in first-seen order
     */
    static List<String> charts(String experiment, TableSpec spec, List<ResultRecord> records, boolean linesOnly) {
        Map<String, List<ResultRecord>> byBenchmark = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            byBenchmark.computeIfAbsent(r.benchmark(), b -> new ArrayList<>()).add(r);
        }
        List<String> charts = new ArrayList<>();
        byBenchmark.forEach((benchmark, rs) -> {
            String chart = chart(experiment, benchmark, spec, rs, linesOnly);
            if (chart != null) {
                charts.add(chart);
            }
        });
        return charts;
    }

    private static String chart(String experiment, String benchmark, TableSpec spec, List<ResultRecord> records,
                                boolean linesOnly) {
        String unit = records.get(0).unit();
        boolean lowerIsBetter = spec.directionOf(simpleName(benchmark)) == Direction.LOWER;
        String title = experiment + ": " + simpleName(benchmark);
        String yLabel = "score (" + unit + "), " + (lowerIsBetter ? "lower" : "higher") + " is better";
        List<String> varying = varying(records);
        String xParam = numericAxis(records, varying);
        if (xParam != null) {
            List<String> seriesKeys = new ArrayList<>(varying);
            seriesKeys.remove(xParam);
            Map<String, List<SvgChart.Point>> series = new LinkedHashMap<>();
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            for (ResultRecord r : records) {
                double x = Double.parseDouble(value(r, xParam));
                min = Math.min(min, x);
                max = Math.max(max, x);
                series.computeIfAbsent(label(r, seriesKeys, records.get(0)), k -> new ArrayList<>())
                        .add(new SvgChart.Point(value(r, xParam), x, r.score(), error(r)));
            }
            boolean logX = min > 0 && max / min >= 50;
            return SvgChart.lines(title, xParam.equals(THREADS) ? "threads" : xParam, yLabel,
                    logX ? SvgChart.Scale.LOG : SvgChart.Scale.LINEAR, toSeries(series));
        }
        if (linesOnly) {
            return null;
        }
        String barParam = barParameter(spec, varying);
        List<String> groupKeys = new ArrayList<>(varying);
        groupKeys.remove(barParam);
        if (!groupKeys.contains(THREADS)) {
            groupKeys.add(THREADS); // always say how many threads, even when only one count ran
        }
        Map<String, List<SvgChart.Point>> series = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            String name = barParam == null ? simpleName(benchmark) : barParam + "=" + value(r, barParam);
            series.computeIfAbsent(name, k -> new ArrayList<>())
                    .add(new SvgChart.Point(label(r, groupKeys, null), Double.NaN, r.score(), error(r)));
        }
        return SvgChart.bars(title, String.join(SvgChart.LABEL_LINE_SEPARATOR, groupKeys), yLabel, toSeries(series));
    }

    /** Parameters (and threads) that take more than one value in these records, in first-seen order. */
    static List<String> varying(List<ResultRecord> records) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            r.params().forEach((k, v) -> values.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v));
            values.computeIfAbsent(THREADS, x -> new LinkedHashSet<>()).add(Integer.toString(r.threads()));
        }
        List<String> varying = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                varying.add(k);
            }
        });
        return varying;
    }

    /**
     * The first varying non-thread parameter with numeric values, three or more or spanning a factor of 10;
     * else threads, when it is the only thing that varies and has three values or more.
     */
    static String numericAxis(List<ResultRecord> records, List<String> varying) {
        String threads = null;
        for (String p : varying) {
            Set<String> distinct = new LinkedHashSet<>();
            boolean numeric = true;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (ResultRecord r : records) {
                String v = value(r, p);
                distinct.add(v);
                numeric &= isNumber(v);
                if (numeric) {
                    min = Math.min(min, Double.parseDouble(v));
                    max = Math.max(max, Double.parseDouble(v));
                }
            }
            boolean wide = min > 0 && max / min >= 10;
            if (numeric && (distinct.size() >= 3 || wide && !p.equals(THREADS))) {
                if (!p.equals(THREADS)) {
                    return p;
                }
                threads = p;
            }
        }
        return threads != null && varying.size() == 1 ? threads : null;
    }

    private static String barParameter(TableSpec spec, List<String> varying) {
        if (spec.compared() != null && varying.contains(spec.compared())) {
            return spec.compared();
        }
        for (String p : varying) {
            if (!p.equals(THREADS)) {
                return p;
            }
        }
        return null;
    }

    private static List<SvgChart.Series> toSeries(Map<String, List<SvgChart.Point>> series) {
        List<SvgChart.Series> list = new ArrayList<>();
        series.forEach((name, points) -> list.add(new SvgChart.Series(name, points)));
        return list;
    }

    private static String label(ResultRecord r, List<String> keys, ResultRecord fallback) {
        List<String> parts = new ArrayList<>();
        for (String k : keys) {
            if (k.equals(THREADS)) {
                parts.add(r.threads() + (r.oversubscribed() ? "*" : "") + (r.threads() == 1 ? " thread" : " threads"));
            } else if (r.param(k) != null) { // a record may lack a parameter others have (a JDK queue's chunk)
                parts.add(k + "=" + value(r, k));
            }
        }
        if (parts.isEmpty()) {
            return fallback == null ? "all" : simpleName(fallback.benchmark());
        }
        return String.join(SvgChart.LABEL_LINE_SEPARATOR, parts);
    }

    private static String value(ResultRecord r, String key) {
        return key.equals(THREADS) ? Integer.toString(r.threads()) : String.valueOf(r.param(key));
    }

    private static double error(ResultRecord r) {
        return r.error() == null ? Double.NaN : r.error();
    }

    private static boolean isNumber(String v) {
        try {
            return Double.isFinite(Double.parseDouble(v));
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static String simpleName(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}

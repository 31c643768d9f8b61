/**
 * Inline SVG charts for the lab report and the HDR plots: {@link io.contend.cli.chart.SvgChart} (bars and
 * lines over a numeric axis) and {@link io.contend.cli.chart.RatioChart} (ratios with their intervals against
 * 1 and the equivalence margin). No script and no external resource: a chart is a string.
 */
package io.contend.cli.chart;

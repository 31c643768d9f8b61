package io.contend.cli.hdr;

import io.contend.cli.chart.SvgChart;
import io.contend.hdr.HdrInterval;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyPlotsTest {

    @Test
    void percentileDistributionOnTheNinesAxis() throws Exception {
        Map<String, Histogram> series = new LinkedHashMap<>();
        series.put("read-rt", latencies(1, 300_000));
        series.put("read-st", latencies(2, 100_000));
        series.put("empty", new Histogram(3));
        String svg = LatencyPlots.percentileDistributionSvg("read: latency by percentile", series, 1e6, "ms");
        wellFormed(svg);
        assertTrue(svg.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg class=\"chart lines\""), svg);
        assertTrue(svg.contains("<style>") && svg.contains("read: latency by percentile"), svg);
        assertTrue(svg.contains(">read-rt<") && svg.contains(">read-st<"), "legend");
        assertFalse(svg.contains(">empty<"), "empty histograms are left out");
        for (String tick : List.of(">0%<", ">90%<", ">99%<", ">99.9%<", ">99.99%<")) {
            assertTrue(svg.contains(tick), tick);
        }
        assertTrue(svg.contains("percentile (x = 1/(1-p)), log scale") && svg.contains("latency (ms"), svg);
        assertFalse(svg.contains("<circle"), "dense curves have no markers");
        assertThrows(IllegalArgumentException.class,
                () -> LatencyPlots.percentileDistributionSvg("t", Map.of("e", new Histogram(3)), 1e6, "ms"));
        assertThrows(IllegalArgumentException.class,
                () -> LatencyPlots.percentileDistributionSvg("t", series, 0, "ms"));
    }

    @Test
    void overTimePerTag() throws Exception {
        List<HdrInterval> intervals = new ArrayList<>();
        for (int s = 0; s < 20; s++) {
            intervals.add(new HdrInterval("a-rt", 1000.0 + s, 1001.0 + s, latencies(s, 200_000)));
            intervals.add(new HdrInterval("a-st", 1000.0 + s, 1001.0 + s, latencies(s + 100, 100_000)));
        }
        String svg = LatencyPlots.overTimeSvg("a over time", intervals, 1e3, "us");
        wellFormed(svg);
        for (String name : List.of("a-rt p50", "a-rt p99", "a-rt max", "a-st p50", "a-st p99", "a-st max")) {
            assertTrue(svg.contains(">" + name + "<"), name);
        }
        assertTrue(svg.contains("time (s)") && svg.contains("latency (us"), svg);
        assertTrue(svg.contains("<circle"), "20 points a line get markers");
        assertThrows(IllegalArgumentException.class, () -> LatencyPlots.overTimeSvg("t", List.of(), 1e6, "ms"));
    }

    @Test
    void timeTicksAreRoundNumbers() {
        assertEquals(List.of("0", "5", "10", "15", "20"),
                LatencyPlots.timeTicks(0, 21).stream().map(SvgChart.Tick::label).toList());
        assertEquals(List.of("0", "500", "1000", "1500", "2000", "2500", "3000", "3500"),
                LatencyPlots.timeTicks(0, 3600).stream().map(SvgChart.Tick::label).toList());
        assertEquals(List.of("0.00", "0.05", "0.10", "0.15", "0.20", "0.25", "0.30"),
                LatencyPlots.timeTicks(0, 0.3).stream().map(SvgChart.Tick::label).toList());
    }

    private static Histogram latencies(long seed, double median) {
        Random random = new Random(seed);
        Histogram h = new Histogram(3);
        for (int i = 0; i < 5000; i++) {
            h.recordValue((long) (median * Math.exp(0.8 * random.nextGaussian())) + 1);
        }
        return h;
    }

    private static void wellFormed(String svg) throws Exception {
        DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}

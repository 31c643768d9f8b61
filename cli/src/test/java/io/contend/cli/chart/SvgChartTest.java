package io.contend.cli.chart;

import org.junit.jupiter.api.Test;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Explicit x ticks, lines without markers, and standalone documents. */
class SvgChartTest {
    private static final List<SvgChart.Series> SERIES = List.of(new SvgChart.Series("s", List.of(
            new SvgChart.Point("a", 1, 1, Double.NaN), new SvgChart.Point("b", 50, 2, Double.NaN))));

    @Test
    void explicitTicksReplaceThePointsTicksAndWidenTheAxis() {
        String svg = SvgChart.lines("t", "x", "y", SvgChart.Scale.LOG, SERIES,
                List.of(new SvgChart.Tick(1, "one"), new SvgChart.Tick(1000, "thousand")), SvgChart.Markers.HIDDEN);
        assertTrue(svg.contains(">one<") && svg.contains(">thousand<"), svg);
        assertFalse(svg.contains(">a<") || svg.contains(">b<"), "no category ticks");
        assertFalse(svg.contains("<circle"), "no markers");
        // x = 50 lies left of the middle of a 1..1000 log axis.
        String polyline = svg.substring(svg.indexOf("points=\"") + 8);
        double secondX = Double.parseDouble(polyline.split(" ")[1].split(",")[0]);
        assertTrue(secondX < 80 + (SvgChart.WIDTH - 100) * 0.6, polyline);
    }

    @Test
    void theOldFormKeepsCategoryTicksAndMarkers() {
        String svg = SvgChart.lines("t", "x", "y", SvgChart.Scale.LINEAR, SERIES);
        assertTrue(svg.contains(">a<") && svg.contains(">b<") && svg.contains("<circle"), svg);
    }

    @Test
    void standaloneIsAnXmlDocumentWithItsStyle() throws Exception {
        String svg = SvgChart.standalone(SvgChart.lines("t & co", "x", "y", SvgChart.Scale.LINEAR, SERIES));
        assertTrue(svg.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg class=\"chart lines\" xmlns="), svg);
        assertTrue(svg.contains("<style>") && svg.contains(SvgChart.CSS), svg);
        assertEquals("svg", DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8))).getDocumentElement().getTagName());
        assertThrows(IllegalArgumentException.class, () -> SvgChart.standalone("<div>"));
        assertThrows(IllegalArgumentException.class, () -> SvgChart.lines("t", "x", "y", SvgChart.Scale.LINEAR, List.of(), null,
                SvgChart.Markers.SHOWN));
    }

    @Test
    void axisMaximaAreRound() {
        assertEquals(1, SvgChart.niceCeiling(0));
        assertEquals(500, SvgChart.niceCeiling(372.6));
        assertEquals(250, SvgChart.niceCeiling(201));
        assertEquals(0.02, SvgChart.niceCeiling(0.0151), 1e-12);
    }
}

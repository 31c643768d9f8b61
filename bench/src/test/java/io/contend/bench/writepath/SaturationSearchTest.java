package io.contend.bench.writepath;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SaturationSearchTest {

    /** A service whose p99 is 1 ms up to its knee and 100 ms beyond it. */
    private static Double knee(long rate, long knee) {
        return rate <= knee ? 1.0 : 100.0;
    }

    @Test
    void findsTheKneeFromBelowWithinTheBisectionResolution() {
        SaturationSearch search = new SaturationSearch(10, 2, 6, 100);
        SaturationSearch.Outcome o = search.search(1000, r -> knee(r, 5000));
        // doubling: 1000, 2000, 4000 hold, 8000 fails; 6 bisections of [4000, 8000] leave a gap of 4000/64
        assertTrue(o.saturation() <= 5000 && o.saturation() > 5000 - 4000 / 64, o.toString());
        assertEquals(List.of(1000L, 2000L, 4000L, 8000L), o.probes().subList(0, 4).stream()
                .map(SaturationSearch.Probe::rate).toList());
        assertEquals(10, o.probes().size());
    }

    @Test
    void findsTheKneeFromAbove() {
        SaturationSearch.Outcome o = new SaturationSearch(10, 1.5, 3, 100).search(100_000, r -> knee(r, 700));
        assertTrue(o.saturation() <= 700 && o.saturation() >= 390, o.toString());
        assertTrue(o.probes().stream().anyMatch(p -> !p.held()));
    }

    @Test
    void reportsZeroWhenNothingHoldsDownToTheFloor() {
        SaturationSearch.Outcome o = new SaturationSearch(10, 2, 3, 100).search(1000, r -> 50.0);
        assertEquals(0, o.saturation());
        assertEquals(List.of(1000L, 500L, 250L, 125L, 100L), o.probes().stream().map(SaturationSearch.Probe::rate).toList());
    }

    @Test
    void rejectsBadBounds() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SaturationSearch(0, 2, 1, 1))
                .getMessage().contains("sloMs must be positive: 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SaturationSearch(10, 1, 1, 1))
                .getMessage().contains("step must be above 1: 1.0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SaturationSearch(10, 2, -1, 1))
                .getMessage().contains("bisections"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SaturationSearch(10, 2, 1, 0))
                .getMessage().contains("floor must be at least 1: 0"));
    }
}

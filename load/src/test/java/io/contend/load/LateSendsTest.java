package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LateSendsTest {
    @Test
    void countsOperationsThatStartedPastTheThreshold() {
        Histogram waits = new Histogram(3);
        waits.recordValueWithCount(5_000, 990);     // 5 us: on time
        waits.recordValueWithCount(999_000, 5);     // just under 1 ms: on time
        waits.recordValueWithCount(50_000_000, 5);  // 50 ms: late
        LateSends late = LateSends.of(waits, Duration.ofMillis(1));
        assertEquals(1000, late.operations());
        assertEquals(5, late.late());
        assertFalse(late.behind(), "0.5% late is a pause, not a saturated generator");
        waits.recordValueWithCount(2_000_000_000L, 100); // 2 s late: now 105 of 1,100, 9.5%
        assertFalse(LateSends.of(waits, Duration.ofMillis(1)).behind());
        waits.recordValueWithCount(2_000_000_000L, 20); // 125 of 1,120: 11.2%
        LateSends behind = LateSends.of(waits, Duration.ofMillis(1));
        assertEquals(125, behind.late());
        assertTrue(behind.behind());
        assertTrue(behind.toString().contains("125 of 1,120"), behind.toString());
        assertEquals(2_000_000_000L, behind.maxNanos(), 2_000_000_000L / 1000.0);
    }

    @Test
    void noOperationsIsNotBehind() {
        LateSends none = LateSends.of(new Histogram(3), LateSends.DEFAULT_THRESHOLD);
        assertEquals(0, none.operations());
        assertFalse(none.behind());
    }

    @Test
    void refusesImpossibleCounts() {
        assertThrows(IllegalArgumentException.class, () -> new LateSends(1, 2, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new LateSends(1, 0, -1, 0, 0));
    }
}

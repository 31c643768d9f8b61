package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Secondary results derived from JMH's counters: ratios of totals from the same fork, never a made-up zero. */
class ExperimentSecondaryTest {
    private static final JmhRun RUN = new JmhRun("x.Y.z", Map.of(), 2);

    private static ResultRecord.Secondary s(double v) {
        return new ResultRecord.Secondary(v, "#");
    }

    @Test
    void backoffFiguresArePerOperation() {
        Map<String, ResultRecord.Secondary> derived = BackoffExperiment.perOperation(
                Map.of("operations", s(1000), "casFailures", s(250), "backoffNanos", s(5000)));
        assertEquals(0.25, derived.get("casFailuresPerOp").score());
        assertEquals(5.0, derived.get("backoffNanosPerOp").score());
        assertTrue(BackoffExperiment.perOperation(Map.of("operations", s(0))).isEmpty(),
                "no telemetry (LongAdder) is not available, not zero");
        assertThrows(IllegalStateException.class,
                () -> BackoffExperiment.perOperation(Map.of("operations", s(10))));
    }

    @Test
    void allocatorFiguresArePerCallAndWasteOverReserved() {
        Map<String, ResultRecord.Secondary> derived = new AllocatorExperiment().secondary(RUN, Map.of("operations", s(100),
                "casFailures", s(10), "atomics", s(50), "wasteBytes", s(25), "reservedBytes", s(1000)));
        assertEquals(0.1, derived.get("casFailuresPerOp").score());
        assertEquals(0.5, derived.get("atomicsPerOp").score());
        assertEquals(2.5, derived.get("wastePercent").score());
        assertThrows(IllegalStateException.class,
                () -> new AllocatorExperiment().secondary(RUN, Map.of("operations", s(100))));
    }
}

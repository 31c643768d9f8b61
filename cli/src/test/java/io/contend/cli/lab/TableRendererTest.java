package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TableRendererTest {
    static ResultRecord record(String strategy, int threads, double score, Double error, Double failuresPerOp) {
        Map<String, ResultRecord.Secondary> secondary = failuresPerOp == null ? Map.of()
                : Map.of("casFailuresPerOp", new ResultRecord.Secondary(failuresPerOp, "failures/op"),
                        "backoffNanosPerOp", new ResultRecord.Secondary(1.5, "ns/op"));
        return new ResultRecord("backoff", "increment", Map.of("strategy", strategy), threads, score, error, "ops/us",
                secondary, "quick", threads > 2);
    }

    @Test
    void ratiosAreAgainstTheBaselineWithTheSameThreads() {
        List<ResultRecord> records = List.of(
                record("cas", 1, 100, 1.0, 0.0), record("xadd", 1, 50, 2.0, 0.0),
                record("cas", 2, 20, 0.5, 0.4), record("xadd", 2, 60, 0.5, 0.0),
                record("longAdder", 4, 300, null, null));
        String table = new TableRenderer(2).render(new BackoffExperiment(), records);
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(0).startsWith("backoff: "), table);
        assertTrue(lines.get(1).contains("vs cas") && lines.get(1).contains("CAS fail/op"), table);
        assertTrue(lines.get(2).contains("1.00x"), table);
        assertTrue(lines.get(3).contains("0.50x"), table);
        assertTrue(lines.get(5).contains("3.00x") && lines.get(5).contains("0.000"), table);
        String adder = lines.get(6);
        assertTrue(adder.contains("4*"), "oversubscribed marker: " + adder);
        assertTrue(adder.matches(".*±\\s+n/a.*"), "no error estimate: " + adder);
        assertTrue(adder.contains(" n/a"), "no baseline at 4 threads, no telemetry: " + adder);
        assertTrue(table.contains("oversubscribed"), table);
        assertEquals(lines.get(1).indexOf("Score") + "Score".length(), lines.get(2).indexOf("100.000") + "100.000".length(),
                "scores are right-aligned under their header:\n" + table);
    }

    @Test
    void noOversubscriptionNoteWhenThreadsFitTheCpus() {
        String table = new TableRenderer(8).render(new BackoffExperiment(),
                List.of(new ResultRecord("backoff", "increment", Map.of("strategy", "cas"), 4, 1, 0.1, "ops/us",
                        Map.of(), "quick", false)));
        assertFalse(table.contains("oversubscribed"), table);
        assertFalse(table.contains("4*"), table);
    }
}

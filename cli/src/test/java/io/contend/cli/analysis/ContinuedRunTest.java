package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.TableSpec;
import io.contend.cli.results.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run carried further: samples appended in round order, looks recorded, scores and secondary results over all
 * rounds, comparisons judged by the confidence sequence, and the file judged again giving the same.
 */
class ContinuedRunTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");
    private static final TableSpec SPEC = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(),
            List.of());

    private static RunInfo run(String id) {
        return new RunInfo(id, "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE, Map.of(), "quick",
                "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
    }

    /** Records of one look as the lab's aggregation makes them: a baseline, and b compared with it. */
    private static List<ResultRecord> look(String run, List<Double> a, List<Double> b, double extraA) {
        StoppingRule rule = StoppingRule.FIXED_PLAN;
        ComparisonResult judged = rule.judge(Map.of("impl", "a"), b, a, Direction.HIGHER, Judge.MARGIN);
        return List.of(record("a", a, null, run, extraA), record("b", b, judged, run, 1));
    }

    private static ResultRecord record(String impl, List<Double> samples, ComparisonResult c, String run, double extra) {
        double[] s = samples.stream().mapToDouble(Double::doubleValue).toArray();
        return new ResultRecord("x", "bench", Map.of("impl", impl), 2, ScoreInterval.mean(s), ScoreInterval.halfWidth(s),
                "ops/us", Map.of("extra", new ResultRecord.Secondary(extra, "n")), "quick", false, samples.size(), c,
                samples, run);
    }

    @Test
    void samplesAppendInOrderAndTheComparisonIsJudgedByTheSequence() {
        List<Double> a1 = List.of(10.0, 10.4, 9.8, 10.1, 10.2);
        List<Double> b1 = List.of(11.9, 12.5, 11.6, 12.3, 12.0);
        List<Double> a2 = List.of(9.9, 10.3, 10.0, 10.1, 10.2);
        List<Double> b2 = List.of(12.1, 12.4, 11.9, 12.2, 12.3);
        List<ResultRecord> merged = ContinuedRun.append(look("r1", a1, b1, 2), look("r1", a2, b2, 4));
        ResultRecord a = merged.get(0);
        ResultRecord b = merged.get(1);
        List<Double> allA = new ArrayList<>(a1);
        allA.addAll(a2);
        List<Double> allB = new ArrayList<>(b1);
        allB.addAll(b2);
        assertEquals(allA, a.samples());
        assertEquals(allB, b.samples());
        assertEquals(List.of(5, 10), b.looks());
        assertEquals(10, b.rounds());
        assertEquals("r1", b.run());
        assertEquals(allA.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), a.score(), 1e-12);
        assertEquals(3.0, a.secondary().get("extra").score(), 1e-12, "the mean of two looks of five rounds each");
        assertEquals(StoppingRule.CONFIDENCE_SEQUENCE, StoppingRule.of(b));

        double[] ratios = new double[10];
        for (int i = 0; i < 10; i++) {
            ratios[i] = allB.get(i) / allA.get(i);
        }
        RatioEstimate byHand = ConfidenceSequence.ofRatios(ratios, RatioEstimate.CONFIDENCE);
        ComparisonResult c = b.comparison();
        assertEquals(byHand.ratio(), c.ratio(), 1e-12);
        assertEquals(byHand.low(), c.ratioLow(), 1e-12);
        assertEquals(byHand.high(), c.ratioHigh(), 1e-12);
        assertEquals(Judge.judge(byHand, Judge.MARGIN), c.verdict());
        assertEquals(Map.of("impl", "a"), c.baseline());
        RatioEstimate t = RatioEstimate.ofRatios(ratios, RatioEstimate.CONFIDENCE);
        assertTrue(c.ratioHigh() - c.ratioLow() > t.high() - t.low(), "the sequence is wider than the t interval");
    }

    /** A record as schema 6 keeps it: a secondary result's value per round, and where it ran in each round. */
    private static ResultRecord kept(String impl, List<Double> samples, ComparisonResult c, Map<String, List<Double>> rounds,
                                     List<Integer> positions) {
        double[] s = samples.stream().mapToDouble(Double::doubleValue).toArray();
        Map<String, ResultRecord.Secondary> secondary = new java.util.LinkedHashMap<>();
        rounds.forEach((name, values) -> secondary.put(name, new ResultRecord.Secondary(
                values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), "us/op", values)));
        return new ResultRecord("x", "bench", Map.of("impl", impl), 2, ScoreInterval.mean(s), ScoreInterval.halfWidth(s),
                "ops/us", secondary, "quick", false, samples.size(), c, samples, "r1", List.of(samples.size()),
                List.of(), null, positions);
    }

    @Test
    void secondaryRoundsAndPositionsAppendInRoundOrder() {
        List<Double> a1 = List.of(10.0, 10.4);
        List<Double> b1 = List.of(11.9, 12.5);
        List<Double> a2 = List.of(9.9, 10.3);
        List<Double> b2 = List.of(12.1, 12.4);
        ComparisonResult c1 = StoppingRule.FIXED_PLAN.judge(Map.of("impl", "a"), b1, a1, Direction.HIGHER, Judge.MARGIN);
        ComparisonResult c2 = StoppingRule.FIXED_PLAN.judge(Map.of("impl", "a"), b2, a2, Direction.HIGHER, Judge.MARGIN);
        List<ResultRecord> merged = ContinuedRun.append(
                List.of(kept("a", a1, null, Map.of("cpu", List.of(1.0, 2.0)), List.of(0, 1)),
                        kept("b", b1, c1, Map.of("cpu", List.of(3.0, 4.0)), List.of(1, 0))),
                List.of(kept("a", a2, null, Map.of("cpu", List.of(5.0, 6.0), "late", List.of(7.0, 8.0)), List.of(0, 1)),
                        kept("b", b2, c2, Map.of("cpu", List.of(9.0, 10.0)), List.of(1, 0))));
        ResultRecord a = merged.get(0);
        assertEquals(List.of(1.0, 2.0, 5.0, 6.0), a.secondary().get("cpu").rounds());
        assertEquals(3.5, a.secondary().get("cpu").score(), 1e-12);
        assertEquals(java.util.Arrays.asList(Double.NaN, Double.NaN, 7.0, 8.0), a.secondary().get("late").rounds(),
                "a result only the new look has: the stored rounds did not measure it");
        assertEquals(List.of(0, 1, 0, 1), a.positions());
        assertEquals(List.of(3.0, 4.0, 9.0, 10.0), merged.get(1).secondary().get("cpu").rounds());
        assertEquals(List.of(1, 0, 1, 0), merged.get(1).positions());
    }

    @Test
    void theFileJudgedAgainGivesTheStoredComparisons(@TempDir Path dir) throws Exception {
        List<ResultRecord> merged = ContinuedRun.append(
                look("r1", List.of(10.0, 10.4, 9.8), List.of(13.0, 12.1, 14.2), 1),
                look("r1", List.of(10.1, 10.2, Double.NaN, 9.7), List.of(12.2, 12.9, 12.0, 11.9), 1));
        merged = ContinuedRun.append(merged, look("r1", List.of(10.0, 9.9, 10.3), List.of(12.6, 12.0, 12.4), 1));
        assertEquals(List.of(3, 7, 10), merged.get(1).looks());
        ResultsFile f = ResultsFile.open(dir, Set.of("x"), run("r1"));
        f.append("x", new ExperimentInfo("x", "quick", 10, 60, 60, SPEC), merged);
        ResultsFile.Contents read = ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
        assertEquals(merged.get(1).comparison(), read.records().get(1).comparison());
        assertEquals(List.of(3, 7, 10), read.records().get(1).looks());
        Rejudge.Result again = Rejudge.of(List.of(read), Judge.MARGIN);
        assertEquals(read.records(), again.records());
        assertTrue(again.notes().get(1).startsWith("1 of them by the anytime-valid confidence sequence"),
                again.notes().toString());
    }

    @Test
    void aTableMarksTheSequencesIntervalsAndSaysWhy() {
        List<ResultRecord> merged = ContinuedRun.append(
                look("r1", List.of(10.0, 10.4, 9.8), List.of(10.6, 10.1, 11.2), 1),
                look("r1", List.of(10.1, 10.2, 9.9), List.of(10.2, 10.9, 10.0), 1));
        ResultTable table = ResultTable.of(SPEC, merged);
        String interval = table.rows().get(1).get(table.header().indexOf(ResultTable.INTERVAL));
        assertTrue(interval.endsWith(" " + StoppingRule.SEQUENCE_MARK), interval);
        assertEquals(List.of(3, 6), table.sequentialLooks());
        String summary = table.verdictSummary();
        assertTrue(summary.contains("seq: the run was continued with --more (looks at 3, 6 rounds)"), summary);
        assertEquals(Verdict.INCONCLUSIVE, merged.get(1).comparison().verdict());
        assertTrue(summary.contains("--more"), summary);
        List<ResultRecord> fourRounds = ContinuedRun.append(look("r1", List.of(10.0, 10.4), List.of(10.6, 10.1), 1),
                look("r1", List.of(10.1, 10.2), List.of(10.2, 10.9), 1));
        ResultTable unbounded = ResultTable.of(SPEC, fourRounds);
        assertEquals("unbounded seq", unbounded.rows().get(1).get(unbounded.header().indexOf(ResultTable.INTERVAL)),
                "four rounds: the sequence is still the whole line");
        ResultTable fixed = ResultTable.of(SPEC, look("r1", List.of(10.0, 10.4, 9.8), List.of(10.6, 10.1, 11.2), 1));
        assertTrue(fixed.rows().get(1).get(fixed.header().indexOf(ResultTable.INTERVAL)).endsWith("]"));
        assertTrue(fixed.verdictSummary().endsWith("; --more adds rounds to this run"), fixed.verdictSummary());
    }

    @Test
    void mismatchesAreRefusedNamingWhatDiffers() {
        List<ResultRecord> stored = look("r1", List.of(10.0, 10.4, 9.8), List.of(10.6, 10.1, 11.2), 1);
        List<ResultRecord> other = List.of(stored.get(0), record("c", List.of(1.0, 2.0, 3.0), null, "r1", 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ContinuedRun.append(stored, other));
        assertTrue(e.getMessage().contains("did not measure bench {impl=b} threads=2"), e.getMessage());
        List<ResultRecord> old = List.of(new ResultRecord("x", "bench", Map.of("impl", "a"), 2, 1, null, "ops/us",
                Map.of(), "quick", false, 3, null));
        e = assertThrows(IllegalArgumentException.class, () -> ContinuedRun.append(old, old));
        assertTrue(e.getMessage().contains("0 per-round samples for 3 rounds"), e.getMessage());
    }

    @Test
    void aRunTakesAtMostMaxLooks() {
        List<ResultRecord> records = look("r1", List.of(10.0, 10.4), List.of(10.6, 10.1), 1);
        for (int look = 2; look <= StoppingRule.MAX_LOOKS; look++) {
            records = ContinuedRun.append(records, look("r1", List.of(10.0, 10.4), List.of(10.6, 10.1), 1));
        }
        assertEquals(StoppingRule.MAX_LOOKS, records.get(1).looks().size());
        List<ResultRecord> full = records;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ContinuedRun.append(full, look("r1", List.of(10.0, 10.4), List.of(10.6, 10.1), 1)));
        assertTrue(e.getMessage().contains("has had its " + StoppingRule.MAX_LOOKS + " looks"), e.getMessage());
    }
}

package io.contend.cli.analysis;

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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A table's pairs: two contenders of the same rounds compared with each other, judged by hand here. */
class ResultTablePairsTest {
    private static final TableSpec SPEC = PairFixture.SPEC;
    private static final List<Double> PEER = PairFixture.PEER;
    private static final List<Double> DEFAULT = PairFixture.DEFAULT;
    private static final List<Double> STRICT = PairFixture.STRICT;

    private static ResultRecord record(String queue, String impl, List<Double> samples) {
        return PairFixture.record(queue, impl, samples);
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void aPairRowFollowsItsContenderAndIsJudgedFromThePairedRounds() {
        List<ResultRecord> records = List.of(record("A", "peer", PEER), record("A", "default", DEFAULT),
                record("A", "strict", STRICT), record("B", "peer", PEER), record("B", "default", DEFAULT));
        ResultTable table = ResultTable.of(SPEC, records);
        assertEquals(6, table.rows().size(), "one pair row, for queue A only: B has no strict record");
        List<String> pair = table.rows().get(3);
        assertEquals("strict vs default", pair.get(2));
        assertEquals("A", pair.get(1));
        int score = table.header().indexOf("Score");
        assertEquals(List.of("-", "-"), pair.subList(score, score + 2), "no score of its own: " + pair);

        RatioEstimate byHand = RatioEstimate.paired(array(STRICT), array(DEFAULT), Direction.HIGHER,
                RatioEstimate.CONFIDENCE);
        double geometricMean = 1;
        for (int i = 0; i < STRICT.size(); i++) {
            geometricMean *= STRICT.get(i) / DEFAULT.get(i);
        }
        geometricMean = Math.pow(geometricMean, 1.0 / STRICT.size());
        assertEquals(geometricMean, byHand.ratio(), 1e-12);
        int ratio = table.header().indexOf(SPEC.ratioHeader());
        assertEquals(String.format(Locale.ROOT, "%.2fx", geometricMean), pair.get(ratio));
        assertEquals(String.format(Locale.ROOT, "[%.2f, %.2f]", byHand.low(), byHand.high()), pair.get(ratio + 1));
        Verdict verdict = Judge.judge(byHand, Judge.MARGIN);
        assertEquals(Verdict.SLOWER, verdict, "about 0.85x with a tight spread");
        assertEquals(verdict.label(), pair.get(ratio + 2));
        int counted = table.verdicts().values().stream().mapToInt(Integer::intValue).sum();
        assertEquals(3, counted, "three records against the peer");
        assertEquals(Map.of(Verdict.SLOWER, 1), table.pairVerdicts(), "the pair row, counted apart");
        assertTrue(table.verdictSummary().contains("Pair rows (A vs B): 1 slower"), table.verdictSummary());
        assertTrue(ResultTable.ratioNote(SPEC).contains("strict vs default"), ResultTable.ratioNote(SPEC));
    }

    @Test
    void roundsThatDoNotPairAreSaidInTheRow() {
        List<ResultRecord> records = List.of(record("A", "peer", PEER), record("A", "default", DEFAULT),
                new ResultRecord("queues", "throughput", Map.of("queue", "A", "impl", "strict"), 2, 9, 0.5, "ops/us",
                        Map.of(), "quick", false, 4, StoppingRule.FIXED_PLAN.judge(Map.of("impl", "peer"),
                        STRICT.subList(0, 4), PEER.subList(0, 4), Direction.HIGHER, Judge.MARGIN), STRICT.subList(0, 4),
                        "r1"));
        List<String> pair = ResultTable.of(SPEC, records).rows().get(3);
        assertTrue(pair.stream().anyMatch(c -> c.startsWith("paired rounds need as many")), pair.toString());
    }

    @Test
    void recordsOfDifferentRunsAreNotPaired() {
        ResultRecord otherRun = new ResultRecord("queues", "throughput", Map.of("queue", "A", "impl", "strict"), 2, 9,
                0.5, "ops/us", Map.of(), "quick", false, 5, StoppingRule.FIXED_PLAN.judge(Map.of("impl", "peer"), STRICT,
                PEER, Direction.HIGHER, Judge.MARGIN), STRICT, "another-run");
        List<ResultRecord> records = List.of(record("A", "peer", PEER), record("A", "default", DEFAULT), otherRun);
        assertEquals(3, ResultTable.of(SPEC, records).rows().size(), "same round count, but not the same rounds");
    }

    @Test
    void withoutPairsTheTableIsUnchanged() {
        TableSpec plain = new TableSpec(List.of("queue", "impl"), "impl", "peer", Direction.HIGHER, List.of(), List.of());
        List<ResultRecord> records = List.of(record("A", "peer", PEER), record("A", "default", DEFAULT),
                record("A", "strict", STRICT));
        assertEquals(3, ResultTable.of(plain, records).rows().size());
        assertFalse(ResultTable.ratioNote(plain).contains(" vs "), ResultTable.ratioNote(plain));
    }

    @Test
    void aPairComparesTwoValues() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TableSpec.Pair("a", "a"));
        assertTrue(e.getMessage().contains("a with itself"), e.getMessage());
    }

    @Test
    void pooledFilesPairTheirPooledRounds(@TempDir Path dir) throws Exception {
        List<Double> peer2 = List.of(9.0, 10.0, 11.0);
        List<Double> default2 = List.of(10.0, 10.5, 12.0);
        List<Double> strict2 = List.of(9.8, 9.0, 11.5);
        ResultsFile.Contents first = file(dir.resolve("one"), "r1", List.of(record("A", "peer", PEER),
                record("A", "default", DEFAULT), record("A", "strict", STRICT)));
        ResultsFile.Contents second = file(dir.resolve("two"), "r2", List.of(
                new ResultRecord("queues", "throughput", Map.of("queue", "A", "impl", "peer"), 2, 10, 0.5, "ops/us",
                        Map.of(), "quick", false, 3, null, peer2, "r2"),
                vs(default2, peer2, "default"), vs(strict2, peer2, "strict")));
        List<ResultRecord> pooled = Rejudge.of(List.of(first, second), Judge.MARGIN).records();
        List<String> pair = ResultTable.of(SPEC, pooled).rows().get(3);
        assertEquals("strict vs default", pair.get(2));
        List<Double> strict = new java.util.ArrayList<>(STRICT);
        strict.addAll(strict2);
        List<Double> reference = new java.util.ArrayList<>(DEFAULT);
        reference.addAll(default2);
        RatioEstimate byHand = RatioEstimate.paired(array(strict), array(reference), Direction.HIGHER,
                RatioEstimate.CONFIDENCE);
        int ratio = ResultTable.of(SPEC, pooled).header().indexOf(SPEC.ratioHeader());
        assertEquals("8", pair.get(ratio - 1), "the pooled rounds");
        assertEquals(String.format(Locale.ROOT, "%.2fx", byHand.ratio()), pair.get(ratio));
        assertEquals(String.format(Locale.ROOT, "[%.2f, %.2f]", byHand.low(), byHand.high()), pair.get(ratio + 1));
    }

    private static ResultRecord vs(List<Double> samples, List<Double> peer, String impl) {
        return new ResultRecord("queues", "throughput", Map.of("queue", "A", "impl", impl), 2, 10, 0.5, "ops/us",
                Map.of(), "quick", false, samples.size(), StoppingRule.FIXED_PLAN.judge(Map.of("impl", "peer"), samples,
                peer, Direction.HIGHER, Judge.MARGIN), samples, "r2");
    }

    private static ResultsFile.Contents file(Path dir, String id, List<ResultRecord> records) throws Exception {
        MachineInfo machine = new MachineInfo(2, "17", "vm", "os");
        RunInfo run = new RunInfo(id, "0.1.0", "abc", "vendor", "17", List.of(), "cpu", machine, Map.of(), "quick",
                "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
        java.nio.file.Files.createDirectories(dir);
        ResultsFile f = ResultsFile.open(dir, Set.of("queues"), run);
        f.append("queues", new ExperimentInfo("title", "quick", records.get(1).rounds(), 60, 50, SPEC), records);
        return ResultsFile.readContents(f.path());
    }

    @Test
    void pairsAreWrittenToResultsJsonAndReadBack(@TempDir Path dir) throws Exception {
        MachineInfo machine = new MachineInfo(2, "17", "vm", "os");
        RunInfo run = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", machine, Map.of(), "quick",
                "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
        ResultsFile file = ResultsFile.open(dir, Set.of("queues"), run);
        file.append("queues", new ExperimentInfo("title", "quick", 5, 60, 50, SPEC), List.of(record("A", "peer", PEER)));
        ResultsFile.Contents read = ResultsFile.readContents(file.path());
        assertEquals(SPEC.pairs(), read.experiments().get("queues").table().pairs());
    }
}

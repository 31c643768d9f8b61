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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Judging compares of two JMH files again: their forks pool per side across files and are judged by Welch's
 * interval, never paired by their order, and never pooled with paired rounds.
 */
class RejudgeUnpairedTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");
    private static final TableSpec SPEC = new TableSpec(List.of("build"), "build", "baseline", Direction.LOWER,
            List.of(), List.of("notes"));

    private static ResultsFile.Contents file(Path dir, String runId, List<Double> baseline, List<Double> candidate,
                                             boolean unpaired) throws Exception {
        RunInfo run = new RunInfo(runId, "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE, Map.of(),
                "compare", "2026-11-28T00:00:00Z", "2026-11-28T00:01:00Z");
        double[] b = baseline.stream().mapToDouble(Double::doubleValue).toArray();
        double[] c = candidate.stream().mapToDouble(Double::doubleValue).toArray();
        RatioEstimate e = unpaired ? UnpairedRatio.estimate(c, b, Direction.LOWER, RatioEstimate.CONFIDENCE)
                : RatioEstimate.paired(c, b, Direction.LOWER, RatioEstimate.CONFIDENCE);
        ComparisonResult judged = Judge.comparison(Map.of("build", "baseline"), e, Judge.MARGIN, Direction.LOWER);
        ResultsFile f = ResultsFile.open(dir, Set.of("compare"), run);
        f.append("compare", new ExperimentInfo("compare", "compare", baseline.size(), 0, 0, SPEC),
                List.of(record("baseline", baseline, null, runId, unpaired),
                        record("candidate", candidate, judged, runId, unpaired)));
        return ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
    }

    private static ResultRecord record(String build, List<Double> forks, ComparisonResult c, String run,
                                       boolean unpaired) {
        return new ResultRecord("compare", "B.m", Map.of("build", build), 1, 1, null, "ns/op", Map.of(), "compare",
                false, forks.size(), c, forks, run, List.of(forks.size()), List.of(), null, List.of(), unpaired);
    }

    @Test
    void forksOfTwoFilesPoolPerSideAndAreJudgedByWelch(@TempDir Path dir) throws Exception {
        List<Double> baseA = List.of(10.0, 10.6, 9.7);
        List<Double> candA = List.of(9.1, 9.6);
        List<Double> baseB = List.of(10.2, 9.9);
        List<Double> candB = List.of(9.4, 9.0, 9.3, 9.8);
        ResultsFile.Contents a = file(dir.resolve("a"), "run-a", baseA, candA, true);
        ResultsFile.Contents b = file(dir.resolve("b"), "run-b", baseB, candB, true);

        Rejudge.Result pooled = Rejudge.of(List.of(a, b), 0.02);
        ComparisonResult judged = pooled.records().get(1).comparison();
        List<Double> base = new ArrayList<>(baseA);
        base.addAll(baseB);
        List<Double> cand = new ArrayList<>(candA);
        cand.addAll(candB);
        RatioEstimate byHand = UnpairedRatio.estimate(cand.stream().mapToDouble(Double::doubleValue).toArray(),
                base.stream().mapToDouble(Double::doubleValue).toArray(), Direction.LOWER, RatioEstimate.CONFIDENCE);
        assertEquals(byHand.ratio(), judged.ratio(), 1e-12);
        assertEquals(byHand.low(), judged.ratioLow(), 1e-12);
        assertEquals(byHand.high(), judged.ratioHigh(), 1e-12);
        assertEquals(Judge.judge(byHand, 0.02), judged.verdict());
        assertEquals(cand, pooled.records().get(1).samples(), "the row shows every file's forks");
        assertTrue(pooled.records().get(1).unpaired());
        assertTrue(pooled.notes().stream().anyMatch(n -> n.startsWith("1 of them from independent forks")),
                pooled.notes().toString());
    }

    /** Paired by order, these forks would give a tight interval; as forks, Welch's is wider and says so. */
    @Test
    void forksAreNeverPairedByTheirOrder(@TempDir Path dir) throws Exception {
        List<Double> base = List.of(10.0, 20.0, 10.0, 20.0);
        List<Double> cand = List.of(9.0, 18.0, 9.0, 18.0);
        ComparisonResult judged = Rejudge.of(List.of(file(dir, "run", base, cand, true)), Judge.MARGIN).records()
                .get(1).comparison();
        assertEquals(Verdict.INCONCLUSIVE, judged.verdict(), judged.toString());
        ComparisonResult asRounds = Rejudge.of(List.of(file(dir.resolve("p"), "run-p", base, cand, false)),
                Judge.MARGIN).records().get(1).comparison();
        assertEquals(Verdict.FASTER, asRounds.verdict(), "the same numbers as paired rounds: " + asRounds);
    }

    /** The same two JMH files compared twice are two compare runs, but their forks count once. */
    @Test
    void aFileComparedAgainCountsItsForksOnce(@TempDir Path dir) throws Exception {
        List<Double> base = List.of(10.0, 10.6, 9.7);
        List<Double> cand = List.of(9.1, 9.6, 9.3);
        ResultsFile.Contents once = file(dir.resolve("a"), "run-a", base, cand, true);
        ResultsFile.Contents again = file(dir.resolve("b"), "run-b", base, cand, true);
        Rejudge.Result single = Rejudge.of(List.of(once), 0.02);
        Rejudge.Result twice = Rejudge.of(List.of(once, again), 0.02);
        assertEquals(single.records().get(1).comparison().ratioLow(), twice.records().get(1).comparison().ratioLow(),
                1e-12, "the interval does not narrow on the same forks");
        assertEquals(base, twice.records().get(0).samples(), "the baseline row shows its forks once");
        assertEquals(cand, twice.records().get(1).samples());
        assertTrue(twice.notes().stream().anyMatch(n -> n.startsWith("1 compare(s) of two JMH files held forks")),
                twice.notes().toString());

        ResultsFile.Contents newCandidate = file(dir.resolve("c"), "run-c", base, List.of(8.0, 8.2), true);
        ComparisonResult shared = Rejudge.of(List.of(once, newCandidate), 0.02).records().get(1).comparison();
        List<Double> candidates = new ArrayList<>(cand);
        candidates.addAll(List.of(8.0, 8.2));
        RatioEstimate byHand = UnpairedRatio.estimate(candidates.stream().mapToDouble(Double::doubleValue).toArray(),
                base.stream().mapToDouble(Double::doubleValue).toArray(), Direction.LOWER, RatioEstimate.CONFIDENCE);
        assertEquals(byHand.ratio(), shared.ratio(), 1e-12, "a baseline file shared by two compares counts once");
    }

    @Test
    void roundsThenForksOfTheSameComparisonDoNotPoolEither(@TempDir Path dir) throws Exception {
        ResultsFile.Contents rounds = file(dir.resolve("a"), "run-a", List.of(10.0, 10.5), List.of(9.0, 9.2), false);
        ResultsFile.Contents forks = file(dir.resolve("b"), "run-b", List.of(10.0, 10.5), List.of(9.0, 9.2), true);
        Rejudge.Result result = Rejudge.of(List.of(rounds, forks), 0.02);
        assertEquals(rounds.records().get(1).comparison(), result.records().get(1).comparison());
        assertEquals(rounds.records().get(0), result.records().get(0), "the baseline row is not pooled across kinds");
    }

    /** The rule that pairs rounds by index refuses independent forks rather than pairing them by their order. */
    @Test
    void thePairedRuleRefusesForks() {
        ResultRecord base = record("baseline", List.of(10.0, 11.0), null, "run", true);
        ResultRecord cand = record("candidate", List.of(9.0, 9.5), null, "run", true);
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> StoppingRule.FIXED_PLAN.judge(Map.of("build", "baseline"), cand, base, Direction.LOWER,
                        Judge.MARGIN));
        assertTrue(e.getMessage().contains("independent forks pair with nothing"), e.getMessage());
    }

    @Test
    void forksAndRoundsOfTheSameComparisonDoNotPool(@TempDir Path dir) throws Exception {
        ResultsFile.Contents forks = file(dir.resolve("a"), "run-a", List.of(10.0, 10.5), List.of(9.0, 9.2), true);
        ResultsFile.Contents rounds = file(dir.resolve("b"), "run-b", List.of(10.0, 10.5), List.of(9.0, 9.2), false);
        Rejudge.Result result = Rejudge.of(List.of(forks, rounds), 0.02);
        assertEquals(forks.records().get(1).comparison(), result.records().get(1).comparison(),
                "the first file's verdict, as stored");
        assertTrue(result.notes().stream().anyMatch(n -> n.contains("paired rounds and unpaired forks to pool")),
                result.notes().toString());
    }
}

package io.contend.cli.analysis;

import io.contend.cli.lab.WritepathExperiment;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Percentile comparisons kept in blocks: pooled over files as by hand, and carried through {@code --more}. */
class RejudgeLatencyTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");
    private static final Map<String, String> JDK = Map.of("build", "jdk");

    private static RunInfo run(String id) {
        return new RunInfo(id, "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE, Map.of(), "quick",
                "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
    }

    private static List<List<Histogram>> rounds(long seed, int rounds, double medianNs) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Histogram>> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<Histogram> blocks = new ArrayList<>();
            for (int b = 0; b < 6; b++) {
                Histogram h = new Histogram(3);
                for (int i = 0; i < 100; i++) {
                    h.recordValue(Math.round(medianNs * Math.exp(0.5 * random.nextGaussian())));
                }
                blocks.add(h);
            }
            out.add(blocks);
        }
        return out;
    }

    private static List<List<Histogram>> concat(List<List<Histogram>> first, List<List<Histogram>> second) {
        List<List<Histogram>> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static ResultRecord record(String build, List<List<Histogram>> rounds, String run, List<Integer> looks,
                                       ComparisonResult comparison) {
        List<Double> samples = rounds.stream().map(r -> {
            Histogram h = new Histogram(3);
            r.forEach(h::add);
            return h.getValueAtPercentile(99) / 1e6;
        }).toList();
        return new ResultRecord("writepath", "fixedRate", Map.of("build", build, "load", "80%"), 4, 1, null, "ms",
                Map.of(), "quick", true, rounds.size(), comparison, samples, run, looks, List.of(),
                LatencyBlocks.of(99, rounds));
    }

    private static ResultsFile.Contents file(Path dir, String id, List<List<Histogram>> jdk,
                                            List<List<Histogram>> contend) throws Exception {
        ResultsFile f = ResultsFile.open(dir, Set.of("writepath"), run(id));
        ResultRecord base = record("jdk", jdk, id, List.of(jdk.size()), null);
        ResultRecord mine = record("contend", contend, id, List.of(contend.size()), null);
        mine = mine.withComparison(StoppingRule.FIXED_PLAN.judge(JDK, mine, base, Direction.LOWER, Judge.MARGIN));
        f.append("writepath", new ExperimentInfo("writepath", "quick", jdk.size(), 70, 70,
                new WritepathExperiment().table()), List.of(base, mine));
        return ResultsFile.readContents(f.path());
    }

    @Test
    void twoRunsPoolTheirBlocksRoundByRoundAsByHand(@TempDir Path dir) throws Exception {
        List<List<Histogram>> jdk1 = rounds(1, 3, 200_000);
        List<List<Histogram>> contend1 = rounds(2, 3, 150_000);
        List<List<Histogram>> jdk2 = rounds(3, 2, 200_000);
        List<List<Histogram>> contend2 = rounds(4, 2, 150_000);
        ResultsFile.Contents one = file(dir.resolve("a"), "run-a", jdk1, contend1);
        ResultsFile.Contents two = file(dir.resolve("b"), "run-b", jdk2, contend2);

        Rejudge.Result pooled = Rejudge.of(List.of(one, two), 0.02);

        List<List<Histogram>> jdk = concat(jdk1, jdk2);
        List<List<Histogram>> contend = concat(contend1, contend2);
        ComparisonResult byHand = PercentileBootstrap.judge(JDK, contend, jdk, 99, 1, Direction.LOWER, 0.02);
        assertEquals(byHand, pooled.records().get(1).comparison());
        assertEquals(5, byHand.rounds());
        assertTrue(pooled.notes().stream().anyMatch(n -> n.contains("1 of them by the pooled percentile's round "
                + "bootstrap")), pooled.notes().toString());

        // One file at the lab's margin gives what the lab stored.
        assertEquals(one.records().get(1).comparison(), Rejudge.of(List.of(one), Judge.MARGIN).records().get(1)
                .comparison());
        String interval = ResultTable.of(new WritepathExperiment().table(), one.records()).rows().get(1).stream()
                .filter(cell -> cell.startsWith("[")).findFirst().orElseThrow();
        assertTrue(interval.endsWith(" " + PercentileBootstrap.MARK), interval);
    }

    @Test
    void aPoolWithARecordWithoutBlocksIsJudgedFromSamplesAndNotMarkedBoot(@TempDir Path dir) throws Exception {
        ResultsFile.Contents withBlocks = file(dir.resolve("a"), "run-a", rounds(9, 3, 200_000), rounds(10, 3, 150_000));
        // Another run (a run given twice counts once) of the same rounds, kept without their blocks.
        RunInfo a = withBlocks.runs().get("run-a");
        RunInfo b = new RunInfo("run-b", a.contendVersion(), a.commit(), a.jvmVendor(), a.jvmVersion(),
                a.jvmArguments(), a.cpuModel(), a.machine(), a.peers(), a.mode(), a.started(), a.ended());
        ResultsFile.Contents without = new ResultsFile.Contents(withBlocks.schemaVersion(), withBlocks.machine(),
                withBlocks.mode(), withBlocks.started(), withBlocks.experiments(),
                withBlocks.records().stream().map(r -> new ResultRecord(r.experiment(), r.benchmark(), r.params(),
                        r.threads(), r.score(), r.error(), r.unit(), r.secondary(), r.mode(), r.oversubscribed(),
                        r.rounds(), r.comparison(), r.samples(), "run-b", r.looks(), r.iterations(), null,
                        r.positions())).toList(), Map.of("run-b", b));
        Rejudge.Result pooled = Rejudge.of(List.of(withBlocks, without), Judge.MARGIN);
        ResultRecord shown = pooled.records().get(1);
        List<Double> contender = new ArrayList<>(withBlocks.records().get(1).samples());
        contender.addAll(without.records().get(1).samples());
        List<Double> baseline = new ArrayList<>(withBlocks.records().get(0).samples());
        baseline.addAll(without.records().get(0).samples());
        assertEquals(StoppingRule.FIXED_PLAN.judge(JDK, contender, baseline, Direction.LOWER, Judge.MARGIN),
                shown.comparison());
        assertNull(shown.latency(), "the shown row says what judged it: not the bootstrap");
        assertTrue(pooled.notes().stream().noneMatch(n -> n.contains("bootstrap")), pooled.notes().toString());
    }

    @Test
    void moreRoundsAppendTheirBlocksAndSpendTheLaterLooksShare(@TempDir Path dir) throws Exception {
        List<List<Histogram>> jdk1 = rounds(5, 3, 200_000);
        List<List<Histogram>> contend1 = rounds(6, 3, 190_000);
        List<List<Histogram>> jdk2 = rounds(7, 3, 200_000);
        List<List<Histogram>> contend2 = rounds(8, 3, 190_000);
        ResultsFile.Contents stored = file(dir, "run-a", jdk1, contend1);
        List<ResultRecord> added = List.of(record("jdk", jdk2, null, List.of(3), null),
                record("contend", contend2, null, List.of(3), stored.records().get(1).comparison()));

        List<ResultRecord> merged = ContinuedRun.append(stored.records(), added);

        List<List<Histogram>> jdk = concat(jdk1, jdk2);
        List<List<Histogram>> contend = concat(contend1, contend2);
        assertEquals(6, merged.get(1).latency().rounds().size());
        assertEquals(List.of(3, 6), merged.get(1).looks());
        ComparisonResult byHand = PercentileBootstrap.judge(JDK, contend, jdk, 99, 2, Direction.LOWER, Judge.MARGIN);
        assertEquals(byHand, merged.get(1).comparison());
        assertEquals(PercentileBootstrap.confidenceAtLook(2), byHand.confidence(), 1e-12);
        assertNull(merged.get(0).comparison());
    }
}

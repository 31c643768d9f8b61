package io.contend.cli.analysis;

import io.contend.cli.InProcess;
import io.contend.cli.lab.RefcountExperiment;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.Verdict;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Judging again from stored samples: one file at another margin, two files pooled, a file without samples. */
class RejudgeTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");

    private static RunInfo run(String id) {
        return new RunInfo(id, "0.1.0", "abc", "vendor", "17", List.of("-Xmx1g"), "cpu", MACHINE,
                Map.of("netty-common", "4.2.20.Final"), "quick", "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
    }

    private static ResultRecord record(String impl, List<Double> samples, ComparisonResult comparison, String run) {
        double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        return new ResultRecord("refcount", "retainRelease", Map.of("impl", impl), 2, mean, null, "ops/us", Map.of(),
                "quick", false, samples.size(), comparison, samples, run);
    }

    /** Writes a results file of one run: CAS as the baseline, EVEN_ODD compared with it, as the lab would. */
    private static Path file(Path dir, String runId, List<Double> cas, List<Double> evenOdd) throws Exception {
        return file(dir, runId, cas, evenOdd, Judge.MARGIN);
    }

    /** @param margin the margin the lab judged the comparison at */
    private static Path file(Path dir, String runId, List<Double> cas, List<Double> evenOdd, double margin)
            throws Exception {
        ResultsFile f = ResultsFile.open(dir, Set.of("refcount"), run(runId));
        RatioEstimate estimate = RatioEstimate.paired(evenOdd.stream().mapToDouble(Double::doubleValue).toArray(),
                cas.stream().mapToDouble(Double::doubleValue).toArray(), Direction.HIGHER, RatioEstimate.CONFIDENCE);
        f.append("refcount", new ExperimentInfo("refcount", "quick", cas.size(), 60, 60, new RefcountExperiment().table()),
                List.of(record("cas", cas, null, runId), record("even_odd", evenOdd,
                        Judge.comparison(Map.of("impl", "cas"), estimate, margin, Direction.HIGHER), runId)));
        return dir.resolve(ResultsFile.NAME);
    }

    /**
     * Without a margin, each comparison is judged again at the one it was stored with (an experiment may state
     * its own tolerance); with one, every comparison at that margin.
     */
    @Test
    void withoutAMarginEachComparisonKeepsItsStoredOne(@TempDir Path dir) throws Exception {
        List<Double> cas = List.of(10.0, 10.4, 9.8, 10.1);
        List<Double> slower = List.of(9.0, 9.4, 8.8, 9.1);
        ResultsFile.Contents stored = ResultsFile.readContents(file(dir, "run-a", cas, slower, 0.2));
        ComparisonResult kept = Rejudge.of(List.of(stored)).records().get(1).comparison();
        assertEquals(0.2, kept.margin());
        assertEquals(Verdict.SAME, kept.verdict(), kept.toString());
        assertEquals(byHand(slower, cas, 0.2)[3], kept.verdict());
        assertEquals(stored.records().get(1).comparison(), kept, "judged again as stored");
        ComparisonResult atLab = Rejudge.of(List.of(stored), Judge.MARGIN).records().get(1).comparison();
        assertEquals(Verdict.SLOWER, atLab.verdict(), atLab.toString());
        assertEquals(byHand(slower, cas, Judge.MARGIN)[3], atLab.verdict());
    }

    /** The verdict computed by hand: log ratios, their mean and t interval, exponentiated, against the margin. */
    private static Object[] byHand(List<Double> contender, List<Double> baseline, double margin) {
        int n = contender.size();
        double[] logs = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(contender.get(i) / baseline.get(i));
            mean += logs[i] / n;
        }
        double squares = 0;
        for (double l : logs) {
            squares += (l - mean) * (l - mean);
        }
        double half = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(squares / (n - 1) / n);
        double low = Math.exp(mean - half);
        double high = Math.exp(mean + half);
        Verdict v = low > 1 + margin ? Verdict.FASTER : high < 1 / (1 + margin) ? Verdict.SLOWER
                : low >= 1 / (1 + margin) && high <= 1 + margin ? Verdict.SAME : Verdict.INCONCLUSIVE;
        return new Object[] {Math.exp(mean), low, high, v};
    }

    @Test
    void aRunGivenTwiceCountsItsRoundsOnce(@TempDir Path dir) throws Exception {
        Path a = file(Files.createDirectory(dir.resolve("a")), "run-a", List.of(10.0, 10.4, 9.8, 10.1),
                List.of(10.3, 10.5, 10.2, 10.2));
        Path copy = Files.createDirectory(dir.resolve("copy")).resolve(ResultsFile.NAME);
        Files.copy(a, copy);
        ComparisonResult once = Rejudge.of(List.of(ResultsFile.readContents(a)), 0.02).records().stream()
                .filter(r -> r.comparison() != null).findFirst().orElseThrow().comparison();
        Rejudge.Result twice = Rejudge.of(List.of(ResultsFile.readContents(a), ResultsFile.readContents(copy)), 0.02);
        ComparisonResult judged = twice.records().stream().filter(r -> r.comparison() != null).findFirst()
                .orElseThrow().comparison();
        assertEquals(once, judged, "the copy's rounds are the same rounds, not four more");
        assertEquals(4, judged.rounds());
        assertTrue(twice.notes().stream().anyMatch(n -> n.startsWith("2 record(s) of a run already read")),
                twice.notes().toString());
        assertTrue(twice.notes().get(0).endsWith("pooling 2 file(s) of 1 run(s)"), twice.notes().get(0));
    }

    @Test
    void twoRunsPoolAndAreJudgedAtTheMarginAsByHand(@TempDir Path dir) throws Exception {
        List<Double> cas1 = List.of(10.0, 10.4, 9.8, 10.1);
        List<Double> even1 = List.of(10.3, 10.5, 10.2, 10.2);
        List<Double> cas2 = List.of(9.9, 10.2, 10.0);
        List<Double> even2 = List.of(10.2, 10.5, 10.3);
        Path a = file(Files.createDirectory(dir.resolve("a")), "run-a", cas1, even1);
        Path b = file(Files.createDirectory(dir.resolve("b")), "run-b", cas2, even2);

        Rejudge.Result judged = Rejudge.of(List.of(ResultsFile.readContents(a), ResultsFile.readContents(b)), 0.02);
        ComparisonResult pooled = judged.records().stream().filter(r -> r.comparison() != null).findFirst()
                .orElseThrow().comparison();
        List<Double> contender = new ArrayList<>(even1);
        contender.addAll(even2);
        List<Double> baseline = new ArrayList<>(cas1);
        baseline.addAll(cas2);
        Object[] expected = byHand(contender, baseline, 0.02);
        assertEquals((double) expected[0], pooled.ratio(), 1e-9);
        assertEquals((double) expected[1], pooled.ratioLow(), 1e-9);
        assertEquals((double) expected[2], pooled.ratioHigh(), 1e-9);
        assertEquals(expected[3], pooled.verdict());
        assertEquals(7, pooled.rounds());
        assertEquals(0.02, pooled.margin());
        ResultRecord base = judged.records().stream().filter(r -> r.comparison() == null).findFirst().orElseThrow();
        assertEquals(baseline, base.samples(), "the baseline's row pools its rounds too, as its contender's does");
        assertEquals(baseline.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), base.score(), 1e-12);
        assertEquals(7, base.rounds());
        assertTrue(judged.notes().get(0).startsWith("1 comparison(s) judged again"), judged.notes().toString());
        assertTrue(judged.notes().stream().anyMatch(n -> n.contains("agreed in")), judged.notes().toString());

        InProcess cli = new InProcess();
        Path out = dir.resolve("pooled");
        assertEquals(0, cli.run("report", a.toString(), b.toString(), "--margin", "0.02", "--out-dir", out.toString()),
                cli.err());
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("judged again from their samples at a 2.0% margin, pooling 2 file(s) of 2 run(s)"),
                "the report says what it did");
        assertTrue(html.contains("run-a") && html.contains("run-b"), "both runs are named");
    }

    @Test
    void aSchema2FileIsReadAndKeepsItsStoredVerdicts(@TempDir Path dir) throws Exception {
        Path fixture = dir.resolve("results.json");
        try (var in = RejudgeTest.class.getResourceAsStream("/io/contend/cli/results/schema2-refcount.json")) {
            assertNotNull(in);
            Files.write(fixture, in.readAllBytes());
        }
        ResultsFile.Contents old = ResultsFile.readContents(fixture);
        assertEquals(2, old.schemaVersion());
        assertTrue(old.records().get(1).samples().isEmpty());
        Rejudge.Result judged = Rejudge.of(List.of(old), 0.02);
        assertEquals(Verdict.FASTER, judged.records().get(1).comparison().verdict(), "kept as stored");
        assertTrue(judged.notes().stream().anyMatch(n -> n.contains("keep their stored verdict")),
                judged.notes().toString());
    }
}

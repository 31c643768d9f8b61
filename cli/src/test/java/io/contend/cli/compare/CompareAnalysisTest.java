package io.contend.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.results.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The analysis on synthetic forks: a known slowdown, a noise floor, and the correction across many benchmarks. */
class CompareAnalysisTest {

    private static Samples samples(String name, double baseNs, double candidateNs, double noise, int rounds,
                                   SplittableRandom random) {
        BenchKey key = new BenchKey("org.example.B." + name, "avgt", 1, Map.of());
        Samples s = null;
        for (int r = 0; r < rounds; r++) {
            double drift = 1 + random.nextGaussian() * noise; // the machine's state this round, shared by both sides
            double[] b = fork(baseNs * drift, noise / 3, random);
            double[] c = fork(candidateNs * drift, noise / 3, random);
            if (s == null) {
                s = new Samples(new JmhResult(key, "ns/op", List.of(b), "1.37", "test"));
            }
            s.baseline.add(b);
            s.candidate.add(c);
        }
        return s;
    }

    private static double[] fork(double mean, double noise, SplittableRandom random) {
        double[] it = new double[5];
        for (int i = 0; i < it.length; i++) {
            it[i] = mean * (1 + random.nextGaussian() * noise);
        }
        return it;
    }

    @Test
    void aQuarterMoreWorkIsSlowerAndTheIntervalHoldsPointEight() {
        CompareRow row = CompareAnalysis.paired(List.of(samples("work", 1000, 1250, 0.03, 6, new SplittableRandom(1))),
                0.05).get(0);
        assertEquals(Verdict.SLOWER, row.verdict());
        assertTrue(row.estimate().low() <= 0.8 && 0.8 <= row.estimate().high(), row.estimate().toString());
        assertEquals(0.8, row.hodgesLehmann(), 0.03);
        assertEquals(12, row.forks());
    }

    @Test
    void theSameBuildAgainstItselfIsNeverFasterOrSlower() {
        SplittableRandom random = new SplittableRandom(2);
        for (int repetition = 0; repetition < 200; repetition++) {
            List<Samples> all = List.of(samples("a", 1000, 1000, 0.05, 6, random), samples("b", 500, 500, 0.05, 6, random));
            for (CompareRow row : CompareAnalysis.paired(all, 0.05)) {
                assertTrue(row.verdict() == Verdict.SAME || row.verdict() == Verdict.INCONCLUSIVE,
                        "repetition " + repetition + ": " + row);
            }
        }
    }

    @Test
    void holmNeedsMoreEvidenceWhenManyBenchmarksAreCompared() {
        // A 12% slowdown with noise that one comparison judges slower, but twenty at once need more evidence.
        SplittableRandom random = new SplittableRandom(3);
        int alone = 0;
        int among = 0;
        for (int trial = 0; trial < 100; trial++) {
            Samples target = samples("target", 1000, 1120, 0.3, 8, random);
            alone += CompareAnalysis.paired(List.of(target), 0.05).get(0).verdict() == Verdict.SLOWER ? 1 : 0;
            List<Samples> many = new ArrayList<>(List.of(target));
            for (int i = 0; i < 19; i++) {
                many.add(samples("other" + i, 1000, 1000, 0.3, 8, random));
            }
            among += CompareAnalysis.paired(many, 0.05).get(0).verdict() == Verdict.SLOWER ? 1 : 0;
        }
        assertTrue(among < alone, "corrected: " + among + " slower of 100, uncorrected: " + alone);
    }

    @Test
    void aDifferenceNeedsTheSignedRankTestSoFewerThanSixRoundsNeverSayIt() {
        Samples three = samples("work", 1000, 1250, 0.01, 3, new SplittableRandom(5));
        CompareRow row = CompareAnalysis.paired(List.of(three), 0.05).get(0);
        assertTrue(row.estimate().high() < 1 / 1.05, "the t interval alone would say slower: " + row.estimate());
        assertEquals(Verdict.INCONCLUSIVE, row.verdict(), "3 rounds: the signed-rank p is 0.25 at best");
        assertTrue(row.robustDisagrees(), "and the table marks the disagreement");
    }

    @Test
    void forksThatStillTrendAreNamedBySideAndRound() {
        Samples s = samples("work", 1000, 1000, 0.01, 6, new SplittableRandom(6));
        s.candidate.set(2, new double[] {1500, 1350, 1200, 1100, 1000});
        CompareRow row = CompareAnalysis.paired(List.of(s), 0.05).get(0);
        assertEquals(List.of("candidate round 3"), row.trending());
        String table = CompareTable.render(List.of(row), 0.05);
        assertTrue(table.contains("1/12") && table.contains("trending: B.work (avgt, 1 thread): candidate round 3"), table);
    }

    @Test
    void unpairedFilesAreJudgedFromTheForksOfEach() {
        Samples s = samples("work", 1000, 1250, 0.02, 5, new SplittableRandom(4));
        CompareRow row = CompareAnalysis.unpaired(List.of(s), 0.05).get(0);
        assertEquals(Verdict.SLOWER, row.verdict());
        assertTrue(!row.paired() && row.estimate().low() < 0.8 + 0.05 && row.estimate().high() > 0.8 - 0.05,
                row.estimate().toString());
    }
}

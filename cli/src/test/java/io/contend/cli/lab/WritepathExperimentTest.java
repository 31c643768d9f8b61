package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WritepathExperimentTest {

    @Test
    void quickPlansSaturationThenTwoLoadsWithTheSwapsAtEighty() {
        List<Comparison> plan = new WritepathExperiment().comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(4, plan.size());
        for (int i = 0; i < 2; i++) {
            Comparison saturation = plan.get(i);
            assertEquals(WritepathExperiment.SATURATION, saturation.baseline().benchmark());
            assertEquals(Direction.HIGHER, saturation.direction());
            assertEquals(List.of(), saturation.contenders(), "quick mode measures each build's saturation unjudged");
        }
        assertEquals(List.of("jdk", "contend"), plan.subList(0, 2).stream()
                .map(c -> c.baseline().params().get("build")).toList());
        assertEquals(List.of("50%", "80%"), plan.subList(2, 4).stream()
                .map(c -> c.baseline().params().get("load")).toList());
        assertEquals(List.of(1, 5), plan.subList(2, 4).stream().map(c -> c.contenders().size()).toList());
        assertEquals(List.of("contend", "jdk+allocator", "jdk+refcount", "jdk+pipeline", "jdk+histogram"),
                plan.get(3).contenders().stream().map(t -> t.params().get("build")).toList());
        assertEquals(List.of(1, 1), plan.get(2).sides().stream().map(Trial::warmupMeasurements).toList(),
                "the first load's JDK and contend runs warm up before round 0");
        assertEquals(0, plan.get(3).sides().stream().mapToInt(Trial::warmupMeasurements).sum());
        assertEquals(Set.of(WritepathExperiment.PATH_BYTES), plan.subList(2, 4).stream()
                .flatMap(c -> c.sides().stream()).map(Trial::benchmark).collect(java.util.stream.Collectors.toSet()),
                "quick mode judges the fixed-rate runs by the path's bytes per operation");
        List<Comparison> full = new WritepathExperiment().comparisons(new LabPlan(LabMode.FULL, List.of(), true, 2));
        Comparison saturation = full.get(0);
        assertEquals(WritepathExperiment.SATURATION, saturation.baseline().benchmark());
        assertEquals("jdk", saturation.baseline().params().get("build"));
        assertEquals(List.of("contend"), saturation.contenders().stream().map(t -> t.params().get("build")).toList(),
                "full mode judges contend's saturation against the JDK build's");
        assertEquals(List.of(1, 1, 0, 0, 0, 0), full.get(1).sides().stream().map(Trial::warmupMeasurements).toList(),
                "the first load's JDK and contend runs warm up, as in quick mode");
        assertEquals(List.of(5, 5, 5), full.subList(1, 4).stream().map(c -> c.contenders().size()).toList());
        assertEquals(Set.of(WritepathExperiment.FIXED_RATE), full.subList(1, 4).stream()
                .flatMap(c -> c.sides().stream()).map(Trial::benchmark).collect(java.util.stream.Collectors.toSet()),
                "full mode judges them by their p99");
        Comparison aa = new WritepathExperiment().calibration(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(WritepathExperiment.FIXED_RATE, aa.baseline().benchmark(), "the A/A row is the p99's floor");
    }

    private static boolean fixedRate(Trial t) {
        return t.benchmark().equals(WritepathExperiment.FIXED_RATE)
                || t.benchmark().equals(WritepathExperiment.PATH_BYTES);
    }

    /** Two smoke rounds as the lab runs them: saturation first, then the fixed rates, every row read back. */
    @Test
    void smokeRoundsMeasureEveryRowAndDrawTheHockeyStick(@TempDir Path dir) throws Exception {
        WritepathExperiment e = new WritepathExperiment();
        List<Comparison> plan = e.comparisons(new LabPlan(LabMode.SMOKE, List.of(), false, 2));
        Map<Trial, List<Sample>> samples = new RoundRunner().run(plan, RoundPlan.fixed(2), (r, n, s, t, trial) -> { });
        for (Comparison c : plan) {
            for (Trial t : c.sides()) {
                List<Sample> rounds = samples.get(t);
                assertEquals(2, rounds.size(), t.describe());
                if (fixedRate(t)) {
                    assertEquals(rounds.get(0).secondary().get("rate"), rounds.get(1).secondary().get("rate"),
                            "the fixed rates come from one calibration before the rounds, not from each round: "
                                    + t.describe());
                }
                for (Sample s : rounds) {
                    assertTrue(s.score() > 0, t.describe() + ": " + s);
                    for (String check : List.of("lostWrites", "readMismatches", "leaks")) {
                        assertEquals(0.0, s.secondary().get(check).score(), t.describe() + " " + check);
                    }
                    if (t.benchmark().equals(WritepathExperiment.PATH_BYTES)) {
                        assertEquals("B/op", s.unit(), s::toString);
                        assertEquals(s.secondary().get("pathBytesPerOp").score(), s.score(), s::toString);
                        assertTrue(s.secondary().get("p99Ms").score() > 0, "p99 stays a column: " + s);
                    }
                    if (fixedRate(t)) {
                        assertTrue(s.secondary().keySet().containsAll(Set.of("rate", "opsPerSec", "p50Ms", "p999Ms",
                                "bytesPerOp", "pathBytesPerOp", "generatorBytesPerOp", "gcMs", "contextSwitchesPerSec",
                                "migrationsPerSec")), s::toString);
                        assertTrue(s.secondary().get("opsPerSec").score() > 0, s::toString);
                        assertTrue(s.secondary().get("bytesPerOp").score() > 0, s::toString);
                        double path = s.secondary().get("pathBytesPerOp").score();
                        double generator = s.secondary().get("generatorBytesPerOp").score();
                        assertTrue(path > 0 && generator > 0, "both sides allocate: " + s);
                        assertEquals(s.secondary().get("bytesPerOp").score(), path + generator, 1e-6, s::toString);
                    }
                }
            }
        }
        assertEquals("writepath-hockey", e.charts().get(0).name(), "the hockey stick goes into results.json");
        assertEquals(List.of("jdk", "contend"), e.charts().get(0).lines().subList(0, 2).stream()
                .map(io.contend.cli.results.ChartData.Line::label).toList());
        e.writeFiles(dir);
        String svg = Files.readString(dir.resolve("writepath-hockey.svg"));
        assertTrue(svg.contains("hockey stick") && svg.contains(">jdk<") && svg.contains(">contend<"), svg);
        List<ResultRecord> records = new RoundAggregator("writepath", "smoke", 2, "run-1").records(plan, samples);
        assertEquals(8, records.size());
    }

    @Test
    void theHockeyStickShowsTheMedianOfEachRateBin() {
        List<double[]> medians = HockeyStick.binnedMedians(List.of(new double[] {1000, 1}, new double[] {1050, 3},
                new double[] {1100, 2}, new double[] {10_000, 50}));
        assertEquals(2, medians.size());
        assertEquals(1050, medians.get(0)[0]);
        assertEquals(2, medians.get(0)[1]);
        assertEquals(50, medians.get(1)[1]);
    }

    @Test
    void aContinuedRunKeepsTheStoredCalibratedRate() throws Exception {
        WritepathExperiment e = new WritepathExperiment();
        List<Comparison> plan = e.comparisons(new LabPlan(LabMode.SMOKE, List.of(), false, 2));
        ResultRecord stored = new ResultRecord("writepath", WritepathExperiment.FIXED_RATE,
                Map.of("build", "jdk", "load", "50%"), 4, 1.0, null, "ms",
                Map.of("calibratedSaturation", new ResultRecord.Secondary(1234, "ops/s")), "smoke", false, 2, null);
        e.continueFrom(List.of(stored));
        Trial fixed = plan.stream().map(Comparison::baseline).filter(WritepathExperimentTest::fixedRate).findFirst()
                .orElseThrow();
        Sample s = fixed.measure(0);
        assertEquals(1234, s.secondary().get("calibratedSaturation").score(), "no new calibration search");
        assertEquals(617, s.secondary().get("rate").score(), "50% of the stored rate");
        ResultRecord without = new ResultRecord("writepath", WritepathExperiment.FIXED_RATE,
                Map.of("build", "jdk", "load", "50%"), 4, 1.0, null, "ms", Map.of(), "smoke", false, 2, null);
        assertThrows(IllegalArgumentException.class, () -> e.continueFrom(List.of(without)));
    }
}

package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.TableSpec;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every registered experiment's plans, in every mode: well formed, and within the modes' time promises. */
class ExperimentPlansTest {
    private final ExperimentRegistry registry = new ExperimentRegistry();

    @Test
    void theRegistryHoldsTheExperimentsInOrder() {
        assertEquals(List.of("backoff", "refcount", "allocator", "queues", "histogram", "co", "affinity", "writepath",
                "calibrate"), registry.all().stream().map(Experiment::name).toList());
        assertEquals(List.of("calibrate"), registry.all().stream().filter(e -> !e.runsByDefault(LabMode.QUICK))
                .map(Experiment::name).toList(), "calibrate runs only when named");
        assertTrue(registry.all().stream().allMatch(e -> e.runsByDefault(LabMode.FULL)),
                "--full runs every experiment, the A/A calibration included");
    }

    /**
     * One A/A comparison per calibrated experiment: each JMH experiment's first headline baseline against itself,
     * and the latency experiments' baselines, labelled A and B.
     */
    @Test
    void calibrationPairsEachBaselineWithItself() {
        LabPlan plan = new LabPlan(LabMode.QUICK, List.of(), false, 2);
        List<Comparison> aa = new CalibrationExperiment().comparisons(plan);
        // co's are one run, not compared; queues has one row per benchmark, whose noise differs
        assertEquals(List.of("backoff", "refcount", "refcount", "allocator", "queues", "queues", "histogram",
                "affinity", "writepath"), aa.stream().map(c -> c.baseline().params().get("of")).toList());
        assertEquals(List.of("retainRelease_contended", RefcountExperiment.UNCONTENDED_INTERLEAVED), aa.stream()
                .filter(c -> c.baseline().params().get("of").equals("refcount")).map(c -> c.baseline().benchmark())
                .toList(), "refcount's forks and its interleaved copies each have their own noise");
        assertEquals(List.of("throughputInterleaved", "burstInterleaved"), aa.stream()
                .filter(c -> c.baseline().params().get("of").equals("queues")).map(c -> c.baseline().benchmark())
                .toList());
        for (Comparison c : aa) {
            Trial a = c.baseline();
            Trial b = c.contenders().get(0);
            assertEquals(a.benchmark(), b.benchmark());
            assertEquals(Map.of("copy", "A"), c.baselineDifference(b), "the sides differ only by their copy label");
            assertEquals("B", b.params().get("copy"));
        }
        TableSpec table = new CalibrationExperiment().table();
        assertEquals(Direction.LOWER, table.directionOf("burstInterleaved"), "round trips: lower is better");
        assertEquals("copy", table.compared());
        assertEquals("A", table.baseline());
    }

    @Test
    void everyPlanIsAListOfWellFormedComparisons() {
        for (Experiment e : registry.all()) {
            for (LabMode mode : LabMode.values()) {
                for (boolean every : new boolean[] {false, true}) {
                    List<Comparison> plan = e.comparisons(new LabPlan(mode, List.of(), every, 2));
                    assertFalse(plan.isEmpty(), e.name() + " " + mode);
                    Set<Trial> seen = Collections.newSetFromMap(new IdentityHashMap<>());
                    for (Comparison c : plan) {
                        for (Trial t : c.sides()) {
                            assertTrue(seen.add(t), e.name() + ": " + t.describe() + " is in two comparisons");
                            assertEquals(c.baseline().benchmark(), t.benchmark(), "a comparison runs one benchmark");
                        }
                        for (Trial t : c.contenders()) {
                            Map<String, String> difference = c.baselineDifference(t);
                            assertFalse(difference.isEmpty(), e.name() + ": " + t.describe() + " equals its baseline");
                        }
                    }
                }
            }
        }
    }

    @Test
    void headlinesAreSmallerThanEveryComparison() {
        for (Experiment e : registry.all()) {
            int headline = trials(e.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2)));
            int every = trials(e.comparisons(new LabPlan(LabMode.FULL, List.of(), true, 2)));
            assertTrue(headline <= every, e.name() + ": " + headline + " vs " + every);
        }
        assertTrue(trials(registry.get("queues").comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2)))
                < trials(registry.get("queues").comparisons(new LabPlan(LabMode.FULL, List.of(), true, 2))));
    }

    @Test
    void quickQueuesCompareMpscThroughputOnlyRelaxed() {
        List<String> quick = sideLabels(registry.get("queues").comparisons(
                new LabPlan(LabMode.QUICK, List.of(), false, 2)));
        assertEquals(List.of("throughputInterleaved SpscArray jctools", "throughputInterleaved SpscArray contend",
                "throughputInterleaved SpscArray contend-strict",
                "throughputInterleaved MpscArray jctools", "throughputInterleaved MpscArray contend-relaxed",
                "throughputInterleaved MpscUnbounded jctools", "throughputInterleaved MpscUnbounded contend-relaxed",
                "burstInterleaved SpscArray jctools", "burstInterleaved SpscArray contend",
                "burstInterleaved SpscArray contend-strict", "burstInterleaved MpscArray jctools",
                "burstInterleaved MpscArray contend", "burstInterleaved MpscArray contend-strict",
                "burstInterleaved MpscUnbounded jctools", "burstInterleaved MpscUnbounded contend",
                "burstInterleaved MpscUnbounded contend-strict"), quick);
        List<String> every = sideLabels(registry.get("queues").comparisons(
                new LabPlan(LabMode.FULL, List.of(), true, 2)));
        for (String side : List.of("throughputInterleaved MpscArray contend", "throughputInterleaved MpscArray "
                + "contend-strict", "throughputInterleaved MpscUnbounded contend")) {
            assertTrue(every.contains(side), side + " in " + every);
        }
    }

    private static List<String> sideLabels(List<Comparison> comparisons) {
        return comparisons.stream().flatMap(c -> c.sides().stream())
                .map(t -> t.benchmark() + " " + t.params().get("queue") + " " + t.params().get("impl")).toList();
    }

    @Test
    void budgetsKeepTheModesPromises() {
        Duration quick = Duration.ZERO;
        Duration full = Duration.ZERO;
        for (Experiment e : registry.all()) {
            if (e.runsByDefault(LabMode.QUICK)) {
                quick = quick.plus(e.budget(LabMode.QUICK));
            }
            if (e.runsByDefault(LabMode.FULL)) {
                full = full.plus(e.budget(LabMode.FULL));
            }
            assertTrue(e.budget(LabMode.SMOKE).compareTo(e.budget(LabMode.FULL)) <= 0, e.name());
        }
        assertTrue(quick.compareTo(Duration.ofMinutes(9)) <= 0, "quick budgets add up to " + quick);
        assertTrue(full.compareTo(Duration.ofMinutes(60)) <= 0, "full budgets add up to " + full);
    }

    @Test
    void threadCountsFromTheCommandLineReplaceTheHeadlineOnes() {
        List<Comparison> plan = registry.get("backoff").comparisons(new LabPlan(LabMode.QUICK, List.of(1, 3), false, 2));
        assertEquals(List.of(1, 3), plan.stream().map(c -> c.baseline().threads()).toList());
        List<Comparison> headline = registry.get("backoff").comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(List.of(2), headline.stream().map(c -> c.baseline().threads()).toList());
    }

    /** The backoffs whose sign the host's placement flips are compared only when every comparison is asked for. */
    @Test
    void backoffQuickComparesTheTicketsProposalsAndEveryComparisonEveryStrategy() {
        Experiment backoff = registry.get("backoff");
        List<String> quick = strategies(backoff.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2)));
        assertEquals(List.of("cas", "cas-constant", "xadd", "longAdder"), quick);
        List<String> every = strategies(backoff.comparisons(new LabPlan(LabMode.QUICK, List.of(2), true, 2)));
        assertEquals(List.of("cas", "cas-constant", "cas-exponential", "cas-spinYieldPark", "xadd", "longAdder"),
                every);
    }

    /**
     * The holder layout and the unsafe XADD_NAIVE are studies of every-comparison runs: quick mode compares CAS and
     * EVEN_ODD on the object's own field with Netty, and every comparison adds both at each delay, contended and
     * not.
     */
    @Test
    void refcountComparesTheHolderLayoutOnlyInEveryComparisonRuns() {
        Experiment refcount = registry.get("refcount");
        List<String> quick = impls(refcount.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2)));
        assertEquals(List.of("NETTY", "CAS", "EVEN_ODD", "NETTY", "EVEN_ODD"), quick);
        List<Comparison> quickPlan = refcount.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(null, quickPlan.get(0).joint(), "contended: one JMH fork per side");
        assertTrue(quickPlan.get(1).joint() instanceof Interleaving i && i.copies() == RefcountExperiment.COPIES,
                "uncontended: interleaved copies in one JVM");
        assertEquals(RefcountExperiment.UNCONTENDED_INTERLEAVED, quickPlan.get(1).baseline().benchmark());
        List<Comparison> every = refcount.comparisons(new LabPlan(LabMode.FULL, List.of(), true, 2));
        assertEquals(10, every.size(), "5 delays, contended and not");
        for (Comparison c : every) {
            assertEquals(List.of("NETTY", "CAS", "XADD_NAIVE", "EVEN_ODD", "EVEN_ODD_HOLDER"), impls(List.of(c)));
        }
    }

    private static List<String> impls(List<Comparison> plan) {
        return sideParams(plan, "impl");
    }

    private static List<String> strategies(List<Comparison> plan) {
        return sideParams(plan, "strategy");
    }

    /** The named parameter of every side of the plan, comparison by comparison, baseline first. */
    private static List<String> sideParams(List<Comparison> plan, String name) {
        return plan.stream().flatMap(c -> c.sides().stream()).map(t -> t.params().get(name)).toList();
    }

    private static int trials(List<Comparison> plan) {
        return plan.stream().mapToInt(c -> c.sides().size()).sum();
    }
}

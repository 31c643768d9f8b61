package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.PublishedTable;
import io.contend.cli.results.TableSpec;
import io.contend.bench.refcount.RetainReleaseBenchmark;
import io.contend.bench.refcount.RetainReleaseLoop;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Netty PR #7248 ("Optimistically update ref counts") and issue #8563: retain, delay, release on one shared
 * object (contended) or one object per thread (uncontended), for contend's CAS, XADD_NAIVE and EVEN_ODD and
 * Netty's own AbstractReferenceCounted. Baseline: Netty's at the same delay and contention. Headline: CAS and
 * EVEN_ODD at delay 1 contended, and EVEN_ODD at delay 1 uncontended: the PR's before (the CAS loop) and contend's
 * default, each against what Netty users run today. Every comparison ({@code --every-comparison}, {@code --full}):
 * every delay of the PR's table, XADD_NAIVE, and EVEN_ODD_HOLDER, contend's algorithm in Netty 4.2's layout (the
 * count in an object of its own), which tells the layout's share of EVEN_ODD's ratio from the algorithm's.
 *
 * <p>Uncontended, every implementation is measured in one JVM per round, interleaved in 40 ms blocks ({@link
 * Interleaving}, {@link RetainReleaseLoop}), three copies of each, and a side's round is the median of its copies:
 * as a JMH fork a side, or as one copy a side, now and then ran a whole JVM about a quarter slower than its other
 * rounds (EVEN_ODD and NETTY alike, 21 against 28-33 ns in docs/results/2026-11-29-quick-45 and -46), a level that
 * belongs to the copy, not to the implementation (the other copies of the same implementation in that JVM ran at
 * the usual speed), and one such round widened the interval of a ratio that is within a few per cent of 1 past
 * the margin. Contended, the sides stay JMH forks, the loop Netty's PR measured: there two threads pass one cache
 * line, whose speed changes from block to block as much as from copy to copy, and interleaved copies spread no
 * less than forks do (a per-round log ratio sd of about 0.11 either way, in 10 scratch rounds).
 *
 * <p>XADD_NAIVE is not a headline row: it is the PR's after without #8563's overflow check, unsafe to use, and its
 * retain is Netty's own getAndAdd, so its ratio to Netty sits within a few percent of 1, closer than a quick run's
 * interval can resolve at the 5% margin (inconclusive in every run from docs/results/2026-11-28-quick-15 to -20).
 * Its fork pair went to the headline rows' rounds instead.
 */
public final class RefcountExperiment extends JmhExperiment {
    /** Both threads of the PR's contended case: the machine's cores, not a lab-wide thread list. */
    static final int THREADS = 2;
    /** The uncontended comparisons' interleaved measurement: a name of its own, never pooled with JMH forks' rows. */
    static final String UNCONTENDED_INTERLEAVED = "retainReleaseInterleaved_uncontended";
    /** Copies of each uncontended side in one JVM; a side's round is their median (see the class comment). */
    static final int COPIES = 3;
    /**
     * The sides of quick mode's contended comparison: contend's algorithms, each on the counted object's own field,
     * and Netty's AbstractReferenceCounted, the baseline.
     */
    static final List<String> HEADLINE_IMPLS = List.of(RetainReleaseBenchmark.CAS, RetainReleaseBenchmark.EVEN_ODD,
            RetainReleaseBenchmark.NETTY);

    @Override
    public String name() {
        return "refcount";
    }

    @Override
    public String title() {
        return "retain/release: CAS vs XADD vs even/odd vs Netty (Netty #7248, #8563)";
    }

    /** Runs at 2 threads whatever {@code --threads} says: the PR's table is contended vs uncontended. */
    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<Comparison> comparisons = new ArrayList<>();
        if (plan.everyComparison()) {
            for (boolean contended : new boolean[] {true, false}) {
                for (String delay : RetainReleaseBenchmark.DELAYS) {
                    comparisons.add(comparison(contended, delay, plan.mode()));
                }
            }
        } else {
            comparisons.add(comparison(true, "1", plan.mode(), HEADLINE_IMPLS));
            comparisons.add(comparison(false, "1", plan.mode(), List.of(RetainReleaseBenchmark.EVEN_ODD)));
        }
        return comparisons;
    }

    private Comparison comparison(boolean contended, String delay, LabMode mode) {
        return comparison(contended, delay, mode, RetainReleaseBenchmark.IMPLS);
    }

    private Comparison comparison(boolean contended, String delay, LabMode mode, List<String> impls) {
        if (!contended) {
            return uncontended(delay, mode, impls);
        }
        List<Trial> contenders = new ArrayList<>();
        for (String impl : impls) {
            if (!impl.equals(RetainReleaseBenchmark.NETTY)) {
                contenders.add(trial(run(impl, delay, contended), mode));
            }
        }
        // The peer is the baseline: every row answers "how does this compare with what Netty users run today",
        // EVEN_ODD (contend's default) included; CAS against XADD is the published table's question.
        return new Comparison(trial(run(RetainReleaseBenchmark.NETTY, delay, contended), mode), contenders,
                Direction.LOWER);
    }

    /** The uncontended comparison: every side interleaved in one JVM per round, {@value #COPIES} copies each. */
    private static Comparison uncontended(String delay, LabMode mode, List<String> impls) {
        List<Trial> contenders = new ArrayList<>();
        for (String impl : impls) {
            if (!impl.equals(RetainReleaseBenchmark.NETTY)) {
                contenders.add(uncontendedSide(impl, delay, Map.of()));
            }
        }
        return new Comparison(uncontendedSide(RetainReleaseBenchmark.NETTY, delay, Map.of()), contenders,
                Direction.LOWER, interleaving(delay, mode));
    }

    private static Interleaving interleaving(String delay, LabMode mode) {
        return new Interleaving(RetainReleaseLoop.class.getName(), "impl", Map.of("contended", "false", "delay", delay,
                "threads", Integer.toString(THREADS)), interleavedSettings(mode), false, COPIES);
    }

    private static Trial uncontendedSide(String impl, String delay, Map<String, String> labels) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", impl);
        params.put("delay", delay);
        params.put("contended", "false");
        params.putAll(labels);
        return Interleaving.side(UNCONTENDED_INTERLEAVED, params, THREADS);
    }

    /**
     * The interleaved sides' settings. Quick: 150 ms of warm-up per copy (retain, release and the delay loop
     * reach C2 within about 70 ms of the warm-up's start, by -XX:+PrintCompilation), then 6 blocks of 40 ms: 12
     * quick rounds fit the budget, as they did with the two JMH forks these replace (docs/results/2026-12-07-quick-1
     * against 2026-11-29-quick-48). Full: 300 ms and 6 blocks of 100 ms.
     *
     * @param mode the lab mode
     * @return the settings
     */
    static Interleaving.Settings interleavedSettings(LabMode mode) {
        return switch (mode) {
            case SMOKE -> Interleaving.Settings.of(mode);
            case QUICK -> new Interleaving.Settings(150, 40, 6);
            case FULL -> new Interleaving.Settings(300, 100, 6);
        };
    }

    /**
     * The A/A comparisons: {@link #calibration(LabPlan)}'s (NETTY contended, JMH forks), then NETTY uncontended
     * against itself, interleaved and copied as the uncontended comparisons are.
     */
    @Override
    public List<Comparison> calibrations(LabPlan plan) {
        List<Comparison> calibrations = new ArrayList<>();
        Comparison forks = calibration(plan);
        if (forks != null) {
            calibrations.add(forks);
        }
        calibrations.add(new Comparison(
                uncontendedSide(RetainReleaseBenchmark.NETTY, "1", Map.of("of", name(), "copy", "A")),
                List.of(uncontendedSide(RetainReleaseBenchmark.NETTY, "1", Map.of("of", name(), "copy", "B"))),
                Direction.LOWER, interleaving("1", plan.mode())));
        return calibrations;
    }

    private static JmhRun run(String impl, String delay, boolean contended) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", impl);
        params.put("delay", delay);
        return new JmhRun(contended ? RetainReleaseBenchmark.CONTENDED_BENCHMARK
                : RetainReleaseBenchmark.UNCONTENDED_BENCHMARK, params,
                Map.of("contended", Boolean.toString(contended)), THREADS);
    }

    /**
     * Quick rounds measure 2 x 200 ms after the mode's 2 x 200 ms warm-up, not the mode's 4 iterations: split by
     * {@code VarianceSplit} on the iterations of stored quick runs, retain/release forks differ from each other
     * about as much as their iterations do, so in the same budget more, shorter forks give the narrower interval
     * (Kalibera and Jones, ISMM 2013: iterations per fork grow with the square root of the ratio of the
     * within-fork to the between-fork variance and of a fork's cost to an iteration's).
     */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? mode.settings().withMeasurement(2, 200) : mode.settings();
    }

    /** @return the contended forks' JMH settings and the uncontended sides' interleaved ones */
    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        JmhSettings forks = settings(mode);
        return (forks.equals(mode.settings()) ? "contended: the mode's JMH settings" : "contended: " + forks.describe())
                + ", uncontended: " + interleavedSettings(mode).describe() + ", " + COPIES + " copies of each side"
                + " interleaved in one JVM";
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(75), Duration.ofMinutes(7));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("impl", "delay", "contended"), "impl", RetainReleaseBenchmark.NETTY,
                Direction.LOWER, List.of(),
                List.of("Score: ns per retain + delay + release, per thread (lower is better); 2 "
                                + "threads. contended: both threads on one object; uncontended: one object per "
                                + "thread. delay: Blackhole.consumeCPU tokens between retain and release.",
                        "CAS, XADD_NAIVE (unsafe, Netty #8563), EVEN_ODD (contend's default): contend's "
                                + "RefCountUpdater on the counted object's own field, which shares a cache line with "
                                + "the object's header; EVEN_ODD_HOLDER (every-comparison runs): EVEN_ODD on a count "
                                + "object of its own, allocated right after the counted object, Netty 4.2's layout; "
                                + "NETTY: io.netty.util.AbstractReferenceCounted 4.2.20.Final, "
                                + "which keeps its count in an object of its own (RefCnt), the baseline of every "
                                + "ratio. The benchmark calls each counted object directly, through one interface; "
                                + "each ends in 64 bytes of padding and is allocated between two 64-byte guard "
                                + "arrays, so that no other object shares its lines.",
                        "retainRelease_contended: one JMH fork per implementation and round. "
                                + "retainReleaseInterleaved_uncontended: every implementation in one JVM per round, "
                                + "in turn, in short blocks, " + COPIES + " copies of each, each in a class loader of "
                                + "its own; a round's score is the median of the copies' means, and its iterations "
                                + "are the copies' blocks, copy after copy."))
                .withPublished(new PublishedTable("Netty PR #7248 (2017), AbstractReferenceCountedByteBufBenchmark, "
                        + "JMH sample mode, ns/op; BEFORE is the CAS loop, AFTER the XADD of the PR",
                        List.of("delay", "contended BEFORE", "contended AFTER", "uncontended BEFORE",
                                "uncontended AFTER"),
                        List.of(List.of("1", "804.579", "383.436", "48.610", "52.269"),
                                List.of("10", "785.376", "474.429", "62.599", "62.290"),
                                List.of("100", "817.392", "479.267", "228.629", "235.044"),
                                List.of("1000", "2077.700", "2044.603", "2002.987", "2006.578"),
                                List.of("10000", "19949.334", "19904.227", "19735.345", "19742.605"))))
                // The layout's share of EVEN_ODD's ratio, judged from the same rounds (every-comparison runs only).
                .withPairs(List.of(new TableSpec.Pair(RetainReleaseBenchmark.EVEN_ODD_HOLDER,
                        RetainReleaseBenchmark.EVEN_ODD)));
    }
}

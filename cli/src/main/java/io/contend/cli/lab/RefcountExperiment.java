package io.contend.cli.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 001 (Netty PR #7248, issue #8563): retain, delay, release on one shared object (contended) or one
 * object per thread (uncontended), for contend's CAS, XADD_NAIVE and EVEN_ODD and Netty's own
 * AbstractReferenceCounted. Baseline: CAS.
 */
public final class RefcountExperiment implements Experiment {
    static final String BENCHMARK = "io.contend.bench.refcount.RetainReleaseBenchmark.retainRelease_";
    static final List<String> IMPLS = List.of("CAS", "XADD_NAIVE", "EVEN_ODD", "NETTY");
    static final List<String> DELAYS = List.of("1", "10", "100", "1000", "10000");
    static final List<String> SMOKE_DELAYS = List.of("1", "1000");
    /** Both threads of the seed's contended case: the machine's cores, not a lab-wide thread list. */
    static final int THREADS = 2;

    @Override
    public String name() {
        return "refcount";
    }

    @Override
    public String title() {
        return "retain/release: CAS vs XADD vs even/odd vs Netty (Netty #7248, #8563)";
    }

    /** Runs at 2 threads whatever {@code --threads} says: the seed's table is contended vs uncontended. */
    @Override
    public List<JmhRun> plan(List<Integer> threads, LabMode mode) {
        List<JmhRun> runs = new ArrayList<>();
        for (boolean contended : new boolean[] {true, false}) {
            for (String delay : mode == LabMode.SMOKE ? SMOKE_DELAYS : DELAYS) {
                for (String impl : IMPLS) {
                    runs.add(new JmhRun(BENCHMARK + (contended ? "contended" : "uncontended"),
                            Map.of("impl", impl, "delay", delay), Map.of("contended", Boolean.toString(contended)),
                            THREADS));
                }
            }
        }
        return runs;
    }

    @Override
    public Map<String, ResultRecord.Secondary> secondary(Map<String, ResultRecord.Secondary> jmhSecondary) {
        return Map.of();
    }

    /** Forty configurations: quick mode measures 3 x 0.5 s after 1 x 0.5 s of warm-up to stay near 2 minutes. */
    @Override
    public JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? new JmhSettings(1, 1, 500, 3, 500) : mode.settings();
    }

    /** Seed 001: the retainRelease table of Netty PR #7248, 2017, before (CAS) and after (XADD) the change. */
    @Override
    public SeedTable seedTable() {
        return new SeedTable("Netty PR #7248 (2017), AbstractReferenceCountedByteBufBenchmark, JMH sample mode, ns/op;"
                + " BEFORE is the CAS loop, AFTER the XADD of the PR",
                List.of("delay", "contended BEFORE", "contended AFTER", "uncontended BEFORE", "uncontended AFTER"),
                List.of(List.of("1", "804.579", "383.436", "48.610", "52.269"),
                        List.of("10", "785.376", "474.429", "62.599", "62.290"),
                        List.of("100", "817.392", "479.267", "228.629", "235.044"),
                        List.of("1000", "2077.700", "2044.603", "2002.987", "2006.578"),
                        List.of("10000", "19949.334", "19904.227", "19735.345", "19742.605")));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("impl", "delay", "contended"), Map.of("impl", "CAS"), true, List.of(),
                List.of("Score: ns per retain + delay + release, per thread (lower is better); 2 threads.",
                        "contended: both threads on one object; uncontended: one object per thread.",
                        "delay: Blackhole.consumeCPU tokens between retain and release.",
                        "CAS, XADD_NAIVE (unsafe, Netty #8563), EVEN_ODD (contend's default): contend's RefCountUpdater",
                        "on the object's own field; NETTY: io.netty.util.AbstractReferenceCounted 4.2.20.Final.",
                        "Quick mode: 1 x 0.5 s warm-up, 3 x 0.5 s measurement per configuration."));
    }
}

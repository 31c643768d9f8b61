package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.alloc.RegionFillBenchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CASSANDRA-15922 ("High CAS failures in NativeAllocator.Region.allocate"): filling regions with 8- and 16-byte
 * allocations at T threads for CAS_LOOP, CAS_BACKOFF (parkNanos(1)), XADD and thread-local chunks (TLAB), plus
 * a row of 16 cells as one batch against 16 single allocations. Baselines: XADD (Cassandra's allocator since
 * CASSANDRA-15922, what a user has today) for the strategies, so the CAS loop it replaced reads as a ratio
 * below 1 and the thread-local paths as their gain over it; the 16 singles for the row; and at 1 thread PLAIN (an unsynchronized bump pointer through the same regions, the
 * physical limit) for the thread-local paths TLAB and TLAB_HANDLE (a caller-held ThreadAllocator). Headline: 16
 * bytes at 2 threads without CAS_BACKOFF, the row at 2 threads, and TLAB against PLAIN at 1 thread.
 */
public final class AllocatorExperiment extends JmhExperiment {

    @Override
    public String name() {
        return "allocator";
    }

    @Override
    public String title() {
        return "region allocation: CAS loop vs backoff vs XADD vs thread-local chunks (CASSANDRA-15922)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        boolean every = plan.everyComparison();
        List<Integer> threads = every ? threadsOr(plan, List.of(2, 4)) : threadsOr(plan, List.of(2));
        List<Comparison> comparisons = new ArrayList<>();
        for (String size : every ? List.of("8", "16") : List.of("16")) {
            for (int t : threads) {
                List<Trial> contenders = new ArrayList<>();
                for (String strategy : RegionFillBenchmark.STRATEGIES) {
                    boolean headline = !strategy.equals(RegionFillBenchmark.CAS_BACKOFF) || every;
                    if (!strategy.equals(RegionFillBenchmark.XADD) && !strategy.equals(RegionFillBenchmark.PLAIN)
                            && headline) {
                        contenders.add(trial(allocate(strategy, size, t), plan.mode()));
                    }
                }
                comparisons.add(new Comparison(trial(allocate(RegionFillBenchmark.XADD, size, t), plan.mode()),
                        contenders, Direction.HIGHER));
            }
            // The physical limit: one thread bumping a plain pointer through the same regions (not thread-safe).
            List<Trial> threadLocal = new ArrayList<>();
            threadLocal.add(trial(allocate(RegionFillBenchmark.TLAB, size, 1), plan.mode()));
            if (every) {
                threadLocal.add(trial(allocate(RegionFillBenchmark.TLAB_HANDLE, size, 1), plan.mode()));
            }
            comparisons.add(new Comparison(trial(allocate(RegionFillBenchmark.PLAIN, size, 1), plan.mode()),
                    threadLocal, Direction.HIGHER));
        }
        for (int t : threads) {
            comparisons.add(new Comparison(trial(row(RegionFillBenchmark.SINGLES, t), plan.mode()),
                    List.of(trial(row(RegionFillBenchmark.BATCH, t), plan.mode())), Direction.HIGHER));
        }
        return comparisons;
    }

    private static JmhRun allocate(String strategy, String size, int threads) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("strategy", strategy);
        params.put("size", size);
        return new JmhRun(RegionFillBenchmark.ALLOCATE_BENCHMARK, params, threads);
    }

    private static JmhRun row(String row, int threads) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("strategy", RegionFillBenchmark.XADD);
        params.put("size", "16");
        params.put("row", row);
        return new JmhRun(RegionFillBenchmark.ROW_BENCHMARK, params, threads);
    }

    /**
     * A round of a thread-local path warms up for 2.5 s (5 x 0.5 s) in quick mode: the thread-local chunk path
     * reaches its steady state only after 2.5 to 3 s on a 2-core machine, so a shorter warm-up would compare a JIT
     * transient, not the allocator. The shared paths are steady within the mode's warm-up and keep it.
     */
    @Override
    protected JmhSettings settings(JmhRun run, LabMode mode) {
        return mode == LabMode.QUICK && threadLocal(run) ? mode.settings().withWarmup(5, 500) : mode.settings();
    }

    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        return mode == LabMode.QUICK ? "TLAB and TLAB_HANDLE warm up 5 x 500 ms" : null;
    }

    private static boolean threadLocal(JmhRun run) {
        String strategy = run.params().get("strategy");
        return RegionFillBenchmark.TLAB.equals(strategy) || RegionFillBenchmark.TLAB_HANDLE.equals(strategy);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(95), Duration.ofMinutes(8));
    }

    @Override
    protected Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        double ops = required(jmh, RegionFillBenchmark.COUNTER_OPERATIONS);
        if (ops > 0) {
            derived.put("casFailuresPerOp", new ResultRecord.Secondary(
                    required(jmh, RegionFillBenchmark.COUNTER_CAS_FAILURES) / ops, "failures/op"));
            derived.put("atomicsPerOp", new ResultRecord.Secondary(
                    required(jmh, RegionFillBenchmark.COUNTER_ATOMICS) / ops, "atomics/op"));
        }
        double reserved = required(jmh, RegionFillBenchmark.COUNTER_RESERVED_BYTES);
        if (reserved > 0) {
            derived.put("wastePercent", new ResultRecord.Secondary(
                    100 * required(jmh, RegionFillBenchmark.COUNTER_WASTE_BYTES) / reserved, "%"));
        }
        return derived;
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy", "size", "row"), "strategy", RegionFillBenchmark.XADD,
                Direction.HIGHER,
                List.of(new TableSpec.Column("casFailuresPerOp", "CAS fail/op", "%.4f"),
                        new TableSpec.Column("atomicsPerOp", "atomics/op", "%.4f"),
                        new TableSpec.Column("wastePercent", "waste %", "%.3f")),
                List.of("Score: allocation calls (of size bytes) per microsecond, all threads together "
                                + "(higher is better).",
                        "Regions grow from 8 KiB to 1 MiB (Cassandra's sizes); a fresh allocator "
                                + "replaces one holding 16 MiB, so memory stays bounded. Baseline XADD: "
                                + "Cassandra's allocator since CASSANDRA-15922; CAS_LOOP is the one it replaced. "
                                + "CAS_BACKOFF parks 1 ns (about 50 us on Linux) after a failed CAS.",
                        "TLAB: XADD regions, each thread bump-allocating in its own 4 KiB chunk; "
                                + "TLAB_HANDLE: the same chunks through a caller-held ThreadAllocator (no ThreadLocal "
                                + "lookup). Their rounds warm up 2.5 s: the chunk path needs that to reach "
                                + "steady state.",
                        "PLAIN: one thread bumping a plain int through the same regions, the "
                                + "physical limit; not thread-safe, so it runs at 1 thread only and is the "
                                + "baseline of the 1-thread comparison.",
                        "row rows: a row of 16 cells of 16 bytes as 16 single calls or one "
                                + "batch call (XADD); score is rows per microsecond, compared with singles "
                                + "(row=singles is that comparison's baseline).",
                        "atomics/op and CAS fail/op per call (a row is one call); waste %: unused "
                                + "region tails over region bytes."));
    }
}

package io.contend.cli.lab;

import io.contend.bench.backoff.CounterLoop;
import io.contend.bench.backoff.SharedCounterBenchmark;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CASSANDRA-15922 and arXiv:1305.5800 (Dice, Hendler, Mirsky, "Lightweight Contention Management for Efficient
 * Compare-and-Swap Operations"): a shared counter incremented by T threads with a CAS loop under each backoff
 * strategy, with one XADD, and with LongAdder. Baseline: the plain CAS loop at the same thread count.
 * Headline: 2 threads (both cores contend), for CASSANDRA-15922's two proposals (the constant parkNanos(1)
 * backoff and XADD) and LongAdder; every strategy, and every thread count of {@code --threads}, with
 * {@code --every-comparison} or {@code --full}.
 *
 * <p>Why the exponential and spin-yield-park backoffs are not headline rows: their ratio to the CAS loop changes sign
 * with how often the loop's CAS fails, and on a virtual machine that is set by where the host runs the two virtual
 * CPUs, for minutes at a time. docs/results/2026-11-28-quick-21 and -22 are two consecutive quick runs, one in each
 * placement (compare their CAS fail/op): spin-yield-park is slower than the loop in the first and faster in the
 * second, each interval clear of 1. One run sees one placement, so its interval cannot speak for the next; the CAS
 * fail/op column tells which one a run saw. The constant backoff, XADD and LongAdder keep their sign in both.
 *
 * <p>Every strategy of a comparison is measured in one JVM, interleaved in short blocks ({@link Interleaving},
 * {@link CounterLoop}), not in a JMH fork each. On a virtual machine the rate at which two threads can pass one
 * cache line between them is set by where the host runs the two virtual CPUs, and that holds for seconds: in stored
 * quick runs of one fork per strategy, a run of consecutive forks, whichever strategy they measured, went from 50 to
 * 90-100 increments per microsecond and back, so a round's ratio compared placements as often as strategies.
 * Neighbouring blocks of 40 ms share a placement. {@link SharedCounterBenchmark} measures the same in JMH for use
 * outside the lab; its loop also runs JMH's per-call bookkeeping, which spaces the increments out, so its CAS loop
 * fails less often and its ratios are smaller than the lab's.
 */
public final class BackoffExperiment implements Experiment, Calibrated {
    /** The interleaved measurement's name: a name of its own, never pooled with JMH forks' rows. */
    static final String INCREMENT = "incrementInterleaved";
    /** The trial parameter naming each side's strategy. */
    static final String STRATEGY = "strategy";
    /** The strategies quick mode compares with the CAS loop: those whose verdict the host's placement does not flip. */
    static final List<String> HEADLINE_STRATEGIES = List.of(SharedCounterBenchmark.CAS_CONSTANT,
            SharedCounterBenchmark.XADD, SharedCounterBenchmark.LONG_ADDER);

    @Override
    public String name() {
        return "backoff";
    }

    @Override
    public String title() {
        return "CAS contention and backoff on a shared counter (CASSANDRA-15922, arXiv:1305.5800)";
    }

    @Override
    public List<Comparison> comparisons(LabPlan plan) {
        List<Integer> threads = !plan.threads().isEmpty() ? plan.threads()
                : plan.everyComparison() ? List.of(1, 2, 4) : List.of(2);
        List<Comparison> comparisons = new ArrayList<>();
        for (int t : threads) {
            List<Trial> contenders = new ArrayList<>();
            for (String strategy : SharedCounterBenchmark.STRATEGIES) {
                boolean shown = plan.everyComparison() || plan.smoke() || HEADLINE_STRATEGIES.contains(strategy);
                if (!strategy.equals(SharedCounterBenchmark.CAS) && shown) {
                    contenders.add(side(strategy, t, Map.of()));
                }
            }
            comparisons.add(new Comparison(side(SharedCounterBenchmark.CAS, t, Map.of()), contenders,
                    Direction.HIGHER, joint(t, plan.mode())));
        }
        return comparisons;
    }

    /**
     * The A/A comparison: the plain CAS loop at 2 threads as two sides of one interleaved JVM, measured as the
     * comparisons are.
     */
    @Override
    public Comparison calibration(LabPlan plan) {
        return new Comparison(side(SharedCounterBenchmark.CAS, 2, Map.of("of", name(), "copy", "A")),
                List.of(side(SharedCounterBenchmark.CAS, 2, Map.of("of", name(), "copy", "B"))), Direction.HIGHER,
                joint(2, plan.mode()));
    }

    private static Comparison.Joint joint(int threads, LabMode mode) {
        Interleaving interleaving = new Interleaving(CounterLoop.class.getName(), STRATEGY,
                Map.of("threads", Integer.toString(threads)), Interleaving.Settings.of(mode), true);
        return (round, sides) -> interleaving.measure(round, sides).stream()
                .map(s -> new Sample(s.score(), s.unit(), perOperation(s.secondary()), s.iterations(), s.blocks(),
                        s.position()))
                .toList();
    }

    /** One side of a comparison: named by its trial, measured by the comparison's {@link Interleaving}. */
    private static Trial side(String strategy, int threads, Map<String, String> labels) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put(STRATEGY, strategy);
        params.putAll(labels);
        return Interleaving.side(INCREMENT, params, threads);
    }

    @Override
    public String roundSettingsIfOwn(LabMode mode) {
        return Interleaving.Settings.roundSettings(mode);
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(35), Duration.ofMinutes(5));
    }

    /**
     * @param counters a side's telemetry counters, each per microsecond of its blocks
     * @return failures and backoff per operation, their ratios to the operations; empty when the side has no
     *         telemetry (LongAdder), which is "not available", not zero
     * @throws IllegalStateException if operations were counted but a count is missing
     */
    static Map<String, ResultRecord.Secondary> perOperation(Map<String, ResultRecord.Secondary> counters) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        ResultRecord.Secondary operations = counters.get(SharedCounterBenchmark.COUNTER_OPERATIONS);
        if (operations == null || operations.score() <= 0) {
            return derived;
        }
        double ops = operations.score();
        derived.put("casFailuresPerOp", new ResultRecord.Secondary(
                required(counters, SharedCounterBenchmark.COUNTER_CAS_FAILURES) / ops, "failures/op"));
        derived.put("backoffNanosPerOp", new ResultRecord.Secondary(
                required(counters, SharedCounterBenchmark.COUNTER_BACKOFF_NANOS) / ops, "ns/op"));
        return derived;
    }

    private static double required(Map<String, ResultRecord.Secondary> counters, String name) {
        ResultRecord.Secondary s = counters.get(name);
        if (s == null) {
            throw new IllegalStateException("the side did not report counter '" + name + "': " + counters.keySet());
        }
        return s.score();
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of(STRATEGY), STRATEGY, SharedCounterBenchmark.CAS, Direction.HIGHER,
                List.of(new TableSpec.Column("casFailuresPerOp", "CAS fail/op", "%.3f"),
                        new TableSpec.Column("backoffNanosPerOp", "backoff ns/op", "%.1f")),
                List.of("Score: increments per microsecond, all threads together (higher is better).",
                        "cas: plain CAS loop; cas-constant: parkNanos(1) after each failure (the "
                                + "CASSANDRA-15922 proposal); cas-exponential: 100 ns doubling to 10 us with jitter; "
                                + "cas-spinYieldPark: 10 spins, 5 yields, then parks from 1 us to 1 ms; "
                                + "xadd: one getAndAdd; longAdder: java.util.concurrent LongAdder.",
                        "Every strategy of a comparison runs in the same JVM, in turn, in blocks of about 40 ms "
                                + "(quick), each in a class loader of its own so that its code is compiled as if "
                                + "alone; a round is one such JVM. Neighbouring blocks share where the host runs "
                                + "the threads, which sets how fast they pass the counter's cache line between "
                                + "them and changes every few seconds on a virtual machine. The threads increment "
                                + "back to back, with none of JMH's per-call bookkeeping between increments, so "
                                + "the CAS loop fails more often than in SharedCounterBenchmark.",
                        "CAS fail/op and backoff ns/op come from contend's telemetry; n/a for LongAdder "
                                + "(not ours).",
                        "parkNanos(1) sleeps for the timer slack on Linux (about 50 us): cas-constant "
                                + "wins throughput by taking the loser off the CPU, at the price of latency."));
    }
}

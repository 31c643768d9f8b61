package io.contend.cli.lab;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.backoff.SharedCounterBenchmark;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CASSANDRA-15922 and arXiv:1305.5800 (Dice, Hendler, Mirsky, "Lightweight Contention Management for Efficient
 * Compare-and-Swap Operations"): a shared counter incremented by T threads with a CAS loop under each backoff
 * strategy, with one XADD, and with LongAdder. Baseline: the plain CAS loop at the same thread count.
 * Headline: 2 threads (both cores contend); every thread count of {@code --threads} with {@code --full}.
 */
public final class BackoffExperiment extends JmhExperiment {

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
        List<Integer> threads = plan.everyComparison() ? threadsOr(plan, List.of(1, 2, 4)) : threadsOr(plan, List.of(2));
        List<Comparison> comparisons = new ArrayList<>();
        for (int t : threads) {
            List<Trial> contenders = new ArrayList<>();
            for (String strategy : SharedCounterBenchmark.STRATEGIES) {
                if (!strategy.equals(SharedCounterBenchmark.CAS)) {
                    contenders.add(trial(run(strategy, t), plan.mode()));
                }
            }
            comparisons.add(new Comparison(trial(run(SharedCounterBenchmark.CAS, t), plan.mode()), contenders,
                    Direction.HIGHER));
        }
        return comparisons;
    }

    private static JmhRun run(String strategy, int threads) {
        return new JmhRun(SharedCounterBenchmark.INCREMENT_BENCHMARK, Map.of("strategy", strategy), threads);
    }

    /**
     * Quick rounds measure 2 x 200 ms after the mode's 2 x 200 ms warm-up, not the mode's 4 iterations: split by
     * {@code VarianceSplit} on the iterations of stored quick runs, the contended counter's forks differ from each
     * other two to three times as much as their iterations do (where the two threads run, and how each JVM lays out
     * and compiles the loop, set a fork's level), so in the same budget more, shorter forks give the narrower
     * interval (Kalibera and Jones, ISMM 2013: iterations per fork grow with the square root of the ratio of the
     * within-fork to the between-fork variance and of a fork's cost to an iteration's).
     */
    @Override
    protected JmhSettings settings(LabMode mode) {
        return mode == LabMode.QUICK ? mode.settings().withMeasurement(2, 200) : mode.settings();
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(55), Duration.ofMinutes(5));
    }

    @Override
    protected Map<String, ResultRecord.Secondary> secondary(JmhRun run, Map<String, ResultRecord.Secondary> jmh) {
        Map<String, ResultRecord.Secondary> derived = new LinkedHashMap<>();
        ResultRecord.Secondary operations = jmh.get(SharedCounterBenchmark.COUNTER_OPERATIONS);
        if (operations == null || operations.score() <= 0) {
            return derived; // LongAdder: contend's telemetry does not see inside it
        }
        double ops = operations.score();
        derived.put("casFailuresPerOp", new ResultRecord.Secondary(
                required(jmh, SharedCounterBenchmark.COUNTER_CAS_FAILURES) / ops, "failures/op"));
        derived.put("backoffNanosPerOp", new ResultRecord.Secondary(
                required(jmh, SharedCounterBenchmark.COUNTER_BACKOFF_NANOS) / ops, "ns/op"));
        return derived;
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("strategy"), "strategy", SharedCounterBenchmark.CAS, Direction.HIGHER,
                List.of(new TableSpec.Column("casFailuresPerOp", "CAS fail/op", "%.3f"),
                        new TableSpec.Column("backoffNanosPerOp", "backoff ns/op", "%.1f")),
                List.of("Score: increments per microsecond, all threads together (higher is better).",
                        "cas: plain CAS loop; cas-constant: parkNanos(1) after each failure (the "
                                + "CASSANDRA-15922 proposal); cas-exponential: 100 ns doubling to 10 us with jitter; "
                                + "cas-spinYieldPark: 10 spins, 5 yields, then parks from 1 us to 1 ms; "
                                + "xadd: one getAndAdd; longAdder: java.util.concurrent LongAdder.",
                        "CAS fail/op and backoff ns/op come from contend's telemetry; n/a for LongAdder "
                                + "(not ours).",
                        "parkNanos(1) sleeps for the timer slack on Linux (about 50 us): cas-constant "
                                + "wins throughput by taking the loser off the CPU, at the price of latency."));
    }
}

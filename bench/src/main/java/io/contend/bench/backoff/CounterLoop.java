package io.contend.bench.backoff;

import io.contend.bench.interleave.BlockCrew;
import io.contend.bench.interleave.Interleaved;
import io.contend.bench.interleave.SideParams;
import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * One strategy's side of the {@code backoff} experiment, measured by {@link Interleaved}: {@code threads} threads
 * (a {@link BlockCrew}) increment one shared counter back to back, as {@link SharedCounterBenchmark} does in a JMH
 * fork, for as long as the calling thread takes to do its share of a block's increments.
 *
 * <p>A block's answer is its time scaled to the increments asked for at the rate all threads reached together: a
 * strategy that lets one thread win more often is credited with the increments the winner made, as JMH's
 * throughput sums all threads' operations over a fixed time.
 *
 * <p>Counters, per block: {@code operations}, {@code casFailures} and {@code backoffNanos} from contend's telemetry
 * (0 for LongAdder, which has none). Parameters: {@code threads} (1 to 256, the lab's {@code --threads} limit).
 */
public final class CounterLoop implements LongUnaryOperator, AutoCloseable, Supplier<Map<String, Long>> {
    private final ContentionCounter telemetry;
    private final BlockCrew crew;
    private Map<String, Long> counters = Map.of();

    /**
     * @param impl the strategy ({@link SharedCounterBenchmark#STRATEGIES})
     * @param params {@code threads}: how many threads increment, the calling one included
     * @throws IllegalArgumentException for an unknown strategy or a thread count out of range
     */
    public CounterLoop(String impl, Map<String, String> params) {
        int threads = SideParams.integer(params, "threads", 1, 256);
        telemetry = new ContentionCounter("backoff/" + impl);
        SharedCounterBenchmark.Incrementer incrementer = SharedCounterBenchmark.create(impl, telemetry);
        crew = new BlockCrew("contend-interleaved-counter-" + impl, threads, i -> incrementer::increment);
    }

    /**
     * @param ops increments the block is sized for, all threads together
     * @return the block's elapsed nanoseconds scaled to {@code ops} at the rate all threads reached
     * @throws IllegalStateException if a helper failed
     */
    @Override
    public long applyAsLong(long ops) {
        ContentionSnapshot before = telemetry.snapshot();
        BlockCrew.Block block = crew.run(ops);
        ContentionSnapshot delta = telemetry.snapshot().minus(before);
        Map<String, Long> c = new LinkedHashMap<>();
        c.put(SharedCounterBenchmark.COUNTER_OPERATIONS, delta.operations());
        c.put(SharedCounterBenchmark.COUNTER_CAS_FAILURES, delta.failures());
        c.put(SharedCounterBenchmark.COUNTER_BACKOFF_NANOS, delta.backoffNanos());
        counters = c;
        return block.crewNanosFor(ops);
    }

    /** @return the last block's telemetry counts */
    @Override
    public Map<String, Long> get() {
        return counters;
    }

    /** Stops the helpers ({@link BlockCrew#close()}). */
    @Override
    public void close() {
        crew.close();
    }

    @Override
    public String toString() {
        return "CounterLoop[" + telemetry.name() + ", threads=" + crew.threads() + "]";
    }
}

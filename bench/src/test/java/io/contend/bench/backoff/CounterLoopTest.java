package io.contend.bench.backoff;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CounterLoopTest {

    @Test
    void oneThreadMakesExactlyTheBlocksIncrements() throws Exception {
        try (CounterLoop loop = new CounterLoop(SharedCounterBenchmark.CAS, Map.of("threads", "1"))) {
            for (int block = 0; block < 3; block++) {
                loop.applyAsLong(10_000);
                assertEquals(10_000L, loop.get().get(SharedCounterBenchmark.COUNTER_OPERATIONS));
                assertEquals(0L, loop.get().get(SharedCounterBenchmark.COUNTER_CAS_FAILURES), "nobody to fail against");
            }
        }
    }

    @Test
    void helpersIncrementDuringEveryBlockAndStopAtClose() throws Exception {
        CounterLoop loop = new CounterLoop(SharedCounterBenchmark.CAS_EXPONENTIAL, Map.of("threads", "3"));
        try {
            for (int block = 0; block < 5; block++) {
                loop.applyAsLong(30_000);
                long operations = loop.get().get(SharedCounterBenchmark.COUNTER_OPERATIONS);
                assertTrue(operations >= 10_000, "the calling thread's share at least: " + operations);
            }
        } finally {
            loop.close();
        }
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("contend-interleaved-counter-cas-exponential")),
                "close ends the helpers");
    }

    @Test
    void longAdderHasNoTelemetry() throws Exception {
        try (CounterLoop loop = new CounterLoop(SharedCounterBenchmark.LONG_ADDER, Map.of("threads", "2"))) {
            loop.applyAsLong(20_000);
            assertEquals(Map.of(SharedCounterBenchmark.COUNTER_OPERATIONS, 0L,
                    SharedCounterBenchmark.COUNTER_CAS_FAILURES, 0L, SharedCounterBenchmark.COUNTER_BACKOFF_NANOS, 0L),
                    loop.get(), "LongAdder is not ours: every telemetry count stays 0");
        }
    }

    @Test
    void badParametersAreRefusedWithTheValue() {
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> new CounterLoop(SharedCounterBenchmark.CAS, Map.of("threads", "0")));
        assertTrue(threads.getMessage().contains("0"), threads.getMessage());
        IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
                () -> new CounterLoop(SharedCounterBenchmark.CAS, Map.of("threads", "257")),
                "the lab's --threads allows up to 256");
        assertTrue(many.getMessage().contains("257"), many.getMessage());
        IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class,
                () -> new CounterLoop("nope", Map.of("threads", "2")));
        assertTrue(strategy.getMessage().contains("'nope'"), strategy.getMessage());
    }
}

package io.contend.bench;

import io.contend.bench.alloc.RegionFillBenchmark;
import io.contend.bench.backoff.SharedCounterBenchmark;
import io.contend.bench.queue.QueueBurstCostBenchmark;
import io.contend.bench.queue.QueueThroughputBenchmark;
import io.contend.bench.refcount.RetainReleaseBenchmark;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Param;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The names the lab runs by are defined once, here in bench; this test keeps them true: every
 * {@code *_BENCHMARK} constant names a {@code @Benchmark} method or {@code @Group} of its class, every counter
 * constant names a public field of its {@code @AuxCounters} class, and every list of parameter values is what
 * the {@code @Param} declares.
 */
class VocabularyTest {
    private static final List<Class<?>> BENCHMARKS = List.of(SharedCounterBenchmark.class, RetainReleaseBenchmark.class,
            RegionFillBenchmark.class, QueueThroughputBenchmark.class, QueueBurstCostBenchmark.class,
            io.contend.bench.load.RecordingOverheadBenchmark.class);

    @Test
    void benchmarkConstantsNameBenchmarkMethodsOrGroups() throws Exception {
        int checked = 0;
        for (Class<?> type : BENCHMARKS) {
            for (Field f : type.getFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getName().endsWith("_BENCHMARK")) {
                    String full = (String) f.get(null);
                    assertTrue(full.startsWith(type.getName() + "."), f + " = " + full);
                    String name = full.substring(type.getName().length() + 1);
                    assertTrue(names(type).contains(name), f + " names '" + name + "', which " + type.getSimpleName()
                            + " does not declare as a @Benchmark method or @Group: " + names(type));
                    checked++;
                }
            }
        }
        assertEquals(8, checked);
    }

    @Test
    void counterConstantsNameAuxCounterFields() throws Exception {
        assertFields(SharedCounterBenchmark.Contention.class, SharedCounterBenchmark.COUNTER_OPERATIONS,
                SharedCounterBenchmark.COUNTER_CAS_FAILURES, SharedCounterBenchmark.COUNTER_BACKOFF_NANOS);
        assertFields(RegionFillBenchmark.Counts.class, RegionFillBenchmark.COUNTER_OPERATIONS,
                RegionFillBenchmark.COUNTER_ATOMICS, RegionFillBenchmark.COUNTER_CAS_FAILURES,
                RegionFillBenchmark.COUNTER_WASTE_BYTES, RegionFillBenchmark.COUNTER_RESERVED_BYTES);
        List<String> queueCounters = new ArrayList<>();
        for (Class<?> c : QueueThroughputBenchmark.class.getClasses()) {
            for (Field f : c.getFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && f.getType() == long.class) {
                    queueCounters.add(f.getName());
                }
            }
        }
        assertTrue(queueCounters.containsAll(QueueThroughputBenchmark.COUNTERS), queueCounters.toString());
    }

    @Test
    void valueListsAreTheDeclaredParams() throws Exception {
        assertEquals(SharedCounterBenchmark.STRATEGIES,
                params(SharedCounterBenchmark.class.getField("strategy")));
        assertEquals(RetainReleaseBenchmark.IMPLS, params(RetainReleaseBenchmark.Shared.class.getField("impl")));
        assertEquals(RegionFillBenchmark.STRATEGIES, params(RegionFillBenchmark.Shared.class.getField("strategy")));
    }

    private static List<String> params(Field f) {
        return Arrays.asList(f.getAnnotation(Param.class).value());
    }

    private static void assertFields(Class<?> type, String... names) throws Exception {
        for (String name : names) {
            Field f = type.getField(name);
            assertEquals(long.class, f.getType(), f.toString());
        }
    }

    private static List<String> names(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.isAnnotationPresent(Benchmark.class)) {
                names.add(m.getName());
                Group g = m.getAnnotation(Group.class);
                if (g != null) {
                    names.add(g.value());
                }
            }
        }
        return names;
    }
}

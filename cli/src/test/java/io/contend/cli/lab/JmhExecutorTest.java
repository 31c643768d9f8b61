package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.bench.alloc.RegionFillBenchmark;
import io.contend.cli.results.ResultRecord;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.RunnerException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

class JmhExecutorTest {
    private static final JmhSettings SETTINGS = new JmhSettings(1, 2, 100, 3, 200);

    private static JmhTrial trial(JmhRun run) {
        return new JmhTrial(run, SETTINGS, null, false, s -> s, new JmhExecutor(), () -> { });
    }

    @Test
    void theForkGetsTheBenchmarksJvmArgumentsJmhsHintsAndTheRun() throws Exception {
        JmhRun run = new JmhRun(RegionFillBenchmark.class.getName() + ".allocate", Map.of("strategy", "XADD"), 2);
        List<String> command = JmhExecutor.command(run, SETTINGS, "casFailures", true, Path.of("/tmp/r.tsv"));

        int main = command.indexOf(JmhFork.class.getName());
        assertTrue(main > 0, command::toString);
        List<String> jvm = command.subList(0, main);
        assertTrue(jvm.contains("-Xmx256m"), "the benchmark's @Fork jvmArgsAppend: " + jvm);
        assertTrue(jvm.stream().anyMatch(a -> a.startsWith("-XX:CompileCommandFile=")), "JMH's hints: " + jvm);
        assertEquals(List.of("out=/tmp/r.tsv", "benchmark=" + run.benchmark(), "threads=2", "warmupIterations=2",
                "warmupMs=100", "iterations=3", "iterationMs=200", "profileAllocation=true", "score=casFailures",
                "p.strategy=XADD"), command.subList(main + 1, command.size()));
    }

    @Test
    void aBenchmarkNotInTheJarIsNamed() {
        JmhRun run = new JmhRun("io.contend.NoSuch.benchmark", Map.of(), 1);
        RunnerException e = assertThrows(RunnerException.class,
                () -> JmhExecutor.command(run, SETTINGS, null, false, Path.of("r")));
        assertTrue(e.getMessage().contains("io.contend.NoSuch.benchmark"), e.getMessage());
    }

    @Test
    void theResultFileBecomesTheSample() throws Exception {
        JmhTrial trial = trial(new JmhRun("b.C.m", Map.of(), 2));
        Sample s = JmhExecutor.parse(trial, List.of("threads\t2", "score\t12.5\tns/op", "iterations\t12.0\t13.0",
                "secondary\t\u00b7gc.alloc.rate.norm\t0.25\tB/op"));

        assertEquals(12.5, s.score());
        assertEquals("ns/op", s.unit());
        assertEquals(List.of(12.0, 13.0), s.iterations());
        assertEquals(Map.of("\u00b7gc.alloc.rate.norm", new ResultRecord.Secondary(0.25, "B/op")), s.secondary());
    }

    @Test
    void aForkOfAnotherThreadCountOrWithoutAScoreIsRefused() {
        JmhTrial trial = trial(new JmhRun("b.C.m", Map.of(), 2));
        RunnerException threads = assertThrows(RunnerException.class, () -> JmhExecutor.parse(trial,
                List.of("threads\t4", "score\t1.0\tns/op", "iterations\t1.0")));
        assertTrue(threads.getMessage().contains("4 threads"), threads.getMessage());
        RunnerException noScore = assertThrows(RunnerException.class, () -> JmhExecutor.parse(trial,
                List.of("threads\t2", "iterations\t1.0")));
        assertTrue(noScore.getMessage().contains("no score"), noScore.getMessage());
    }
}

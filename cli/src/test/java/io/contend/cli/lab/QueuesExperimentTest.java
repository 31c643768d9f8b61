package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueuesExperimentTest {
    private final QueuesExperiment experiment = new QueuesExperiment();

    private static final Set<String> LINKED = Set.of("SpscChunked", "SpscGrowable", "SpscUnbounded", "MpscUnbounded");

    @Test
    void throughputRunsEveryQueueAndImplAtEveryChunkAsOneProducerConsumerGroup() {
        List<JmhRun> throughput = runs(LabMode.QUICK, QueuesExperiment.THROUGHPUT);
        // array kinds: 4 impls each; linked kinds: 3 impls x 4 chunks, plus one jdk row for the unbounded ones
        assertEquals(4 + 12 + 12 + 13 + 4 + 13, throughput.size());
        assertEquals(Map.of("queue", "SpscArray", "impl", "contend"), throughput.get(0).params());
        assertEquals(List.of("queue", "impl", "chunk"), List.copyOf(throughput.get(4).params().keySet()));
        assertEquals(Map.of("queue", "SpscChunked", "impl", "contend", "chunk", "128"), throughput.get(4).params());
        assertTrue(throughput.stream().allMatch(r -> r.threads() == 2 && r.labels().isEmpty()));
        for (JmhRun r : throughput) {
            String queue = r.params().get("queue");
            String impl = r.params().get("impl");
            boolean chunked = LINKED.contains(queue) && !impl.equals("jdk");
            assertEquals(chunked, r.params().containsKey("chunk"), r.toString());
        }
        for (String queue : LINKED) {
            for (String impl : List.of("contend", "jctools", "jctools-varhandle")) {
                assertEquals(List.of("128", "16", "1024", "16384"), throughput.stream()
                        .filter(r -> r.params().get("queue").equals(queue) && r.params().get("impl").equals(impl))
                        .map(r -> r.params().get("chunk")).toList(), queue + "/" + impl);
            }
        }
        assertEquals(Set.of("SpscArray", "SpscUnbounded", "MpscArray", "MpscUnbounded"), throughput.stream()
                .filter(r -> r.params().get("impl").equals("jdk")).map(r -> r.params().get("queue"))
                .collect(Collectors.toSet()));
        assertEquals(4, throughput.stream().filter(r -> r.params().get("impl").equals("jdk")).count());
    }

    @Test
    void burstRunsEveryQueueAndImplAtThreeBurstsWithChunk128AndSaysItHasAnEchoThread() {
        List<JmhRun> burst = runs(LabMode.QUICK, QueuesExperiment.BURST);
        assertEquals((4 + 3 + 3 + 4 + 4 + 4) * 3, burst.size());
        assertTrue(burst.stream().allMatch(r -> r.threads() == 1 && r.labels().equals(Map.of("echoThreads", "1"))));
        assertEquals(Set.of("1", "10", "100"), burst.stream().map(r -> r.params().get("burst")).collect(Collectors.toSet()));
        JmhRun chunked = burst.stream().filter(r -> r.params().get("queue").equals("SpscUnbounded")
                && r.params().get("impl").equals("jctools")).findFirst().orElseThrow();
        assertEquals(List.of("queue", "impl", "chunk", "burst", "echoThreads"), List.copyOf(chunked.recordParams().keySet()));
        assertEquals("128", chunked.params().get("chunk"));
        for (JmhRun r : burst) {
            boolean chunkedKind = LINKED.contains(r.params().get("queue")) && !r.params().get("impl").equals("jdk");
            assertEquals(chunkedKind ? "128" : null, r.params().get("chunk"), r.toString());
        }
    }

    @Test
    void quickAndFullPlanTheSameConfigurationsWhateverTheThreadsSmokeAFew() {
        List<JmhRun> quick = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(58 + 66, quick.size());
        assertEquals(quick, experiment.plan(List.of(8), LabMode.QUICK));
        assertEquals(quick, experiment.plan(List.of(1), LabMode.FULL));
        List<JmhRun> smoke = experiment.plan(List.of(1, 2, 4), LabMode.SMOKE);
        assertEquals(22 + 22, smoke.size());
        assertTrue(smoke.stream().allMatch(r -> r.params().getOrDefault("chunk", "128").equals("128")));
        assertTrue(smoke.stream().allMatch(r -> r.params().getOrDefault("burst", "10").equals("10")));
        assertEquals(quick.size(), Set.copyOf(quick).size(), "no configuration twice");
    }

    @Test
    void quickModeFitsInAFewMinutes() {
        assertEquals(new JmhSettings(1, 2, 300, 3, 300), experiment.settings(LabMode.QUICK));
        assertEquals(LabMode.FULL.settings(), experiment.settings(LabMode.FULL));
        assertEquals(LabMode.SMOKE.settings(), experiment.settings(LabMode.SMOKE));
        assertTrue(experiment.table().notes().stream().anyMatch(n -> n.contains("Quick mode: 2 x 0.3 s warm-up, 3 x 0.3 s")));
    }

    @Test
    void throughputScoresMessagesPassedBurstKeepsJmhsPrimary() {
        List<JmhRun> plan = experiment.plan(List.of(2), LabMode.SMOKE);
        assertEquals("pollsMade", experiment.scoreResult(plan.get(0)));
        assertNull(experiment.scoreResult(plan.get(plan.size() - 1)));
    }

    @Test
    void theFourCountersAreTheSecondaryResultsAndBurstHasNone() {
        Map<String, ResultRecord.Secondary> jmh = new HashMap<>();
        jmh.put("throughput_offer", new ResultRecord.Secondary(300, "ops/us"));
        jmh.put("pollsFailed", new ResultRecord.Secondary(4, "ops/us"));
        jmh.put("offersMade", new ResultRecord.Secondary(100, "ops/us"));
        jmh.put("pollsMade", new ResultRecord.Secondary(99, "ops/us"));
        jmh.put("offersFailed", new ResultRecord.Secondary(1, "ops/us"));
        Map<String, ResultRecord.Secondary> derived = experiment.secondary(jmh);
        assertEquals(List.of("offersMade", "offersFailed", "pollsMade", "pollsFailed"), new ArrayList<>(derived.keySet()));
        assertEquals(new ResultRecord.Secondary(99, "ops/us"), derived.get("pollsMade"));
        assertTrue(experiment.secondary(Map.of()).isEmpty());
        assertThrows(IllegalStateException.class,
                () -> experiment.secondary(Map.of("pollsMade", new ResultRecord.Secondary(1, "ops/us"))));
    }

    @Test
    void everyRowComparesWithJctoolsAndTheJdkRowWithJctoolsAtChunk128() {
        List<ResultRecord> records = List.of(
                throughput("SpscUnbounded", "contend", "128", 150),
                throughput("SpscUnbounded", "jctools", "128", 100),
                throughput("SpscUnbounded", "contend", "16", 50),
                throughput("SpscUnbounded", "jctools", "16", 25),
                throughput("SpscUnbounded", "jdk", null, 20),
                new ResultRecord("queues", "throughput", Map.of("queue", "SpscArray", "impl", "jctools"), 2, 100, 1.0,
                        "ops/us", Map.of(), "quick", false),
                new ResultRecord("queues", "throughput", Map.of("queue", "SpscArray", "impl", "jctools-varhandle"), 2,
                        110, 1.0, "ops/us", Map.of(), "quick", false));
        String table = new TableRenderer(2).render(experiment, records);
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(1).contains("vs jctools"), table);
        assertTrue(lines.get(2).contains("1.50x"), table);
        assertTrue(lines.get(4).contains("2.00x"), table);
        assertTrue(lines.get(6).contains("jdk") && lines.get(6).contains(" -  ") && lines.get(6).contains("0.20x"), table);
        assertTrue(lines.get(8).contains("1.10x"), table);
    }

    @Test
    void isRegisteredAfterAllocator() {
        List<String> names = new ExperimentRegistry().all().stream().map(Experiment::name).toList();
        assertEquals(names.indexOf("allocator") + 1, names.indexOf("queues"), names.toString());
        assertTrue(experiment.title().contains("JCTools") && experiment.title().contains("004"));
    }

    private List<JmhRun> runs(LabMode mode, String benchmark) {
        return experiment.plan(List.of(1, 2, 4), mode).stream().filter(r -> r.benchmark().equals(benchmark)).toList();
    }

    private static ResultRecord throughput(String queue, String impl, String chunk, double score) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        params.put("queue", queue);
        params.put("impl", impl);
        if (chunk != null) {
            params.put("chunk", chunk);
        }
        return new ResultRecord("queues", "throughput", params, 2, score, 1.0, "ops/us", Map.of(), "quick", false);
    }
}

package io.contend.cli.lab;

import io.contend.cli.results.Verdict;
import io.contend.cli.InProcess;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LabCommandTest {
    private final InProcess contend = new InProcess();

    private int run(String... args) {
        return contend.run(args);
    }

    @Test
    void listsTheExperiments() {
        assertEquals(0, run("lab", "--list"));
        assertTrue(contend.out().startsWith("backoff "), contend.out());
        assertTrue(contend.out().contains("\nrefcount "), contend.out());
    }

    @Test
    void rejectsAnUnknownExperimentNamingTheKnownOnes() {
        assertEquals(2, run("lab", "nope"));
        assertTrue(contend.err().contains("unknown experiment 'nope'; known: backoff, refcount, allocator, queues"), contend.err());
    }

    @Test
    void rejectsBadThreadCountsWithTheValue() {
        assertEquals(2, run("lab", "--threads", "1,0"));
        assertTrue(contend.err().contains("must be in [1, 256]: 0"), contend.err());
        assertEquals(2, run("lab", "--threads", "two"));
    }

    @Test
    void badRoundsOutAndFiltersAreUsageErrorsNamingTheValue(@TempDir Path dir) throws Exception {
        assertEquals(2, run("lab", "--rounds", "1"));
        assertTrue(contend.err().contains("--rounds must be in [2, 1000]"), contend.err());
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertEquals(2, run("lab", "backoff", "--out-dir", file.toString()));
        assertTrue(contend.err().contains(file + ": exists and is not a directory"), contend.err());
        assertEquals("x", Files.readString(file));
        assertEquals(2, run("lab", "queues", "--where", "queue=Nope", "--out-dir", dir.toString()));
        assertTrue(contend.err().contains("no comparison matches --where {queue=Nope}"), contend.err());
    }

    @Test
    void theHeaderNamesTheRoundSettingsOfExperimentsThatUseTheirOwn() {
        List<Experiment> experiments = List.of(new RefcountExperiment(), new AllocatorExperiment());
        assertEquals(" (refcount: contended: warm-up 2 x 200 ms, measurement 2 x 200 ms, uncontended: 150 ms warm-up "
                + "and 6 x 40 ms blocks per side, 3 copies of each side interleaved in one JVM; allocator: TLAB and "
                + "TLAB_HANDLE warm up 5 x 500 ms)", LabCommand.ownRoundSettings(experiments, LabMode.QUICK));
        assertEquals(" (backoff: 100 ms warm-up and 3 x 20 ms blocks per side, all sides of a comparison interleaved "
                + "in one JVM)", LabCommand.ownRoundSettings(List.of(new BackoffExperiment()), LabMode.SMOKE),
                "an interleaved experiment names its blocks in every mode");
        assertEquals("", LabCommand.ownRoundSettings(List.of(new AffinityExperiment()), LabMode.QUICK),
                "an experiment that does not run JMH has no JMH settings to name");
        assertEquals(" (refcount: contended: the mode's JMH settings, uncontended: 300 ms warm-up and 6 x 100 ms "
                + "blocks per side, 3 copies of each side interleaved in one JVM)",
                LabCommand.ownRoundSettings(experiments, LabMode.FULL));
    }

    @Test
    void modesAreMutuallyExclusive() {
        assertEquals(2, run("lab", "--smoke", "--full"));
        assertTrue(contend.err().contains("mutually exclusive"), contend.err());
    }

    @Test
    void topLevelHelpListsTheCommands() {
        assertEquals(0, run("--help"));
        assertTrue(contend.out().contains("lab") && contend.out().contains("report"), contend.out());
        assertEquals(2, run());
    }

    /** The real thing, end to end: JMH forks, a table, and results.json in the documented schema. */
    @Test
    void smokeRunPrintsTheTableAndWritesResults(@TempDir Path dir) throws Exception {
        assertEquals(0, run("lab", "backoff", "--smoke", "--threads", "2", "--out-dir", dir.toString()), contend.err());
        String table = contend.out();
        assertTrue(table.contains("vs cas") && table.contains("cas-spinYieldPark") && table.contains("longAdder"), table);
        assertTrue(table.contains("95% CI") && table.contains("Verdict") && table.contains("verdicts:"), table);
        assertTrue(table.contains("Report:  " + dir.resolve("index.html").toAbsolutePath()), table);
        assertTrue(Files.readString(dir.resolve("index.html")).contains("id=\"exp-backoff\""), "the report has the experiment");
        JsonObject root = JsonParser.parseString(Files.readString(dir.resolve("results.json"))).getAsJsonObject();
        assertEquals("smoke", root.get("mode").getAsString());
        assertTrue(root.getAsJsonObject("machine").get("cpus").getAsInt() >= 1);
        JsonArray results = root.getAsJsonArray("results");
        assertEquals(6, results.size());
        JsonObject spec = root.getAsJsonObject("experiments").getAsJsonObject("backoff").getAsJsonObject("table");
        assertEquals("strategy", spec.get("compared").getAsString());
        assertEquals("higher", spec.get("direction").getAsString());
        int compared = 0;
        Set<String> strategies = new HashSet<>();
        for (JsonElement e : results) {
            JsonObject r = e.getAsJsonObject();
            assertEquals("backoff", r.get("experiment").getAsString());
            assertEquals(2, r.get("threads").getAsInt());
            assertEquals("ops/us", r.get("unit").getAsString());
            assertTrue(r.get("score").getAsDouble() > 0, r.toString());
            String strategy = r.getAsJsonObject("params").get("strategy").getAsString();
            assertEquals(2, r.get("rounds").getAsInt(), "smoke runs two rounds");
            if (!strategy.equals("cas")) {
                JsonObject comparison = r.getAsJsonObject("comparison");
                assertEquals("cas", comparison.getAsJsonObject("baseline").get("strategy").getAsString());
                assertTrue(comparison.get("ratioLow").getAsDouble() <= comparison.get("ratio").getAsDouble());
                assertTrue(List.of("faster", "slower", "same", "inconclusive").contains(comparison.get("verdict").getAsString()));
                compared++;
            } else {
                assertTrue(r.get("comparison").isJsonNull(), "the baseline is not compared with itself");
            }
            strategies.add(strategy);
            JsonObject secondary = r.getAsJsonObject("secondary");
            if (!strategy.equals("longAdder")) {
                assertTrue(secondary.getAsJsonObject("casFailuresPerOp").get("score").getAsDouble() >= 0, r.toString());
                assertTrue(secondary.getAsJsonObject("backoffNanosPerOp").get("score").getAsDouble() >= 0, r.toString());
            }
            if (strategy.equals("xadd") || strategy.equals("cas")) {
                assertEquals(0.0, secondary.getAsJsonObject("backoffNanosPerOp").get("score").getAsDouble(), r.toString());
            }
        }
        assertEquals(Set.copyOf(io.contend.bench.backoff.SharedCounterBenchmark.STRATEGIES), strategies);
        assertEquals(5, compared);
    }
}

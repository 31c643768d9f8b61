package io.contend.cli.lab;

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
        assertEquals(0, run("lab", "backoff", "--smoke", "--threads", "2", "--out", dir.toString()), contend.err());
        String table = contend.out();
        assertTrue(table.contains("vs cas") && table.contains("cas-spinYieldPark") && table.contains("longAdder"), table);
        assertTrue(table.contains("Report:  " + dir.resolve("index.html").toAbsolutePath()), table);
        assertTrue(Files.readString(dir.resolve("index.html")).contains("id=\"exp-backoff\""), "the report has the experiment");
        JsonObject root = JsonParser.parseString(Files.readString(dir.resolve("results.json"))).getAsJsonObject();
        assertEquals("smoke", root.get("mode").getAsString());
        assertTrue(root.getAsJsonObject("machine").get("cpus").getAsInt() >= 1);
        JsonArray results = root.getAsJsonArray("results");
        assertEquals(6, results.size());
        Set<String> strategies = new HashSet<>();
        for (JsonElement e : results) {
            JsonObject r = e.getAsJsonObject();
            assertEquals("backoff", r.get("experiment").getAsString());
            assertEquals(2, r.get("threads").getAsInt());
            assertEquals("ops/us", r.get("unit").getAsString());
            assertTrue(r.get("score").getAsDouble() > 0, r.toString());
            String strategy = r.getAsJsonObject("params").get("strategy").getAsString();
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
        assertEquals(Set.copyOf(BackoffExperiment.STRATEGIES), strategies);
    }
}

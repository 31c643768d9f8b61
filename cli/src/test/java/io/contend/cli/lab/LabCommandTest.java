package io.contend.cli.lab;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.contend.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LabCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void listsTheExperiments() {
        assertEquals(0, run("lab", "--list"));
        assertTrue(out.toString().startsWith("backoff "), out.toString());
        assertTrue(out.toString().contains("\nrefcount "), out.toString());
    }

    @Test
    void rejectsAnUnknownExperimentNamingTheKnownOnes() {
        assertEquals(2, run("lab", "nope"));
        assertTrue(err.toString().contains("unknown experiment 'nope'; known: backoff, refcount, allocator, queues"), err.toString());
    }

    @Test
    void rejectsBadThreadCountsWithTheValue() {
        assertEquals(2, run("lab", "--threads", "1,0"));
        assertTrue(err.toString().contains("must be in [1, 256]: 0"), err.toString());
        assertEquals(2, run("lab", "--threads", "two"));
    }

    @Test
    void modesAreMutuallyExclusive() {
        assertEquals(2, run("lab", "--smoke", "--full"));
        assertTrue(err.toString().contains("mutually exclusive"), err.toString());
    }

    @Test
    void topLevelHelpListsTheCommands() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("lab") && out.toString().contains("report"), out.toString());
        assertEquals(2, run());
    }

    /** The real thing, end to end: JMH forks, a table, and results.json in the documented schema. */
    @Test
    void smokeRunPrintsTheTableAndWritesResults(@TempDir Path dir) throws Exception {
        assertEquals(0, run("lab", "backoff", "--smoke", "--threads", "2", "--out", dir.toString()), err.toString());
        String table = out.toString();
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

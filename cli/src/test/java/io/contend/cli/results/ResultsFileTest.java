package io.contend.cli.results;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.lab.BackoffExperiment;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsFileTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");

    private static ResultRecord record(String experiment, String strategy, double score) {
        return new ResultRecord(experiment, "increment", Map.of("strategy", strategy), 2, score, 0.5, "ops/us",
                Map.of("casFailuresPerOp", new ResultRecord.Secondary(0.25, "failures/op")), "quick", false, 3, null);
    }

    private static ExperimentInfo info() {
        return new ExperimentInfo("title", "quick", 3, 60, 58, new BackoffExperiment().table());
    }

    @Test
    void writesTheSchemaAndReadsItBack(@TempDir Path dir) throws Exception {
        ResultsFile file = ResultsFile.open(dir, Set.of("backoff"), MACHINE, "smoke", Instant.EPOCH);
        ResultRecord noError = new ResultRecord("backoff", "increment", Map.of("strategy", "cas"), 1, Double.NaN, null,
                "ops/us", Map.of(), "smoke", false, 1, null);
        file.append("backoff", info(), List.of(record("backoff", "xadd", 12.5), noError));
        JsonObject root = JsonParser.parseString(Files.readString(dir.resolve("results.json"))).getAsJsonObject();
        assertEquals(2, root.getAsJsonObject("machine").get("cpus").getAsInt());
        assertEquals("smoke", root.get("mode").getAsString());
        assertEquals("1970-01-01T00:00:00Z", root.get("started").getAsString());
        JsonObject first = root.getAsJsonArray("results").get(0).getAsJsonObject();
        for (String field : List.of("experiment", "benchmark", "params", "threads", "score", "error", "unit", "secondary")) {
            assertTrue(first.has(field), "missing " + field + " in " + first);
        }
        assertEquals("xadd", first.getAsJsonObject("params").get("strategy").getAsString());
        assertEquals(0.25, first.getAsJsonObject("secondary").getAsJsonObject("casFailuresPerOp").get("score").getAsDouble());
        JsonObject second = root.getAsJsonArray("results").get(1).getAsJsonObject();
        assertTrue(second.get("score").isJsonNull(), "NaN has no JSON form: " + second);
        assertTrue(second.get("error").isJsonNull());
        List<ResultRecord> back = ResultsFile.read(dir.resolve("results.json"));
        assertEquals(record("backoff", "xadd", 12.5), back.get(0));
        assertEquals(ResultsFile.SCHEMA_VERSION, root.get("schemaVersion").getAsInt());
        assertTrue(root.getAsJsonObject("experiments").getAsJsonObject("backoff").has("table"));
        assertTrue(Double.isNaN(back.get(1).score()));
    }

    @Test
    void aNewRunReplacesOnlyTheExperimentsItRuns(@TempDir Path dir) throws Exception {
        ResultsFile first = ResultsFile.open(dir, Set.of("backoff", "other"), MACHINE, "quick", Instant.EPOCH);
        first.append("backoff", info(), List.of(record("backoff", "cas", 1)));
        first.append("other", info(), List.of(record("other", "cas", 2)));
        ResultsFile.open(dir, Set.of("backoff"), MACHINE, "quick", Instant.now())
                .append("backoff", info(), List.of(record("backoff", "cas", 3)));
        ResultsFile.Contents contents = ResultsFile.readContents(dir.resolve("results.json"));
        assertEquals(List.of(record("other", "cas", 2), record("backoff", "cas", 3)), contents.records());
        assertEquals(Set.of("backoff", "other"), contents.experiments().keySet());
        assertEquals(info(), contents.experiments().get("other"), "the table spec round-trips");
    }

    @Test
    void aComparisonRoundTripsWithTheDocumentedFields(@TempDir Path dir) throws Exception {
        ComparisonResult c = Judge.comparison(Map.of("strategy", "cas"),
                io.contend.cli.analysis.RatioEstimate.ofRatios(new double[] {1.2, 1.3, 1.25}, 0.95), 0.05,
                io.contend.cli.results.Direction.HIGHER);
        ResultRecord compared = new ResultRecord("backoff", "increment", Map.of("strategy", "xadd"), 2, 10, 1.0,
                "ops/us", Map.of(), "quick", false, 3, c);
        ResultsFile.open(dir, Set.of("backoff"), MACHINE, "quick", Instant.EPOCH)
                .append("backoff", info(), List.of(compared));
        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("results.json"))).getAsJsonObject()
                .getAsJsonArray("results").get(0).getAsJsonObject().getAsJsonObject("comparison");
        for (String field : List.of("baseline", "ratio", "ratioLow", "ratioHigh", "confidence", "rounds", "verdict")) {
            assertTrue(json.has(field), "missing " + field + " in " + json);
        }
        assertEquals("faster", json.get("verdict").getAsString());
        assertEquals("cas", json.getAsJsonObject("baseline").get("strategy").getAsString());
        assertEquals(compared, ResultsFile.read(dir.resolve("results.json")).get(0));
    }

    @Test
    void anUnreadableFileIsMovedAsideNotLost(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{ not json");
        ResultsFile.open(dir, Set.of("backoff"), MACHINE, "quick", Instant.EPOCH).append("backoff", info(), List.of());
        assertEquals("{ not json", Files.readString(dir.resolve("results.json.unreadable")));
        assertEquals(List.of(), ResultsFile.read(dir.resolve("results.json")));
    }
}

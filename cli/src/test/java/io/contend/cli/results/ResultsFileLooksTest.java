package io.contend.cli.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The looks of a run in results.json, and a file reopened to add rounds to one of its runs. */
class ResultsFileLooksTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "vm", "os");
    private static final TableSpec SPEC = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(),
            List.of());
    private static final String RECORD = "{\"experiment\": \"e\", \"benchmark\": \"b\", \"params\": {}, \"threads\": 1,"
            + " \"score\": 1.5, \"error\": null, \"unit\": \"ops/us\", \"secondary\": {}, \"rounds\": 3%s}";

    private static RunInfo run(String id, String started) {
        return new RunInfo(id, "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE, Map.of(), "quick", started,
                started);
    }

    private static ResultRecord record(String experiment, String impl, List<Double> samples, String run,
                                       List<Integer> looks) {
        return new ResultRecord(experiment, "bench", Map.of("impl", impl), 2, 1, null, "ops/us", Map.of(), "quick",
                false, samples.size(), null, samples, run, looks);
    }

    private static ExperimentInfo info(int rounds) {
        return new ExperimentInfo("title", "quick", rounds, 60, 50, SPEC);
    }

    private static ResultsFile.Contents read(Path dir, String json) throws IOException {
        Files.writeString(dir.resolve(ResultsFile.NAME), json);
        return ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
    }

    @Test
    void looksAreWrittenAndReadBack(@TempDir Path dir) throws Exception {
        ResultsFile f = ResultsFile.open(dir, Set.of("x"), run("r1", "2026-11-26T00:00:00Z"));
        ResultRecord continued = record("x", "a", List.of(1.0, 2.0, 3.0, 4.0, 5.0), "r1", List.of(2, 5));
        ResultRecord planned = new ResultRecord("x", "bench", Map.of("impl", "b"), 2, 1, null, "ops/us", Map.of(),
                "quick", false, 3, null, List.of(1.0, 2.0, 3.0), "r1");
        f.append("x", info(5), List.of(continued, planned));
        JsonObject root = JsonParser.parseString(Files.readString(dir.resolve(ResultsFile.NAME))).getAsJsonObject();
        JsonArray results = root.getAsJsonArray("results");
        assertEquals("[2,5]", results.get(0).getAsJsonObject().get("looks").toString());
        assertEquals("[3]", results.get(1).getAsJsonObject().get("looks").toString(), "a fixed plan is one look");
        assertEquals(ResultsFile.SCHEMA_VERSION, root.get("schemaVersion").getAsInt());
        List<ResultRecord> back = ResultsFile.read(dir.resolve(ResultsFile.NAME));
        assertEquals(List.of(continued, planned), back);
    }

    @Test
    void aRecordWithoutLooksIsOneLookAtItsRounds(@TempDir Path dir) throws Exception {
        ResultsFile.Contents c = read(dir, "{\"schemaVersion\": 3, \"results\": [" + RECORD.formatted("") + "]}");
        assertEquals(List.of(3), c.records().get(0).looks());
    }

    @Test
    void looksThatDoNotIncreaseToTheRoundsAreRefusedWithTheirValue(@TempDir Path dir) {
        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> read(dir,
                "{\"results\": [" + RECORD.formatted(", \"looks\": [2, 2, 3]") + "]}"));
        assertTrue(e.reason().contains("looks must increase strictly from 1: [2, 2, 3]"), e.reason());
        e = assertThrows(ResultsFormatException.class, () -> read(dir,
                "{\"results\": [" + RECORD.formatted(", \"looks\": [2, 4]") + "]}"));
        assertTrue(e.reason().contains("the last look must end at the record's 3 rounds: [2, 4]"), e.reason());
        e = assertThrows(ResultsFormatException.class, () -> read(dir,
                "{\"results\": [" + RECORD.formatted(", \"looks\": [1.5, 3]") + "]}"));
        assertTrue(e.reason().contains("results[0].looks[0] is 1.5, not an integer from 1"), e.reason());
    }

    @Test
    void schema2FilesStillReadAsRunsOfOneLook() throws Exception {
        ResultsFile.Contents c = SchemaFixtures.read("schema2-refcount.json");
        assertEquals(2, c.schemaVersion());
        assertTrue(c.records().stream().allMatch(r -> r.looks().equals(List.of(r.rounds()))), c.records().toString());
    }

    @Test
    void aReopenedFileReplacesOneExperimentInPlaceAndKeepsTheRest(@TempDir Path dir) throws Exception {
        ResultsFile first = ResultsFile.open(dir, Set.of("x", "y"), run("r1", "2026-11-26T00:00:00Z"));
        first.append("x", info(2), List.of(record("x", "a", List.of(1.0, 2.0), "r1", List.of(2))));
        first.append("y", info(2), List.of(record("y", "a", List.of(3.0, 4.0), "r1", List.of(2))));
        ResultsFile second = ResultsFile.open(dir, Set.of("z"), run("r2", "2026-11-27T00:00:00Z"));
        second.append("z", info(2), List.of(record("z", "a", List.of(5.0, 6.0), "r2", List.of(2))));

        ResultsFile reopened = ResultsFile.reopen(dir);
        ResultRecord more = record("x", "a", List.of(1.0, 2.0, 7.0, 8.0), "r1", List.of(2, 4));
        reopened.replace("x", run("r1", "2026-11-26T00:00:00Z"), info(4), List.of(more));
        ResultsFile.Contents c = ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
        assertEquals(List.of("x", "y", "z"), c.records().stream().map(ResultRecord::experiment).toList());
        assertEquals(more, c.records().get(0));
        assertEquals(4, c.experiments().get("x").rounds());
        assertEquals(Set.of("r1", "r2"), c.runs().keySet());
        assertTrue(!c.runs().get("r1").ended().equals("2026-11-26T00:00:00Z"), "the continued run ends now: " + c.runs());
        assertEquals("2026-11-27T00:00:00Z", c.started(), "the file's latest run is still the latest");
        assertEquals(MACHINE, c.machine());

        IllegalStateException noRun = assertThrows(IllegalStateException.class,
                () -> reopened.append("w", info(1), List.of()));
        assertTrue(noRun.getMessage().contains("reopened"), noRun.getMessage());
        IllegalArgumentException otherRun = assertThrows(IllegalArgumentException.class,
                () -> reopened.replace("y", run("r2", "x"), info(2), c.records().subList(1, 2)));
        assertTrue(otherRun.getMessage().contains("in run r1 cannot replace records of y in run r2"),
                otherRun.getMessage());
    }

    @Test
    void reopeningAMissingFileFailsAndCreatesNothing(@TempDir Path dir) {
        assertThrows(NoSuchFileException.class, () -> ResultsFile.reopen(dir));
        assertTrue(!Files.exists(dir.resolve(ResultsFile.NAME)));
    }
}

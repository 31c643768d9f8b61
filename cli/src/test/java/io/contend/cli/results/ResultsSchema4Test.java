package io.contend.cli.results;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schema 4: each round's JMH iterations are kept, and notes are paragraphs; schema 3 files still read. */
class ResultsSchema4Test {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "OpenJDK", "Linux");
    private static final TableSpec SPEC = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(),
            List.of("First paragraph, long enough that a terminal wraps it.", "Second paragraph."));

    @Test
    void iterationsAndParagraphNotesSurviveTheFile(@TempDir Path dir) throws Exception {
        RunInfo run = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE, Map.of(), "quick",
                "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");
        List<List<Double>> iterations = List.of(List.of(1.0, 3.0), List.of(2.0, 2.0, 2.0));
        ResultRecord record = new ResultRecord("x", "bench", Map.of("impl", "a"), 2, 2, null, "ops/us", Map.of(),
                "quick", false, 2, null, List.of(2.0, 2.0), "r1", List.of(2), iterations);
        ResultsFile file = ResultsFile.open(dir, Set.of("x"), run);
        file.append("x", new ExperimentInfo("title", "quick", 2, 60, 50, SPEC), List.of(record));

        ResultsFile.Contents back = ResultsFile.readContents(file.path());
        assertEquals(ResultsFile.SCHEMA_VERSION, back.schemaVersion());
        assertEquals(iterations, back.records().get(0).iterations());
        assertEquals(SPEC.notes(), back.experiments().get("x").table().notes(), "paragraphs stay paragraphs");
    }

    @Test
    void iterationsMustBeKeptForEveryRoundOrNone() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ResultRecord("x", "bench",
                Map.of("impl", "a"), 2, 2, null, "ops/us", Map.of(), "quick", false, 2, null, List.of(2.0, 2.0), "r1",
                List.of(2), List.of(List.of(1.0))));
        assertTrue(e.getMessage().contains("iterations of 1 rounds for 2 samples"), e.getMessage());
    }

    @Test
    void aSchema3FileReadsWithItsWrappedNotesAsOneParagraphAndNoIterations() throws Exception {
        ResultsFile.Contents c = SchemaFixtures.read("schema3-refcount.json");
        assertEquals(3, c.schemaVersion());
        List<String> notes = c.experiments().get("refcount").table().notes();
        assertEquals(1, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("contend's RefCountUpdater on the object's own field"), notes.get(0));
        assertEquals(6, c.records().size());
        assertTrue(c.records().stream().allMatch(r -> r.iterations().isEmpty() && r.samples().size() == 6
                && r.run() != null), c.records().toString());
    }
}

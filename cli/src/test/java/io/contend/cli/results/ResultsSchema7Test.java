package io.contend.cli.results;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.Rejudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schema 7: a compare of two JMH files keeps each side's forks, marked unpaired. */
class ResultsSchema7Test {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "OpenJDK", "Linux");
    private static final RunInfo RUN = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE,
            Map.of(), "compare", "2026-11-28T00:00:00Z", "2026-11-28T00:01:00Z");

    private static ResultRecord forks(String build, List<Double> forks, ComparisonResult comparison) {
        return new ResultRecord("compare", "B.m", Map.of("build", build), 1, 1, null, "ns/op", Map.of(), "compare",
                false, forks.size(), comparison, forks, "r1", List.of(forks.size()), List.of(), null, List.of(), true);
    }

    @Test
    void theUnpairedMarkSurvivesTheFileAndEachSideKeepsItsOwnForks(@TempDir Path dir) throws Exception {
        ComparisonResult c = new ComparisonResult(Map.of("build", "baseline"), 0.8, 0.7, 0.9, 0.95, 2,
                Verdict.SLOWER, Judge.MARGIN, Direction.LOWER, null);
        ResultsFile file = ResultsFile.open(dir, Set.of("compare"), RUN);
        TableSpec spec = new TableSpec(List.of("build"), "build", "baseline", Direction.LOWER, List.of(),
                List.of("notes"));
        file.append("compare", new ExperimentInfo("compare", "compare", 3, 0, 0, spec),
                List.of(forks("baseline", List.of(10.0, 11.0, 10.5), null),
                        forks("candidate", List.of(13.0, 12.5), c)));

        ResultsFile.Contents back = ResultsFile.readContents(file.path());
        assertEquals(7, back.schemaVersion());
        assertTrue(back.records().get(0).unpaired());
        assertEquals(List.of(13.0, 12.5), back.records().get(1).samples());
        assertEquals(2, back.records().get(1).rounds(), "its rounds are its own forks");
    }

    @Test
    void independentForksHaveNoPositionsInARound() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ResultRecord("compare",
                "B.m", Map.of(), 1, 1, null, "ns/op", Map.of(), "compare", false, 2, null, List.of(1.0, 2.0), "r1",
                List.of(2), List.of(), null, List.of(0, 1), true));
        assertTrue(e.getMessage().contains("independent forks have no positions"), e.getMessage());
    }

    /**
     * The previous schema's fixture: `contend compare` of two JMH files (RetainReleaseBenchmark, EVEN_ODD, NETTY and
     * EVEN_ODD_HOLDER contended at delay 1, 8 and 12 forks) as schema 6 wrote it, each side's mean without its forks.
     * It reads, nothing in it is marked unpaired, and its comparisons keep their stored verdicts, which the notes
     * say in one line.
     */
    @Test
    void aSchema6UnpairedCompareReadsAndKeepsItsStoredVerdicts() throws Exception {
        ResultsFile.Contents c = SchemaFixtures.read("schema6-compare-unpaired.json");
        assertEquals(6, c.schemaVersion());
        assertEquals(6, c.records().size());
        for (ResultRecord r : c.records()) {
            assertFalse(r.unpaired(), r.params().toString());
            assertEquals(List.of(), r.samples(), "schema 6 kept means only");
        }
        Rejudge.Result again = Rejudge.of(List.of(c), 0.02);
        for (int i = 0; i < c.records().size(); i++) {
            assertEquals(c.records().get(i).comparison(), again.records().get(i).comparison(),
                    "kept as stored: " + c.records().get(i).params());
        }
        String note = again.notes().stream().filter(n -> n.contains("keep their stored verdict")).findFirst()
                .orElseThrow(() -> new AssertionError(again.notes().toString()));
        assertTrue(note.startsWith("3 comparison(s)"), note);
        assertTrue(note.contains("a compare of two JMH files older than version 7"), note);
        assertFalse(note.contains("\n"), note);
    }
}

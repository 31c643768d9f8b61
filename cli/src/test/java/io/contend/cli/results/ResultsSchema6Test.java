package io.contend.cli.results;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.MetricView;
import io.contend.cli.analysis.Rejudge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schema 6: every secondary result keeps its value per round, every record where it ran in each round. */
class ResultsSchema6Test {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "OpenJDK", "Linux");
    private static final TableSpec SPEC = new TableSpec(List.of("build"), "build", "jdk", Direction.LOWER, List.of(),
            List.of("notes"));
    private static final RunInfo RUN = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE,
            Map.of(), "quick", "2026-11-27T00:00:00Z", "2026-11-27T00:01:00Z");

    private static ResultRecord record(List<Double> cpuRounds, List<Integer> positions) {
        Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
        secondary.put("pathCpuUsPerOp", new ResultRecord.Secondary(2, "us/op", cpuRounds));
        secondary.put("flushes", new ResultRecord.Secondary(7, "flushes"));
        return new ResultRecord("writepath", "fixedRate", Map.of("build", "jdk"), 4, 1, null, "ms", secondary,
                "quick", true, 3, null, List.of(1.0, 1.0, 1.0), "r1", List.of(3), List.of(), null, positions);
    }

    @Test
    void secondaryRoundsAndPositionsSurviveTheFile(@TempDir Path dir) throws Exception {
        ResultsFile file = ResultsFile.open(dir, Set.of("writepath"), RUN);
        file.append("writepath", new ExperimentInfo("title", "quick", 3, 60, 50, SPEC),
                List.of(record(Arrays.asList(1.5, Double.NaN, 2.5), List.of(0, 2, 1))));

        ResultsFile.Contents back = ResultsFile.readContents(file.path());
        assertEquals(ResultsFile.SCHEMA_VERSION, back.schemaVersion());
        ResultRecord r = back.records().get(0);
        assertEquals(Arrays.asList(1.5, Double.NaN, 2.5), r.secondary().get("pathCpuUsPerOp").rounds(),
                "a round that could not measure it stays a round, as NaN");
        assertEquals(List.of(), r.secondary().get("flushes").rounds(), "a result kept without rounds reads so");
        assertEquals(List.of(0, 2, 1), r.positions());
    }

    @Test
    void roundsAndPositionsMustCoverEverySample() {
        IllegalArgumentException rounds = assertThrows(IllegalArgumentException.class,
                () -> record(List.of(1.0, 2.0), List.of()));
        assertTrue(rounds.getMessage().contains("secondary pathCpuUsPerOp has 2 rounds for 3 samples"),
                rounds.getMessage());
        IllegalArgumentException positions = assertThrows(IllegalArgumentException.class,
                () -> record(List.of(), List.of(0)));
        assertTrue(positions.getMessage().contains("positions of 1 rounds for 3 samples"), positions.getMessage());
    }

    /**
     * The previous schema's fixture: the refcount records of a quick run (`./contend lab`, 6 rounds). It reads,
     * its comparisons judge again as stored, and a question about a secondary result says in one line why the
     * file cannot answer it.
     */
    @Test
    void aSchema5FileReadsJudgesAsStoredAndSaysWhyItHasNoSecondaryRounds() throws Exception {
        ResultsFile.Contents c = SchemaFixtures.read("schema5-refcount.json");
        assertEquals(5, c.schemaVersion());
        assertEquals(6, c.records().size());
        for (ResultRecord r : c.records()) {
            assertEquals(List.of(), r.positions(), r.params().toString());
            r.secondary().values().forEach(s -> assertEquals(List.of(), s.rounds()));
        }
        Rejudge.Result again = Rejudge.of(List.of(c), Judge.MARGIN);
        int judged = 0;
        for (int i = 0; i < c.records().size(); i++) {
            ComparisonResult stored = c.records().get(i).comparison();
            if (stored != null) {
                ComparisonResult now = again.records().get(i).comparison();
                assertEquals(stored.verdict(), now.verdict(), c.records().get(i).params().toString());
                assertEquals(stored.ratio(), now.ratio(), 1e-9);
                judged++;
            }
        }
        assertEquals(4, judged);
        IllegalArgumentException why = assertThrows(IllegalArgumentException.class,
                () -> MetricView.of(c, "p50Ms"));
        assertTrue(why.getMessage().contains("written before schema version 6"), why.getMessage());
        assertTrue(!why.getMessage().contains("\n"), why.getMessage());
    }
}

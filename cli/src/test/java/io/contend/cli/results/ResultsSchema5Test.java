package io.contend.cli.results;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.Rejudge;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Schema 5: a percentile's latencies are kept in blocks per round; schema 4 files still read and judge. */
class ResultsSchema5Test {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "OpenJDK", "Linux");
    private static final TableSpec SPEC = new TableSpec(List.of("build"), "build", "jdk", Direction.LOWER, List.of(),
            List.of("notes"));
    private static final RunInfo RUN = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE,
            Map.of(), "quick", "2026-11-26T00:00:00Z", "2026-11-26T00:01:00Z");

    private static Histogram block(long... values) {
        Histogram h = new Histogram(3);
        for (long v : values) {
            h.recordValue(v);
        }
        return h;
    }

    private static ResultRecord record(LatencyBlocks latency, int rounds) {
        return new ResultRecord("writepath", "fixedRate", Map.of("build", "jdk"), 4, 1, null, "ms", Map.of(), "quick",
                true, rounds, null, java.util.Collections.nCopies(rounds, 1.0), "r1", List.of(rounds), List.of(),
                latency);
    }

    @Test
    void latencyBlocksSurviveTheFile(@TempDir Path dir) throws Exception {
        List<List<Histogram>> rounds = List.of(List.of(block(100, 200, 5_000_000), block(150)),
                List.of(block(120, 130), block(1_000_000_000L)));
        ResultsFile file = ResultsFile.open(dir, Set.of("writepath"), RUN);
        file.append("writepath", new ExperimentInfo("title", "quick", 2, 60, 50, SPEC),
                List.of(record(LatencyBlocks.of(99, rounds), 2)));

        ResultsFile.Contents back = ResultsFile.readContents(file.path());
        assertEquals(ResultsFile.SCHEMA_VERSION, back.schemaVersion());
        LatencyBlocks latency = back.records().get(0).latency();
        assertEquals(99, latency.percentile());
        List<List<Histogram>> decoded = latency.decode();
        for (int r = 0; r < rounds.size(); r++) {
            for (int b = 0; b < rounds.get(r).size(); b++) {
                assertEquals(rounds.get(r).get(b), decoded.get(r).get(b), "round " + r + " block " + b);
            }
        }
        assertEquals("p99 blocks of 2 rounds", latency.toString());
    }

    @Test
    void aBlockThatDoesNotDecodeIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        ResultsFile file = ResultsFile.open(dir, Set.of("writepath"), RUN);
        file.append("writepath", new ExperimentInfo("title", "quick", 1, 60, 50, SPEC),
                List.of(record(new LatencyBlocks(99, List.of(List.of(LatencyBlocks.encode(block(5))))), 1)));
        String json = Files.readString(file.path());
        String encoded = LatencyBlocks.encode(block(5));
        String head = encoded.substring(0, 8); // the cookie; Gson escapes the padding, so not the whole string
        assertTrue(json.contains(head), json);
        Files.writeString(file.path(), json.replace(head, "AAAAAAAA"));
        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsFile.readContents(file.path()));
        assertTrue(e.getMessage().contains("latency block 0 of round 0"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void blocksMustBeKeptForEveryRoundAndAPercentileInRange() {
        IllegalArgumentException rounds = assertThrows(IllegalArgumentException.class,
                () -> record(LatencyBlocks.of(99, List.of(List.of(block(1)))), 2));
        assertTrue(rounds.getMessage().contains("latency blocks of 1 rounds for 2 samples"), rounds.getMessage());
        IllegalArgumentException percentile = assertThrows(IllegalArgumentException.class,
                () -> new LatencyBlocks(100, List.of()));
        assertTrue(percentile.getMessage().contains("100"), percentile.getMessage());
        IllegalArgumentException append = assertThrows(IllegalArgumentException.class,
                () -> new LatencyBlocks(99, List.of()).append(new LatencyBlocks(50, List.of())));
        assertTrue(append.getMessage().contains("p50") && append.getMessage().contains("p99"), append.getMessage());
    }

    /** The previous schema's fixture: a quick run's write path, whose percentiles were judged by the t interval. */
    @Test
    void aSchema4FileReadsAndItsPercentilesAreJudgedFromTheirSamplesAsStored() throws Exception {
        ResultsFile.Contents c = SchemaFixtures.read("schema4-writepath.json");
        assertEquals(4, c.schemaVersion());
        assertEquals(10, c.records().size());
        c.records().forEach(r -> assertNull(r.latency(), r.params().toString()));
        Rejudge.Result again = Rejudge.of(List.of(c), Judge.MARGIN);
        for (int i = 0; i < c.records().size(); i++) {
            ComparisonResult stored = c.records().get(i).comparison();
            ComparisonResult judged = again.records().get(i).comparison();
            if (stored != null) {
                assertEquals(stored.verdict(), judged.verdict(), c.records().get(i).params().toString());
                assertEquals(stored.ratioLow(), judged.ratioLow(), 1e-9);
            }
        }
        assertTrue(again.notes().stream().noneMatch(n -> n.contains("bootstrap")), again.notes().toString());
    }
}

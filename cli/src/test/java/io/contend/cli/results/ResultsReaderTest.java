package io.contend.cli.results;

import io.contend.cli.lab.Experiment;
import io.contend.cli.lab.ExperimentRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading results.json written by hand or by an attacker: what is read, and what is refused in one line. */
class ResultsReaderTest {
    private static final String RECORD = "{\"experiment\": \"e\", \"benchmark\": \"b\", \"params\": %s, \"threads\": 1,"
            + " \"score\": 1.5, \"error\": null, \"unit\": \"ops/us\", \"secondary\": {}}";

    private static ResultsFile.Contents read(Path dir, String json) throws Exception {
        Path file = dir.resolve(ResultsFile.NAME);
        Files.writeString(file, json);
        return ResultsFile.readContents(file);
    }

    private static String refused(Path dir, String json) {
        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> read(dir, json));
        assertEquals(dir.resolve(ResultsFile.NAME), e.file());
        assertTrue(e.getMessage().startsWith(dir.resolve(ResultsFile.NAME) + " is not a contend results file: "),
                e.getMessage());
        assertTrue(!e.getMessage().contains("\n") && e.getMessage().length() < 400, "one short line: " + e.getMessage());
        return e.reason();
    }

    @Test
    void everyTableTheLabWritesReadsBack(@TempDir Path dir) throws Exception {
        // The secondary columns' formats come from the experiments: each must be in the allowed set.
        ResultsFile file = ResultsFile.open(dir, Set.of(), new MachineInfo(2, "17", "vm", "os"), "quick",
                Instant.EPOCH);
        List<Experiment> all = new ExperimentRegistry().all();
        for (Experiment e : all) {
            file.append(e.name(), new ExperimentInfo(e.title(), "quick", 3, 60, 58, e.table()), List.of());
        }
        Map<String, ExperimentInfo> back = ResultsFile.readContents(file.path()).experiments();
        assertEquals(all.size(), back.size());
        for (Experiment e : all) {
            assertEquals(e.table(), back.get(e.name()).table(), e.name());
        }
    }

    @Test
    void nestingUpToTheLimitIsReadAndOneLevelMoreIsRefused(@TempDir Path dir) throws Exception {
        int inner = BoundedJson.MAX_DEPTH - 1; // under the root object
        String ok = "{\"results\": [], \"extra\": " + "[".repeat(inner) + "]".repeat(inner) + "}";
        assertEquals(List.of(), read(dir, ok).records());
        String deeper = "{\"results\": [], \"extra\": " + "[".repeat(inner + 1) + "]".repeat(inner + 1) + "}";
        assertEquals("arrays and objects nest more than 64 deep", refused(dir, deeper));
    }

    @Test
    void valuesUpToTheLimitAreReadAndOneMoreIsRefused(@TempDir Path dir) throws Exception {
        // The root object, the results array and the extra array are three values.
        int zeros = BoundedJson.MAX_VALUES - 3;
        String ok = "{\"results\": [], \"extra\": [" + "0,".repeat(zeros - 1) + "0]}";
        assertEquals(List.of(), read(dir, ok).records());
        String more = "{\"results\": [], \"extra\": [" + "0,".repeat(zeros) + "0]}";
        assertEquals("it holds more than 1000000 values", refused(dir, more));
    }

    @Test
    void numbersInParametersKeepTheirText(@TempDir Path dir) throws Exception {
        ResultRecord r = read(dir, "{\"results\": [" + String.format(RECORD, "{\"chunk\": 4, \"rate\": 1.50}") + "]}")
                .records().get(0);
        assertEquals(Map.of("chunk", "4", "rate", "1.50"), r.params());
    }

    @Test
    void surrogatePairsStayAndLoneSurrogateEscapesAreRefused(@TempDir Path dir) throws Exception {
        ResultRecord r = read(dir, "{\"results\": [" + String.format(RECORD, "{\"pair\": \"\\ud83d\\ude00\"}") + "]}")
                .records().get(0);
        assertEquals(Map.of("pair", "\uD83D\uDE00"), r.params());
        for (String lone : List.of("{\"a\\udc00\": \"x\"}", "{\"a\": \"x\\ud800y\"}", "{\"end\": \"z\\ud83d\"}")) {
            ResultsFormatException e = assertThrows(ResultsFormatException.class,
                    () -> read(dir, "{\"results\": [" + String.format(RECORD, lone) + "]}"));
            assertTrue(e.reason().contains("unpaired surrogate"), lone + ": " + e.reason());
        }
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedWithTheirOffset(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(ResultsFile.NAME);
        Files.write(file, new byte[] {'{', ' ', '"', 'a', (byte) 0xc3, '"', ':', '1', '}'});
        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> ResultsFile.readContents(file));
        assertEquals("not UTF-8 text: malformed byte at offset 4", e.reason());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"results\": []} {}", "{\"results\": [NaN]}", "{\"results\": [], // no comments\n}",
            "{'results': []}", ""})
    void onlyStrictJsonIsRead(String json, @TempDir Path dir) {
        assertTrue(refused(dir, json).startsWith("not JSON: "), json);
    }

    @Test
    void aTopLevelThatIsNotAnObjectIsNamed(@TempDir Path dir) {
        assertEquals("the top level is an array, not an object", refused(dir, "[1]"));
        assertEquals("the top level has no \"results\"", refused(dir, "{}"));
    }

    @Test
    void aLongOrMultiLineValueIsShownShortAndOnOneLine(@TempDir Path dir) {
        String unit = "line\n".repeat(1000);
        String reason = refused(dir, "{\"results\": [" + String.format(RECORD, "{}").replace("\"threads\": 1",
                "\"threads\": \"" + unit.replace("\n", "\\n") + "\"") + "]}");
        assertEquals("results[0].threads is \"line\\u000aline\\u000aline\\u000aline\\u000aline\\u000aline\\u000aline"
                + "\\u000aline\\u000a…\", not an integer from 1 to 2147483647", reason);
    }

    @Test
    void aMissingFieldIsNamedWithItsObject(@TempDir Path dir) {
        assertEquals("results[0] has no \"unit\"",
                refused(dir, "{\"results\": [" + String.format(RECORD, "{}").replace("\"unit\": \"ops/us\",", "") + "]}"));
        assertEquals("results[0].params.n is null",
                refused(dir, "{\"results\": [" + String.format(RECORD, "{\"n\": null}") + "]}"));
    }

    @Test
    void theColumnFormatsAreAFixedSet() {
        for (int decimals = 0; decimals <= 9; decimals++) {
            TableSpec.Column c = new TableSpec.Column("n", "h", "%." + decimals + "f");
            assertEquals(decimals, c.decimals());
            assertEquals(String.format(java.util.Locale.ROOT, "%." + decimals + "f", Math.PI), c.render(Math.PI));
        }
        for (String format : List.of("%.10f", "%5.1f", "%2000000000.1f", "%d", "%s", "%.3e", "%.3f%n", "%%", "",
                ".3f", "%.3F", "%.3fx", "%.٣f")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new TableSpec.Column("n", "h", format), format);
            assertTrue(e.getMessage().endsWith(", not " + format), e.getMessage());
        }
    }

    @Test
    void aComparisonMustPlaceItsRatioOnALogAxis() {
        for (double ratio : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ComparisonResult(
                    Map.of(), ratio, null, null, 0.95, 3, Verdict.SAME, 0.05, Direction.HIGHER, null));
            assertEquals("ratio must be finite and above 0: " + ratio, e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new ComparisonResult(Map.of(), 1, 1.1, 1.2, 0.95, 3,
                Verdict.SAME, 0.05, Direction.HIGHER, null), "the interval must hold the ratio");
        assertThrows(IllegalArgumentException.class, () -> new ComparisonResult(Map.of(), 1, 0.9, null, 0.95, 3,
                Verdict.SAME, 0.05, Direction.HIGHER, null), "both ends or neither");
        assertThrows(IllegalArgumentException.class, () -> new ComparisonResult(Map.of(), 1, null, null, 0.95, 3,
                Verdict.SAME, -0.05, Direction.HIGHER, null), "a negative margin");
    }

    @Test
    void unknownFieldsAreIgnoredSoANewerFileStillReads(@TempDir Path dir) throws Exception {
        ResultsFile.Contents c = read(dir, "{\"schemaVersion\": 2, \"future\": {\"x\": [1]}, \"results\": ["
                + String.format(RECORD, "{}").replace("\"threads\"", "\"novel\": true, \"threads\"") + "]}");
        assertEquals("b", c.records().get(0).benchmark());
    }
}

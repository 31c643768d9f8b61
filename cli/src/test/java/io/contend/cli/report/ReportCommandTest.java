package io.contend.cli.report;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.contend.cli.InProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {
    private final InProcess contend = new InProcess();

    private int run(String... args) {
        return contend.run(args);
    }

    @Test
    void rendersTheReportOfADirectory(@TempDir Path dir) throws Exception {
        HtmlReportTest.fixture(dir);
        assertEquals(0, run("report", dir.toString()), contend.err());
        assertTrue(contend.out().contains("Report: " + dir.resolve("index.html").toAbsolutePath()), contend.out());
        assertTrue(Files.readString(dir.resolve("index.html")).contains("id=\"exp-refcount\""));
    }

    @Test
    void aDirectoryWithoutResultsIsAClearUsageError(@TempDir Path dir) {
        assertEquals(2, run("report", dir.toString()));
        assertTrue(contend.err().contains("no results.json in " + dir.toAbsolutePath()), contend.err());
    }

    @Test
    void aFileThatIsNotResultsIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"something\": 1}");
        assertEquals(2, run("report", dir.toString()));
        assertTrue(contend.err().contains("is not a contend results file"), contend.err());
    }

    @Test
    void aFormatStringFromTheFileIsNeverFormatted(@TempDir Path dir) throws Exception {
        // Before the format set, this width made String.format allocate gigabytes and die of OutOfMemoryError.
        edit(dir, root -> firstColumn(root).addProperty("format", "%2000000000.1f"));
        refused(dir, 2, "experiments.backoff.table.secondaryColumns[0]: format must be %.Nf with N from 0 to 9",
                "%2000000000.1f");
    }

    @Test
    void aFormatOfTheWrongConversionIsRefusedWithItsValue(@TempDir Path dir) throws Exception {
        edit(dir, root -> firstColumn(root).addProperty("format", "%d"));
        refused(dir, 2, "secondaryColumns[0]: format must be %.Nf", "not %d");
    }

    @Test
    void deepNestingIsOneLineNotAStackOverflow(@TempDir Path dir) throws Exception {
        // Before the depth bound, printing this tree in a message overflowed the stack.
        Files.writeString(dir.resolve("results.json"), "[".repeat(100_000) + "]".repeat(100_000));
        refused(dir, 2, "arrays and objects nest more than 64 deep");
        Files.writeString(dir.resolve("results.json"), "{\"results\": " + "[".repeat(100_000));
        refused(dir, 2, "arrays and objects nest more than 64 deep");
    }

    @Test
    void aFileLargerThanTheLimitIsRefusedUnread(@TempDir Path dir) throws Exception {
        try (RandomAccessFile file = new RandomAccessFile(dir.resolve("results.json").toFile(), "rw")) {
            file.setLength((16L << 20) + 1); // sparse: nothing is written
        }
        refused(dir, 2, "it has 16777217 bytes, more than the 16 MiB a results file may have");
    }

    @Test
    void aLoneSurrogateEscapeIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        HtmlReportTest.fixture(dir);
        Path results = dir.resolve("results.json");
        // The file holds the escape itself, as the tester's did: backslash, u, d, 8, 0, 0.
        Files.writeString(results, Files.readString(results).replace("\"title\": \"CAS contention",
                "\"title\": \"\\ud800 CAS contention"));
        assertEquals(2, run("report", dir.toString()));
        assertTrue(contend.err().contains("is not a contend results file: not JSON: unpaired surrogate"), contend.err());
        assertEquals(1, contend.err().strip().lines().count(), contend.err());
    }

    @Test
    void bytesThatAreNotUtf8AreNamedWithTheirOffset(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("results.json"), new byte[] {'{', '"', (byte) 0xff, '"', ':', '1', '}'});
        refused(dir, 2, "not UTF-8 text: malformed byte at offset 2");
    }

    @Test
    void anIndexHtmlThatIsADirectoryIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        HtmlReportTest.fixture(dir);
        Files.createDirectories(dir.resolve("index.html").resolve("inside"));
        assertEquals(1, run("report", dir.toString()));
        assertEquals("contend report: cannot write " + dir.resolve("index.html") + ": is a directory",
                contend.err().strip());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(p -> p.toString().endsWith(".tmp")).toList(), "no temporary file left");
        }
    }

    @Test
    void aMissingFieldOfAnExperimentIsNamedShortly(@TempDir Path dir) throws Exception {
        // Before, gson's reflection said "Failed to invoke constructor ..." with every argument, 1 KB of it.
        edit(dir, root -> root.getAsJsonObject("experiments").getAsJsonObject("backoff").remove("title"));
        refused(dir, 2, "experiments.backoff has no \"title\"");
    }

    @Test
    void aMissingFieldOfARecordIsNamedWithTheRecord(@TempDir Path dir) throws Exception {
        edit(dir, root -> record(root, 3).remove("benchmark"));
        refused(dir, 2, "results[3] has no \"benchmark\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-2.5", "1e999", "null"})
    void aRatioWithNoPlaceOnTheLogAxisIsRefusedNotDrawnEmpty(String ratio, @TempDir Path dir) throws Exception {
        edit(dir, root -> record(root, 1).getAsJsonObject("comparison").add("ratio", JsonParser.parseString(ratio)));
        refused(dir, 2, "results[1].comparison");
        assertTrue(contend.err().contains(ratio.equals("null") ? "ratio is null"
                : ratio.equals("1e999") ? "ratio is 1e999, not a finite number"
                : "ratio must be finite and above 0: " + Double.parseDouble(ratio)), contend.err());
    }

    @Test
    void anIntervalThatDoesNotHoldTheRatioIsRefused(@TempDir Path dir) throws Exception {
        edit(dir, root -> record(root, 1).getAsJsonObject("comparison").addProperty("ratioLow", 5.0));
        refused(dir, 2, "results[1].comparison: interval [5.0, ");
    }

    @Test
    void anIntegerOutOfRangeIsRefusedWithItsValue(@TempDir Path dir) throws Exception {
        // Before, gson's getAsInt turned 1e30 into 1073741824 threads.
        edit(dir, root -> record(root, 0).add("threads", JsonParser.parseString("1e30")));
        refused(dir, 2, "results[0].threads is 1e30, not an integer from 1 to 2147483647");
    }

    @Test
    void aFractionalCountIsRefused(@TempDir Path dir) throws Exception {
        edit(dir, root -> record(root, 0).addProperty("rounds", 2.5));
        refused(dir, 2, "results[0].rounds is 2.5, not an integer from 1 to 2147483647");
    }

    @Test
    void aValueOfTheWrongTypeIsShownShortAndOnOneLine(@TempDir Path dir) throws Exception {
        edit(dir, root -> record(root, 0).addProperty("unit", 7));
        refused(dir, 2, "results[0].unit is 7, not a string");
        edit(dir, root -> record(root, 0).addProperty("benchmark", false));
        refused(dir, 2, "results[0].benchmark is false, not a string");
        edit(dir, root -> record(root, 1).getAsJsonObject("comparison").addProperty("verdict", "x\n".repeat(100)));
        refused(dir, 2, "results[1].comparison.verdict is \"x\\u000ax\\u000a");
    }

    /** Writes the fixture, changed through gson's tree, as the directory's results.json. */
    private static void edit(Path dir, Consumer<JsonObject> change) throws Exception {
        String fixture;
        try (InputStream in = ReportCommandTest.class.getResourceAsStream("/report/results.json")) {
            fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        JsonObject root = JsonParser.parseString(fixture).getAsJsonObject();
        change.accept(root);
        Files.writeString(dir.resolve("results.json"), root.toString());
    }

    private static JsonObject firstColumn(JsonObject root) {
        return root.getAsJsonObject("experiments").getAsJsonObject("backoff").getAsJsonObject("table")
                .getAsJsonArray("secondaryColumns").get(0).getAsJsonObject();
    }

    private static JsonObject record(JsonObject root, int index) {
        return root.getAsJsonArray("results").get(index).getAsJsonObject();
    }

    /** One line on stderr that names results.json and says each part; no report is written. */
    private void refused(Path dir, int exitCode, String... parts) {
        assertEquals(exitCode, run("report", dir.toString()), contend.err());
        String err = contend.err().strip();
        assertFalse(err.contains("\n"), "one line: " + err);
        assertTrue(err.length() < 400, "short: " + err);
        assertTrue(err.startsWith(dir.resolve("results.json") + " is not a contend results file: "), err);
        for (String part : parts) {
            assertTrue(err.contains(part), "says " + part + ": " + err);
        }
        assertFalse(Files.exists(dir.resolve("index.html")), "nothing rendered");
    }
}

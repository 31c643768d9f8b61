package io.contend.cli.report;

import io.contend.cli.InProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}

package io.contend.cli.report;

import io.contend.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void rendersTheReportOfADirectory(@TempDir Path dir) throws Exception {
        HtmlReportTest.fixture(dir);
        assertEquals(0, run("report", dir.toString()), err.toString());
        assertTrue(out.toString().contains("Report: " + dir.resolve("index.html").toAbsolutePath()), out.toString());
        assertTrue(Files.readString(dir.resolve("index.html")).contains("id=\"exp-refcount\""));
    }

    @Test
    void aDirectoryWithoutResultsIsAClearUsageError(@TempDir Path dir) {
        assertEquals(2, run("report", dir.toString()));
        assertTrue(err.toString().contains("no results.json in " + dir.toAbsolutePath()), err.toString());
    }

    @Test
    void aFileThatIsNotResultsIsNamed(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("results.json"), "{\"something\": 1}");
        assertEquals(2, run("report", dir.toString()));
        assertTrue(err.toString().contains("is not a contend results file"), err.toString());
    }
}

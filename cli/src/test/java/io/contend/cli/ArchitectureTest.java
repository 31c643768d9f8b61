package io.contend.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The layers of the lab: the results model ({@code results}) depends on nothing of contend but itself (and the
 * file utility that writes atomically); the analysis ({@code analysis}) only on the model; the report and its
 * charts on the model and the analysis, never on the runner ({@code lab}) or another command. Read from the
 * sources: every reference to a contend package, imported or written out in full, counts.
 */
class ArchitectureTest {
    private static final Path SOURCES = Path.of("src/main/java/io/contend/cli");
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.contend\\.([a-z]+(?:\\.[a-z]+)*)\\.[A-Z]");

    private static List<String> violations(String layer, List<String> allowed) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(SOURCES.resolve(layer))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = REFERENCE.matcher(Files.readString(file));
                while (m.find()) {
                    String pkg = "io.contend." + m.group(1);
                    boolean ok = allowed.contains(pkg);
                    if (!ok) {
                        found.add(file.getFileName() + " -> " + pkg);
                    }
                }
            }
        }
        return found;
    }

    @Test
    void theLayersExist() {
        for (String layer : List.of("results", "analysis", "report", "chart", "lab")) {
            assertTrue(Files.isDirectory(SOURCES.resolve(layer)), "no package " + layer + " under " + SOURCES);
        }
    }

    @Test
    void theResultsModelDependsOnNothingElse() throws IOException {
        assertEquals(List.of(), violations("results", List.of("io.contend.cli.results", "io.contend.cli")));
    }

    @Test
    void theAnalysisReadsOnlyTheModel() throws IOException {
        assertEquals(List.of(), violations("analysis", List.of("io.contend.cli.results", "io.contend.cli.analysis")));
    }

    @Test
    void theReportUsesNoRunnerAndNoCommand() throws IOException {
        List<String> allowed = List.of("io.contend.cli.results", "io.contend.cli.analysis", "io.contend.cli.chart",
                "io.contend.cli.report", "io.contend.cli", "io.contend.hdr");
        assertEquals(List.of(), violations("report", allowed));
        assertEquals(List.of(), violations("chart", allowed));
    }
}

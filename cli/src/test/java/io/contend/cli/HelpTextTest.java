package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Help as a reader meets it: whole sentences in the command list, examples that keep their indentation. */
class HelpTextTest {

    @Test
    void everyCommandSummaryInTheListIsAWholeSentence() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("--help"));
        String out = c.out();
        String commands = out.substring(out.indexOf("Commands:"));
        for (String name : List.of("lab", "report", "stress", "hdr", "affinity", "writepath")) {
            int at = commands.indexOf("\n  " + name + " ");
            assertTrue(at >= 0, name + " listed:\n" + out);
            int end = commands.indexOf("\n  ", at + 3);
            while (end >= 0 && commands.startsWith("\n   ", end)) { // continuation lines are indented further
                end = commands.indexOf("\n  ", end + 3);
            }
            String summary = commands.substring(at, end < 0 ? commands.length() : end).replaceAll("\\s+", " ").trim();
            assertTrue(summary.endsWith("."), "the summary of " + name + " is a whole sentence: '" + summary + "'");
        }
    }

    @Test
    void writepathExamplesKeepTheirIndentation() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("writepath", "--help"));
        String out = c.out();
        String examples = out.substring(out.indexOf("Example:"), out.indexOf("-h, --help"));
        for (String line : examples.lines().skip(1).toList()) {
            assertTrue(line.isBlank() || line.startsWith("  contend") || line.startsWith("      --"),
                    "an example line starts a command or continues one, indented: '" + line + "'\n" + out);
            assertTrue(line.length() <= 80, "fits 80 columns: '" + line + "'");
        }
    }

    @Test
    void everyCommandsHelpFormatsWithoutAWarning() {
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream tracer = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(tracer, true, java.nio.charset.StandardCharsets.UTF_8)); // picocli's tracer
        try {
            for (String command : List.of("lab", "report", "compare", "stress", "hdr", "affinity", "writepath")) {
                InProcess c = new InProcess();
                assertEquals(0, c.run(command, "--help"), command);
                assertTrue(!c.err().contains("WARN") && !c.out().contains("WARN"), command + ": " + c.err());
            }
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", tracer.toString(java.nio.charset.StandardCharsets.UTF_8), "picocli warned");
    }

    @Test
    void stressSynopsisNamesBuiltInWorkloadsAndClasses() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("stress", "--help"));
        assertTrue(c.out().startsWith("Usage: contend stress [OPTIONS] WORKLOAD [WORKLOAD-OPTIONS]\n"
                + "   or: contend stress [OPTIONS] CLASS [CLASS-OPTIONS]"), c.out());
    }

    @Test
    void aCompletionScriptIsGenerated() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("generate-completion"));
        assertTrue(c.out().contains("complete -F _complete_contend") && c.out().contains("writepath"), c.out());
    }
}

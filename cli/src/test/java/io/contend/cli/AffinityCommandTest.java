package io.contend.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AffinityCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void printsTheLayoutAllowedCpusIrqCpusPinningAndNotes() {
        assertEquals(0, run("affinity"), err.toString());
        String text = out.toString();
        String[] sections = {"CPU layout (", "  online CPUs ", "  cores ", "  sockets ", "Allowed CPUs\n",
            "IRQ CPUs\n", "  device IRQs ", "Pinning\n", "  sched_setaffinity ", "Notes\n"};
        int from = 0;
        for (String section : sections) {
            int at = text.indexOf(section, from);
            assertTrue(at >= 0, "'" + section + "' missing or out of order in:\n" + text);
            from = at;
        }
        assertEquals("", err.toString());
    }

    @Test
    void isListedInTheHelp() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("affinity"), out.toString());
    }
}

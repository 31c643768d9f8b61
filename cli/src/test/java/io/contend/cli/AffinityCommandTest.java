package io.contend.cli;

import org.junit.jupiter.api.Test;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AffinityCommandTest {
    private final InProcess contend = new InProcess();

    private int run(String... args) {
        return contend.run(args);
    }

    @Test
    void printsTheLayoutAllowedCpusIrqCpusPinningAndNotes() {
        assertEquals(0, run("affinity"), contend.err());
        String text = contend.out();
        String[] sections = {"CPU layout (", "  online CPUs ", "  cores ", "  sockets ", "Allowed CPUs\n",
            "IRQ CPUs\n", "  device IRQs ", "Pinning\n", "  sched_setaffinity ", "Notes\n"};
        int from = 0;
        for (String section : sections) {
            int at = text.indexOf(section, from);
            assertTrue(at >= 0, "'" + section + "' missing or out of order in:\n" + text);
            from = at;
        }
        assertEquals("", contend.err());
    }

    @Test
    void isListedInTheHelp() {
        assertEquals(0, run("--help"));
        assertTrue(contend.out().contains("affinity"), contend.out());
    }
}

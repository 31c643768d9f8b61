package io.contend.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A usage error names where the help is: 'contend --help' for the top command, 'contend hdr --help' below it. */
class UsageHintTest {
    private final InProcess contend = new InProcess();

    @Test
    void theTopCommandsHintIsContendHelp() {
        assertEquals(2, contend.run());
        assertTrue(contend.err().contains("(see 'contend --help')"), contend.err());
        assertEquals(2, contend.run("frobnicate"));
        assertTrue(contend.err().contains("(see 'contend --help')"), contend.err());
        assertFalse(contend.err().contains("contend contend"), contend.err());
    }

    @Test
    void aSubcommandsHintNamesIt() {
        assertEquals(2, contend.run("hdr"));
        assertTrue(contend.err().contains("(see 'contend hdr --help')"), contend.err());
    }
}

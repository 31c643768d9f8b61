package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One spelling per kind of option: sizes in bytes or binary units, --out FILE, --out-dir DIR; old ones get a hint. */
class OptionConventionsTest {
    @TempDir
    Path dir;

    private static void assertHint(String expectedFirstLine, String... args) {
        InProcess c = new InProcess();
        assertEquals(2, c.run(args), c.out());
        String first = c.err().lines().findFirst().orElse("");
        assertTrue(first.startsWith(expectedFirstLine), c.err());
        assertEquals(1, c.err().strip().lines().count(), "one line: " + c.err());
        assertFalse(c.err().contains("\tat "), c.err());
    }

    @Test
    void renamedOptionsAreRefusedWithTheNewSpelling() {
        assertHint("workload option --pool-mib is now --pool-size 64MiB", "stress", "writepath", "--pool-mib", "64");
        assertHint("workload option --threshold-kib is now --threshold 64KiB", "stress", "writepath",
                "--threshold-kib", "64");
        assertHint("workload option --limit-mib is now --reserve-limit 64MiB", "stress", "allocate", "--limit-mib", "64");
        assertHint("--max-data-mib is now --max-data 64MiB", "writepath", "serve", "--max-data-mib", "64");
        assertHint("--out is now --out-dir results", "lab", "backoff", "--smoke", "--out", "results");
        assertHint("--out is now --out-dir pooled", "report", "--out", "pooled");
        assertHint("--json is now --summary-json s.json", "stress", "sleep", "--json", "s.json");
    }

    @Test
    void everySizeOptionTakesBinaryUnits() {
        InProcess allocate = new InProcess();
        assertEquals(0, allocate.run("stress", "allocate", "--ops", "1000", "--size", "1KiB", "--reserve-limit", "64MiB"),
                allocate.err());
        InProcess writepath = new InProcess();
        assertEquals(0, writepath.run("stress", "writepath", "--rate", "fixed=200/s", "--ops", "200", "--keys", "100",
                "--build", "jdk", "--pool-size", "64MiB", "--threshold", "256KiB", "--value-size", "1KiB"), writepath.err());
        assertTrue(writepath.out().contains("errors 0"), writepath.out());
        InProcess si = new InProcess();
        assertEquals(2, si.run("stress", "allocate", "--ops", "10", "--size", "1k"));
        assertTrue(si.err().contains("'1k' has no binary unit"), si.err());
    }

    @Test
    void helpShowsTheNewNamesOnly() {
        InProcess c = new InProcess();
        assertEquals(0, c.run("stress", "writepath", "--help"));
        assertTrue(c.out().contains("--pool-size") && c.out().contains("--threshold"), c.out());
        assertFalse(c.out().contains("--pool-mib") || c.out().contains("--threshold-kib"), c.out());
        InProcess lab = new InProcess();
        assertEquals(0, lab.run("lab", "--help"));
        assertTrue(lab.out().contains("--out-dir"), lab.out());
        assertFalse(lab.out().matches("(?s).*--out[ =].*"), lab.out());
    }
}

package io.contend.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchedStatsTest {
    static final String SCHED = "java (7179, #threads: 21)\n"
            + "-------------------------------------------------------------------\n"
            + "se.exec_start                                :       6329628.621832\n"
            + "se.sum_exec_runtime                          :             0.000000\n"
            + "se.nr_migrations                             :                   17\n"
            + "nr_switches                                  :                  130\n"
            + "nr_voluntary_switches                        :                  100\n"
            + "nr_involuntary_switches                      :                   30\n"
            + "prio                                         :                  120\n";
    static final String STATUS = "Name:\tjava\nState:\tS (sleeping)\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n"
            + "voluntary_ctxt_switches:\t101\nnonvoluntary_ctxt_switches:\t31\n";
    /** A thread name with spaces and parentheses: the fields count from the last ')'. */
    static final String STAT = "18212 (my (odd) name) S 18206 18206 23992 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 "
            + "638436 3133440 394 18446744073709551615 945 946 140726 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0 944 945 946 "
            + "1407 1408 1409 1410 0\n";

    @Test
    void readsMigrationsFromSchedSwitchesFromStatusAndTheLastCpuFromStat() {
        assertEquals(new SchedStats(17, 101, 31, 1), SchedStats.parse(SCHED, STATUS, STAT));
    }

    @Test
    void switchesComeFromSchedWhenStatusLacksThem() {
        assertEquals(new SchedStats(17, 100, 30, -1), SchedStats.parse(SCHED, "Name:\tjava\n", null));
    }

    @Test
    void absentSourcesAndFieldsAreUnknownNeverAnException() {
        assertEquals(SchedStats.UNKNOWN, SchedStats.parse(null, null, null));
        assertEquals(SchedStats.UNKNOWN, SchedStats.parse("", "", ""));
        assertEquals(new SchedStats(-1, 101, 31, -1), SchedStats.parse("garbage\n", STATUS, "no parenthesis 1 2 3"));
        assertEquals(new SchedStats(-1, -1, -1, -1), SchedStats.parse("se.nr_migrations : lots\n",
                "voluntary_ctxt_switches:\t-4\nnonvoluntary_ctxt_switches:\n", "1 (x) R 2 3"));
    }

    @Test
    void theLastCpuIsField39() {
        assertEquals(1, SchedStats.lastCpu(STAT));
        assertEquals(-1, SchedStats.lastCpu(STAT.replace(" 17 1 0 0", " 17 x 0 0")));
        assertEquals(-1, SchedStats.lastCpu(null));
    }

    @Test
    void missingFilesAreUnknown(@TempDir Path dir) throws Exception {
        assertEquals(SchedStats.UNKNOWN, SchedStats.read(dir.resolve("no-such-thread")));
        Files.writeString(dir.resolve("status"), STATUS);
        assertEquals(new SchedStats(-1, 101, 31, -1), SchedStats.read(dir));
        assertEquals(SchedStats.UNKNOWN, SchedStats.ofThread(-1));
    }

    @Test
    void minusSubtractsAndKeepsUnknownsAndTheLaterCpu() {
        SchedStats later = new SchedStats(10, 20, 30, 1);
        assertEquals(new SchedStats(7, 15, 0, 1), later.minus(new SchedStats(3, 5, 30, 0)));
        assertEquals(new SchedStats(-1, 20, 30, 1), later.minus(new SchedStats(-1, 0, 0, -1)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> later.minus(new SchedStats(11, 0, 0, 0)));
        assertTrue(e.getMessage().contains("migrations of the earlier snapshot (11)"), e.getMessage());
    }

    @Test
    void sumAddsThreadsAndAnyUnknownMakesTheSumUnknown() {
        assertEquals(new SchedStats(3, 30, 300, -1),
                SchedStats.sum(List.of(new SchedStats(1, 10, 100, 0), new SchedStats(2, 20, 200, 1))));
        assertEquals(new SchedStats(-1, 30, 300, -1),
                SchedStats.sum(List.of(new SchedStats(-1, 10, 100, 0), new SchedStats(2, 20, 200, 1))));
        assertEquals(new SchedStats(0, 0, 0, -1), SchedStats.sum(List.of()));
        assertEquals(330, new SchedStats(0, 30, 300, 0).contextSwitches());
        assertEquals(-1, new SchedStats(0, -1, 300, 0).contextSwitches());
    }

    @Test
    void fieldsBelowMinusOneAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SchedStats(0, -2, 0, 0));
        assertTrue(e.getMessage().contains("voluntarySwitches is -2"), e.getMessage());
    }
}

package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.RunInfo;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** What the lab and compare record about the run that starts: every field results.json promises, filled. */
class RunDescriptionTest {
    @Test
    void describesTheBuildTheJvmAndTheMachine() {
        Instant started = Instant.parse("2026-11-27T22:00:00Z");
        MachineInfo machine = MachineInfo.current();
        RunInfo run = RunDescription.current(machine, "quick", started);
        assertTrue(run.id().matches("20261127T220000Z-[0-9a-f]{4}"), run.id());
        assertEquals("quick", run.mode());
        assertEquals(started.toString(), run.started());
        assertEquals(Runtime.version().toString(), run.jvmVersion());
        assertEquals(ManagementFactory.getRuntimeMXBean().getInputArguments(), run.jvmArguments());
        String built = VersionProvider.buildCommit();
        if (!built.equals("unknown")) {
            assertEquals(built, run.commit(), "the commit the jar was built from, wherever it lies");
        }
        assertTrue(run.commit().matches("[0-9a-f]{40}(-dirty)?|unknown"), run.commit());
        assertEquals(VersionProvider.version(), run.contendVersion());
        assertEquals(VersionProvider.peers(), run.peers());
        assertTrue(run.peers().containsKey("jctools-core"), "the peers the benchmarks were built against: "
                + run.peers());
        assertTrue(run.conditions().contains("jctools-core"), "pooled runs of other peers are told apart: "
                + run.conditions());
        assertEquals(machine, run.machine());
    }
}

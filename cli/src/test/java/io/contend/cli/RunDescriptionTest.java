package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        assertTrue(run.commit().matches("[0-9a-f]{40}(-dirty)?|[0-9a-f]{7,40}(\\+changes)?|unknown"), run.commit());
        assertFalse(run.contendVersion().isBlank());
        assertFalse(run.cpuModel().isBlank());
        assertTrue(run.peers().containsKey("jctools-core"), "the peers the benchmarks were built against: "
                + run.peers());
        assertEquals(machine, run.machine());
    }
}

package io.contend.exec;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AffinityTest {
    private List<Integer> allowed;

    @BeforeEach
    void allowedCpus() {
        allowed = Affinity.processAllowedCpus();
    }

    private void assumeSupported() {
        assumeTrue(Affinity.supported(), () -> "CPU pinning is not supported here: " + Affinity.unsupportedReason());
    }

    @Test
    void supportAndItsReasonAgree() {
        assertEquals(Affinity.supported(), Affinity.unsupportedReason() == null, Affinity.unsupportedReason());
    }

    @Test
    void pinningANewThreadToOneCpuChangesItsCpusAllowedListAndWhereItRuns() throws InterruptedException {
        assumeSupported();
        for (int cpu : allowed) {
            ThreadObservation before = ThreadObservation.onNewThread(Thread::new, () -> { });
            assertEquals(allowed, before.statusAllowed(), "a new thread starts with the process's mask");

            ThreadObservation pinned = ThreadObservation.onNewThread(Thread::new,
                    () -> Affinity.pinCurrentThread(List.of(cpu)));
            assertEquals(List.of(cpu), pinned.statusAllowed(), "Cpus_allowed_list of the pinned thread");
            assertEquals(List.of(cpu), pinned.kernelAllowed(), "sched_getaffinity of the pinned thread");
            assertEquals(cpu, pinned.cpu(), "sched_getcpu of the pinned thread");
        }
    }

    @Test
    void pinningToSeveralCpusRestrictsToExactlyThose() throws InterruptedException {
        assumeSupported();
        assumeTrue(allowed.size() >= 2, "needs two allowed CPUs");
        List<Integer> two = allowed.subList(allowed.size() - 2, allowed.size());
        ThreadObservation pinned = ThreadObservation.onNewThread(Thread::new, () -> Affinity.pinCurrentThread(two));
        assertEquals(two, pinned.statusAllowed());
        assertTrue(two.contains(pinned.cpu()), pinned.toString());
    }

    @Test
    void pinningDoesNotTouchOtherThreads() throws InterruptedException {
        assumeSupported();
        ThreadObservation.onNewThread(Thread::new, () -> Affinity.pinCurrentThread(List.of(allowed.get(0))));
        assertEquals(allowed, Affinity.currentThreadAllowedCpus());
        assertEquals(allowed, Affinity.processAllowedCpus());
    }

    @Test
    void badCpuSetsAreRefusedNamingTheCpu() {
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> Affinity.pinCurrentThread(Set.of()));
        assertTrue(empty.getMessage().contains("empty set of CPUs"), empty.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> Affinity.pinCurrentThread(List.of(0, -3)));
        assertTrue(negative.getMessage().contains("CPU -3"), negative.getMessage());
        assumeFalseEmpty();
        int outside = allowed.get(allowed.size() - 1) + 1;
        IllegalArgumentException notAllowed = assertThrows(IllegalArgumentException.class,
                () -> Affinity.pinCurrentThread(List.of(allowed.get(0), outside)));
        assertTrue(notAllowed.getMessage().contains("CPU " + outside + " is not among the process's allowed CPUs "
                + CpuList.format(allowed)), notAllowed.getMessage());
        assertEquals(allowed, Affinity.currentThreadAllowedCpus(), "a refused call pins nothing");
    }

    private void assumeFalseEmpty() {
        assumeTrue(!allowed.isEmpty(), "the allowed CPUs are unknown here");
    }

    @Test
    void theThreadIdIsTheOneProcShowsForTheThread() throws Exception {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "no /proc/thread-self (not Linux)");
        String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
        long tid = Affinity.currentThreadId();
        assertTrue(link.endsWith("/task/" + tid), link + " vs " + tid);
        ThreadObservation other = ThreadObservation.onNewThread(Thread::new, () -> { });
        assertNotEquals(tid, other.tid());
    }

    @Test
    void theCurrentCpuIsAnAllowedCpuWhenKnown() {
        int cpu = Affinity.currentCpu();
        assumeTrue(cpu >= 0, "sched_getcpu is not available here");
        assertTrue(allowed.contains(cpu), cpu + " not in " + allowed);
        assertFalse(Affinity.currentThreadAllowedCpus().isEmpty());
    }
}

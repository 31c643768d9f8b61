package io.contend.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuLayoutTest {
    @TempDir
    Path root;

    private Path sys() {
        return root.resolve("sys/devices/system/cpu");
    }

    private Path proc() {
        return root.resolve("proc");
    }

    private void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private void fullTree() throws IOException {
        write(sys().resolve("online"), "0-3\n");
        for (int cpu = 0; cpu < 4; cpu++) {
            write(sys().resolve("cpu" + cpu + "/topology/core_id"), (cpu % 2) + "\n");
            write(sys().resolve("cpu" + cpu + "/topology/physical_package_id"), "0\n");
        }
        write(proc().resolve("self/status"), "Name:\tjava\nCpus_allowed_list:\t1-3\n");
        write(proc().resolve("interrupts"), "    CPU0 CPU1 CPU2 CPU3\n 24: 0 0 9 0 IO-APIC x\nLOC: 1 1 1 1 timer\n");
    }

    @Test
    void readsEverySourceOfAFullTree() throws IOException {
        fullTree();
        CpuLayout layout = CpuLayout.read(sys(), proc(), null, 4, null);
        assertEquals(List.of(0, 1, 2, 3), layout.onlineCpus());
        assertEquals(2, layout.cores());
        assertEquals(1, layout.sockets());
        assertEquals(List.of(1, 2, 3), layout.allowedCpus());
        assertEquals(List.of(2), layout.irqCpus());
        assertEquals(List.of(), layout.notes());
        assertEquals("CpuLayout[online=0-3, cores=2, sockets=1, allowed=1-3, irq=2, pinning=supported, notes=0]",
                layout.toString());
    }

    @Test
    void theKernelsAllowedCpusWinOverStatus() throws IOException {
        fullTree();
        CpuLayout layout = CpuLayout.read(sys(), proc(), List.of(0, 3), 4, null);
        assertEquals(List.of(0, 3), layout.allowedCpus());
        assertTrue(layout.describe().contains("sched_getaffinity of the process"), layout.describe());
    }

    @Test
    void describeHasEverySection() throws IOException {
        fullTree();
        String text = CpuLayout.read(sys(), proc(), null, 4, null).describe();
        assertTrue(text.contains("CPU layout (sysfs)\n"), text);
        assertTrue(text.contains("  online CPUs        0-3 (4 CPUs)\n"), text);
        assertTrue(text.contains("  cores              2\n"), text);
        assertTrue(text.contains("  sockets            1\n"), text);
        assertTrue(text.contains("  process            1-3 (3 CPUs); Cpus_allowed_list in /proc/self/status\n"), text);
        assertTrue(text.contains("  device IRQs        2 (1 CPU);"), text);
        assertTrue(text.contains("  sched_setaffinity  supported (JNA)\n"), text);
        assertTrue(text.endsWith("Notes\n  none: every source was read\n"), text);
    }

    @Test
    void fallsBackToCpuinfoWhenSysfsIsMissing() throws IOException {
        write(proc().resolve("cpuinfo"), "processor : 0\nphysical id : 0\ncore id : 0\n\n"
                + "processor : 1\nphysical id : 0\ncore id : 0\n");
        write(proc().resolve("self/status"), "Name:\tjava\nCpus_allowed_list:\t0-1\n");
        write(proc().resolve("interrupts"), "CPU0 CPU1\n");
        CpuLayout layout = CpuLayout.read(sys(), proc(), null, 2, null);
        assertEquals(List.of(0, 1), layout.onlineCpus());
        assertEquals(1, layout.cores());
        assertEquals(1, layout.sockets());
        assertEquals(List.of(), layout.irqCpus());
        assertEquals(1, layout.notes().size(), layout.notes().toString());
        assertTrue(layout.notes().get(0).endsWith("online is missing: trying /proc/cpuinfo"), layout.notes().toString());
    }

    @Test
    void withNoSourceAtAllEverythingDegradesWithANoteEach() {
        CpuLayout layout = CpuLayout.read(sys(), proc(), null, 3, "not Linux (os.name=Plan 9)");
        assertEquals(List.of(0, 1, 2), layout.onlineCpus());
        assertEquals(-1, layout.cores());
        assertEquals(-1, layout.sockets());
        assertEquals(List.of(0, 1, 2), layout.allowedCpus());
        assertEquals(List.of(), layout.irqCpus());
        assertEquals(4, layout.notes().size(), layout.notes().toString());
        String text = layout.describe();
        assertTrue(text.contains("cores              unknown (see notes)"), text);
        assertTrue(text.contains("assumed: all online CPUs"), text);
        assertTrue(text.contains("not supported: not Linux (os.name=Plan 9); pinning is a no-op"), text);
        assertTrue(text.contains("interrupts is missing: IRQ CPUs unknown, none listed"), text);
        assertFalse(text.contains("none: every source was read"), text);
    }

    @Test
    void malformedSourcesAreNotedAndReplaced() throws IOException {
        write(sys().resolve("online"), "0-zz\n");
        write(proc().resolve("cpuinfo"), "garbage\n");
        write(proc().resolve("self/status"), "Cpus_allowed_list:\t7-2\n");
        write(proc().resolve("interrupts"), "not a header\n");
        CpuLayout layout = CpuLayout.read(sys(), proc(), null, 2, null);
        assertEquals(List.of(0, 1), layout.onlineCpus());
        assertEquals(List.of(0, 1), layout.allowedCpus());
        List<String> notes = layout.notes();
        assertEquals(4, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("'0-zz'") && notes.get(0).endsWith("trying /proc/cpuinfo"), notes.get(0));
        assertTrue(notes.get(1).contains("no 'processor' line"), notes.get(1));
        assertTrue(notes.get(2).contains("'7-2' runs backwards"), notes.get(2));
        assertTrue(notes.get(3).contains("not a header of CPU columns"), notes.get(3));
    }

    @Test
    void theCurrentMachineIsDescribedWithoutFailing() {
        CpuLayout layout = CpuLayout.current();
        assertFalse(layout.onlineCpus().isEmpty());
        assertFalse(layout.allowedCpus().isEmpty());
        assertTrue(layout.onlineCpus().containsAll(layout.allowedCpus()), layout.toString());
        assertTrue(layout.describe().contains("Notes\n"));
    }
}

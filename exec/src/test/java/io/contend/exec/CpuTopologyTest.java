package io.contend.exec;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuTopologyTest {
    private final List<String> notes = new ArrayList<>();

    /** Two sockets of two cores with two hyperthreads each; core ids restart per socket. */
    @Test
    void sysfsCountsCoresAsPackageAndCorePairs() {
        Map<Integer, String> core = Map.of(0, "0\n", 1, "1\n", 2, "0\n", 3, "1\n", 4, "0\n", 5, "1\n", 6, "0\n", 7, "1\n");
        Map<Integer, String> socket = Map.of(0, "0\n", 1, "0\n", 2, "1\n", 3, "1\n", 4, "0\n", 5, "0\n", 6, "1\n", 7, "1\n");
        CpuTopology topology = CpuTopology.fromSys("0-7\n", core::get, socket::get, notes);
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), topology.online());
        assertEquals(4, topology.cores());
        assertEquals(2, topology.sockets());
        assertEquals(List.of(), notes);
    }

    @Test
    void sysfsOnlyLooksAtOnlineCpus() {
        Map<Integer, String> core = Map.of(0, "0", 2, "2");
        Map<Integer, String> socket = Map.of(0, "0", 2, "0");
        CpuTopology topology = CpuTopology.fromSys("0,2", core::get, socket::get, notes);
        assertEquals(List.of(0, 2), topology.online());
        assertEquals(2, topology.cores());
        assertEquals(1, topology.sockets());
    }

    @Test
    void aMissingOrMalformedTopologyFileMakesCoresUnknownWithANote() {
        CpuTopology missing = CpuTopology.fromSys("0-1", cpu -> "0", cpu -> cpu == 1 ? null : "0", notes);
        assertEquals(List.of(0, 1), missing.online());
        assertEquals(CpuTopology.UNKNOWN, missing.cores());
        assertEquals(CpuTopology.UNKNOWN, missing.sockets());
        assertTrue(notes.get(0).contains("cpu1/topology/physical_package_id is missing"), notes.toString());

        CpuTopology malformed = CpuTopology.fromSys("0", cpu -> "zero", cpu -> "0", notes);
        assertEquals(CpuTopology.UNKNOWN, malformed.cores());
        assertTrue(notes.get(1).contains("core_id is not a number ('zero')"), notes.toString());
    }

    @Test
    void aMalformedOrEmptyOnlineListIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CpuTopology.fromSys("0-x", cpu -> "0", cpu -> "0", notes));
        assertThrows(IllegalArgumentException.class, () -> CpuTopology.fromSys("\n", cpu -> "0", cpu -> "0", notes));
    }

    @Test
    void cpuinfoOfAnX86MachineGivesCoresAndSockets() {
        StringBuilder cpuinfo = new StringBuilder();
        for (int cpu = 0; cpu < 4; cpu++) {
            cpuinfo.append("processor\t: ").append(cpu).append('\n')
                    .append("vendor_id\t: AuthenticAMD\n")
                    .append("physical id\t: ").append(cpu / 2).append('\n')
                    .append("siblings\t: 2\n")
                    .append("core id\t\t: ").append(cpu % 2).append('\n')
                    .append("flags\t\t: fpu vme de pse\n\n");
        }
        CpuTopology topology = CpuTopology.fromCpuinfo(cpuinfo.toString(), notes);
        assertEquals(List.of(0, 1, 2, 3), topology.online());
        assertEquals(4, topology.cores());
        assertEquals(2, topology.sockets());
        assertEquals("/proc/cpuinfo", topology.source());
        assertEquals(List.of(), notes);
    }

    @Test
    void cpuinfoWithoutTopologyLinesGivesOnlineCpusOnly() {
        String arm = "processor\t: 0\nBogoMIPS\t: 50.00\nCPU part\t: 0xd0c\n\n"
                + "processor\t: 1\nBogoMIPS\t: 50.00\n\nHardware\t: some board\n";
        CpuTopology topology = CpuTopology.fromCpuinfo(arm, notes);
        assertEquals(List.of(0, 1), topology.online());
        assertEquals(CpuTopology.UNKNOWN, topology.cores());
        assertTrue(notes.get(0).contains("processor 0 has no 'core id'"), notes.toString());
    }

    @Test
    void cpuinfoWithoutProcessorsOrWithAMalformedOneIsRefused() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> CpuTopology.fromCpuinfo("model name : x\n", notes));
        assertTrue(none.getMessage().contains("no 'processor' line"), none.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> CpuTopology.fromCpuinfo("processor : one\n", notes));
        assertTrue(bad.getMessage().contains("'processor : one'"), bad.getMessage());
    }
}

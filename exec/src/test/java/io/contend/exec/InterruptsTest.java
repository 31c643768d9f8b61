package io.contend.exec;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InterruptsTest {
    private final List<String> notes = new ArrayList<>();

    @Test
    void countsDeviceRowsAndIgnoresArchitecturalOnes() {
        String text = "           CPU0       CPU1       CPU2       CPU3\n"
                + "  0:         40          0          0          0  IR-IO-APIC    2-edge      timer\n"
                + " 24:          0          0          0          0  IO-APIC   5-edge      ACPI:Ged\n"
                + " 36:          0          0      38580          0  PCI-MSIX-0000:00:02.0   1-edge      virtio1-req.0\n"
                + "NMI:          5          5          5          5   Non-maskable interrupts\n"
                + "LOC:     550890     570367     550890     570367   Local timer interrupts\n"
                + "RES:     198955     196155     198955     196155   Rescheduling interrupts\n"
                + "ERR:          0\n"
                + "MIS:          0\n";
        assertEquals(List.of(0, 2), Interrupts.deviceIrqCpus(text, notes));
        assertEquals(List.of(), notes);
    }

    @Test
    void columnsAreMappedByTheirNamesWhenCpusAreOffline() {
        String text = "           CPU0       CPU2       CPU5\n"
                + " 10:          0          0          7  PCI-MSI eth0\n";
        assertEquals(List.of(5), Interrupts.deviceIrqCpus(text, notes));
    }

    @Test
    void noDeviceInterruptsGiveNoCpus() {
        assertEquals(List.of(), Interrupts.deviceIrqCpus("  CPU0 CPU1\nLOC: 5 5 Local timer\n", notes));
    }

    @Test
    void aMissingHeaderIsRefusedNamingTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Interrupts.deviceIrqCpus(" 24:  1  0  IO-APIC\n", notes));
        assertTrue(e.getMessage().contains("'24:  1  0  IO-APIC'"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Interrupts.deviceIrqCpus("\n\n", notes));
        assertThrows(IllegalArgumentException.class, () -> Interrupts.deviceIrqCpus("CPU0 CPUx\n", notes));
    }

    @Test
    void malformedDeviceRowsAreIgnoredWithAFewNotes() {
        StringBuilder text = new StringBuilder("CPU0 CPU1\n 1: 0 3 ok\n");
        for (int i = 0; i < 6; i++) {
            text.append(' ').append(10 + i).append(": 5 garbage\n");
        }
        text.append(" 20: 9\n");
        assertEquals(List.of(1), Interrupts.deviceIrqCpus(text.toString(), notes));
        assertEquals(4, notes.size(), notes.toString());
        assertTrue(notes.get(0).contains("'10: 5 garbage'"), notes.get(0));
        assertTrue(notes.get(3).contains("4 more malformed IRQ rows"), notes.get(3));
    }
}

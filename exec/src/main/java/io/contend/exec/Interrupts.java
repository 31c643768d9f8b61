package io.contend.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Which CPUs have served device interrupts, from the text of /proc/interrupts.
 *
 * <p>What is counted: the first line names the CPU columns ({@code CPU0 CPU1 ...}; offline CPUs have no
 * column, so columns are mapped by name, not position). Only rows whose label is a number are read: those
 * are device IRQ lines (disk, network, serial, timers routed through the IO-APIC or MSI). Named rows
 * ({@code LOC}, {@code RES}, {@code CAL}, {@code TLB}, {@code NMI}, ...) are per-CPU architectural
 * interrupts that every CPU takes, so they say nothing about where devices interrupt. A CPU is an IRQ CPU
 * when at least one device row has a non-zero count in its column. The counts run since boot: a CPU that
 * served a device once, long ago, counts too.
 */
final class Interrupts {
    /** Malformed rows noted before the rest are summed up in one line, so a garbled file cannot flood notes. */
    private static final int MAX_ROW_NOTES = 3;

    private Interrupts() {
    }

    /**
     * @param text  the text of /proc/interrupts
     * @param notes receives one line per malformed device row (a few at most), which is otherwise ignored
     * @return the CPUs with a non-zero count on some device IRQ row, ascending
     * @throws IllegalArgumentException if the first non-blank line is not a header of CPU columns
     */
    static List<Integer> deviceIrqCpus(String text, List<String> notes) {
        String[] lines = text.split("\n");
        int headerLine = 0;
        while (headerLine < lines.length && lines[headerLine].isBlank()) {
            headerLine++;
        }
        if (headerLine == lines.length) {
            throw new IllegalArgumentException("/proc/interrupts is empty");
        }
        int[] columnCpu = header(lines[headerLine]);
        TreeSet<Integer> cpus = new TreeSet<>();
        int malformed = 0;
        for (int i = headerLine + 1; i < lines.length; i++) {
            String line = lines[i].strip();
            int colon = line.indexOf(':');
            if (colon <= 0 || !isDigits(line.substring(0, colon))) {
                continue;
            }
            String[] fields = line.substring(colon + 1).strip().split("\\s+");
            if (fields.length < columnCpu.length || !allDigits(fields, columnCpu.length)) {
                if (malformed++ < MAX_ROW_NOTES) {
                    notes.add("/proc/interrupts: ignored a malformed IRQ row (expected " + columnCpu.length
                            + " counts): '" + line + "'");
                }
                continue;
            }
            for (int column = 0; column < columnCpu.length; column++) {
                if (!fields[column].chars().allMatch(c -> c == '0')) {
                    cpus.add(columnCpu[column]);
                }
            }
        }
        if (malformed > MAX_ROW_NOTES) {
            notes.add("/proc/interrupts: ignored " + (malformed - MAX_ROW_NOTES) + " more malformed IRQ rows");
        }
        return new ArrayList<>(cpus);
    }

    private static int[] header(String line) {
        String[] names = line.strip().split("\\s+");
        int[] cpus = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            String digits = names[i].startsWith("CPU") ? names[i].substring(3) : "";
            if (digits.isEmpty() || digits.length() > 5 || !isDigits(digits)
                    || Integer.parseInt(digits) > CpuList.MAX_CPU) {
                throw new IllegalArgumentException("the first line of /proc/interrupts is not a header of CPU columns: '"
                        + line.strip() + "' ('" + names[i] + "' is not CPUn)");
            }
            cpus[i] = Integer.parseInt(digits);
        }
        return cpus;
    }

    private static boolean allDigits(String[] fields, int count) {
        for (int i = 0; i < count; i++) {
            if (!isDigits(fields[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigits(String text) {
        return !text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9');
    }
}

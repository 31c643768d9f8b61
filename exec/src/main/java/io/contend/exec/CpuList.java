package io.contend.exec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The Linux CPU list syntax, {@code "0-3,8,10-11"}, as found in {@code /sys/devices/system/cpu/online},
 * {@code Cpus_allowed_list} and {@code taskset -c}.
 */
public final class CpuList {
    /** Highest CPU number accepted: far above Linux's limit (8192), low enough that a typo cannot exhaust memory. */
    public static final int MAX_CPU = 65_535;

    private CpuList() {
    }

    /**
     * Parses a CPU list.
     *
     * @param text comma-separated CPU numbers and inclusive ranges; blank means no CPU; surrounding white
     *             space, such as the newline of a sysfs file, is ignored
     * @return the CPUs, ascending, without duplicates, unmodifiable
     * @throws IllegalArgumentException if an element is not a number or range of numbers from 0 to
     *                                  {@link #MAX_CPU}, or a range runs backwards; the message names it
     */
    public static List<Integer> parse(String text) {
        Objects.requireNonNull(text, "text");
        String list = text.strip();
        if (list.isEmpty()) {
            return List.of();
        }
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String element : list.split(",", -1)) {
            String range = element.strip();
            int dash = range.indexOf('-');
            if (dash < 0) {
                cpus.add(cpu(range, list));
                continue;
            }
            int from = cpu(range.substring(0, dash), list);
            int to = cpu(range.substring(dash + 1), list);
            if (to < from) {
                throw new IllegalArgumentException("CPU range '" + range + "' runs backwards in CPU list '" + list + "'");
            }
            for (int cpu = from; cpu <= to; cpu++) {
                cpus.add(cpu);
            }
        }
        return List.copyOf(cpus);
    }

    /**
     * Formats CPUs in the list syntax, runs of two or more as ranges: {@code [0, 1, 2, 5]} gives {@code "0-2,5"}.
     *
     * @param cpus CPU numbers in any order; duplicates are ignored
     * @return the list, {@code ""} for no CPU
     * @throws IllegalArgumentException if a CPU is negative
     */
    public static String format(Collection<Integer> cpus) {
        Objects.requireNonNull(cpus, "cpus");
        TreeSet<Integer> sorted = new TreeSet<>();
        for (Integer cpu : cpus) {
            requireCpu(Objects.requireNonNull(cpu, "null CPU in " + cpus));
            sorted.add(cpu);
        }
        List<String> ranges = new ArrayList<>();
        Integer start = null;
        int previous = -2;
        for (int cpu : sorted) {
            if (start != null && cpu != previous + 1) {
                ranges.add(range(start, previous));
                start = null;
            }
            if (start == null) {
                start = cpu;
            }
            previous = cpu;
        }
        if (start != null) {
            ranges.add(range(start, previous));
        }
        return String.join(",", ranges);
    }

    /**
     * Checks a CPU number.
     *
     * @param cpu the number
     * @return the number
     * @throws IllegalArgumentException if it is negative or above {@link #MAX_CPU}
     */
    static int requireCpu(int cpu) {
        if (cpu < 0 || cpu > MAX_CPU) {
            throw new IllegalArgumentException("CPU " + cpu + " is not a CPU number (0 to " + MAX_CPU + ")");
        }
        return cpu;
    }

    private static String range(int from, int to) {
        return from == to ? Integer.toString(from) : from + "-" + to;
    }

    private static int cpu(String number, String list) {
        String digits = number.strip();
        // Digits only: Integer.parseInt would also take "+3", and a range's "-" was already split off.
        if (digits.isEmpty() || digits.length() > 5 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("'" + number + "' is not a CPU number in CPU list '" + list + "'");
        }
        int cpu = Integer.parseInt(digits);
        if (cpu > MAX_CPU) {
            throw new IllegalArgumentException("CPU " + cpu + " in CPU list '" + list + "' is above " + MAX_CPU);
        }
        return cpu;
    }
}

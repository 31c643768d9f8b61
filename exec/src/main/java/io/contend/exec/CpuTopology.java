package io.contend.exec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;

/**
 * Online CPUs, cores and sockets, parsed from sysfs or /proc/cpuinfo text.
 *
 * <p>A core is a distinct (physical package, core id) pair among the online CPUs: core ids restart in each
 * package, and hyperthreads of one core share both. A socket is a distinct physical package id.
 *
 * @param online  online CPU numbers, ascending
 * @param cores   physical cores, or {@link #UNKNOWN}
 * @param sockets sockets, or {@link #UNKNOWN}
 * @param source  where the numbers came from, for the description
 */
record CpuTopology(List<Integer> online, int cores, int sockets, String source) {
    /** Cores or sockets that no source could give. */
    static final int UNKNOWN = -1;

    CpuTopology {
        online = List.copyOf(online);
    }

    /**
     * From sysfs: {@code /sys/devices/system/cpu/online} and, for each online CPU N,
     * {@code cpuN/topology/core_id} and {@code cpuN/topology/physical_package_id}.
     *
     * @param onlineText the text of the online file
     * @param coreId     the text of CPU N's core_id file, null when missing
     * @param packageId  the text of CPU N's physical_package_id file, null when missing
     * @param notes      receives a line when cores and sockets cannot be counted
     * @throws IllegalArgumentException if the online list is malformed or empty
     */
    static CpuTopology fromSys(String onlineText, IntFunction<String> coreId, IntFunction<String> packageId,
                               List<String> notes) {
        List<Integer> online = CpuList.parse(onlineText);
        if (online.isEmpty()) {
            throw new IllegalArgumentException("the online CPU list is empty");
        }
        Set<List<Integer>> cores = new HashSet<>();
        Set<Integer> sockets = new HashSet<>();
        for (int cpu : online) {
            String coreText = coreId.apply(cpu);
            String packageText = packageId.apply(cpu);
            Integer core = topologyId(coreText);
            Integer socket = topologyId(packageText);
            if (core == null || socket == null) {
                notes.add("cpu" + cpu + "/topology/" + (core == null ? "core_id is " + describe(coreText)
                        : "physical_package_id is " + describe(packageText)) + ": cores and sockets unknown");
                return new CpuTopology(online, UNKNOWN, UNKNOWN, "sysfs");
            }
            cores.add(List.of(socket, core));
            sockets.add(socket);
        }
        return new CpuTopology(online, cores.size(), sockets.size(), "sysfs");
    }

    /**
     * From /proc/cpuinfo: one block per online CPU, separated by blank lines, with {@code processor},
     * and on x86 {@code physical id} and {@code core id}. Blocks without {@code processor} (ARM's trailing
     * {@code Hardware} block) are skipped.
     *
     * @param cpuinfo the text of /proc/cpuinfo
     * @param notes   receives a line when cores and sockets cannot be counted
     * @throws IllegalArgumentException if no block names a processor or a processor number is malformed
     */
    static CpuTopology fromCpuinfo(String cpuinfo, List<String> notes) {
        TreeSet<Integer> online = new TreeSet<>();
        Set<List<Integer>> cores = new HashSet<>();
        Set<Integer> sockets = new HashSet<>();
        String missing = null;
        for (String block : cpuinfo.split("\n\\s*\n")) {
            String processor = ProcText.value(block, "processor");
            if (processor == null) {
                continue;
            }
            long cpu = ProcText.count(processor);
            if (cpu < 0 || cpu > CpuList.MAX_CPU) {
                throw new IllegalArgumentException("'processor : " + processor + "' in /proc/cpuinfo is not a CPU number");
            }
            online.add((int) cpu);
            Integer core = topologyId(ProcText.value(block, "core id"));
            Integer socket = topologyId(ProcText.value(block, "physical id"));
            if (core == null || socket == null) {
                missing = missing != null ? missing : "processor " + cpu + " has no " + (core == null ? "'core id'" : "'physical id'");
            } else {
                cores.add(List.of(socket, core));
                sockets.add(socket);
            }
        }
        if (online.isEmpty()) {
            throw new IllegalArgumentException("no 'processor' line in /proc/cpuinfo");
        }
        if (missing != null) {
            notes.add("/proc/cpuinfo: " + missing + ": cores and sockets unknown");
            return new CpuTopology(new ArrayList<>(online), UNKNOWN, UNKNOWN, "/proc/cpuinfo");
        }
        return new CpuTopology(new ArrayList<>(online), cores.size(), sockets.size(), "/proc/cpuinfo");
    }

    private static String describe(String text) {
        return text == null ? "missing" : "not a number ('" + text.strip() + "')";
    }

    /**
     * @param text a core or package id, or null
     * @return the id, or null when absent or not an integer (-1 is a valid id: some platforms report it)
     */
    private static Integer topologyId(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Integer.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

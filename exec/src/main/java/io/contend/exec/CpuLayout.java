package io.contend.exec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The machine's CPUs as this process sees them: online CPUs, cores and sockets, the CPUs the process may
 * run on, and the CPUs that serve device interrupts. A snapshot; immutable.
 *
 * <p>Sources, each with a fallback, so a missing one degrades the picture instead of failing:
 * <ul>
 *   <li>online CPUs, cores, sockets: {@code /sys/devices/system/cpu/online} and each CPU's
 *       {@code topology/core_id} and {@code topology/physical_package_id}; else /proc/cpuinfo; else CPUs
 *       0 to {@code Runtime.availableProcessors()} - 1 with cores and sockets unknown (-1);</li>
 *   <li>allowed CPUs: sched_getaffinity of the process ({@link Affinity#processAllowedCpus()}); else
 *       {@code Cpus_allowed_list} in /proc/self/status; else all online CPUs;</li>
 *   <li>IRQ CPUs: /proc/interrupts, counted as {@code Interrupts} documents: a CPU with a non-zero count
 *       on some numbered (device) IRQ row; named per-CPU rows such as LOC or RES are ignored; counts run
 *       since boot. Else none.</li>
 * </ul>
 * A source that is missing or malformed adds a line to {@link #notes()}. Where the allowed CPUs came from is in
 * {@link #describe()}: /proc/self/status stands in for sched_getaffinity without a note (its list is the same
 * kernel mask), and why sched_getaffinity is unavailable is its "sched_setaffinity" line.
 */
public final class CpuLayout {
    private static final Path SYS_CPU = Path.of("/sys/devices/system/cpu");
    private static final Path PROC = Path.of("/proc");

    private final CpuTopology topology;
    private final List<Integer> allowedCpus;
    private final String allowedSource;
    private final List<Integer> irqCpus;
    private final int jvmProcessors;
    private final String pinningUnsupportedReason;
    private final List<String> notes;

    private CpuLayout(CpuTopology topology, List<Integer> allowedCpus, String allowedSource, List<Integer> irqCpus,
                      int jvmProcessors, String pinningUnsupportedReason, List<String> notes) {
        this.topology = topology;
        this.allowedCpus = List.copyOf(allowedCpus);
        this.allowedSource = allowedSource;
        this.irqCpus = List.copyOf(irqCpus);
        this.jvmProcessors = jvmProcessors;
        this.pinningUnsupportedReason = pinningUnsupportedReason;
        this.notes = List.copyOf(notes);
    }

    /** @return this machine's layout, read now */
    public static CpuLayout current() {
        return read(SYS_CPU, PROC, Affinity.processAllowedCpusFromKernel(), Runtime.getRuntime().availableProcessors(),
                Affinity.unsupportedReason());
    }

    /**
     * Reads a layout from a sysfs CPU directory and a procfs root, for tests with fake trees.
     *
     * @param sysCpu                   the /sys/devices/system/cpu directory
     * @param proc                     the /proc directory
     * @param kernelAllowed            the process's allowed CPUs from sched_getaffinity, or null to read
     *                                 /proc/self/status
     * @param jvmProcessors            Runtime.availableProcessors()
     * @param pinningUnsupportedReason why pinning is unsupported, or null when it works
     */
    static CpuLayout read(Path sysCpu, Path proc, List<Integer> kernelAllowed, int jvmProcessors,
                          String pinningUnsupportedReason) {
        List<String> notes = new ArrayList<>();
        CpuTopology topology = topology(sysCpu, proc, jvmProcessors, notes);
        List<Integer> allowed = kernelAllowed;
        String allowedSource = "sched_getaffinity of the process";
        if (allowed == null) {
            allowed = allowedFromStatus(proc.resolve("self/status"), notes);
            allowedSource = "Cpus_allowed_list in /proc/self/status";
        }
        if (allowed == null) {
            allowed = topology.online();
            allowedSource = "assumed: all online CPUs";
        }
        List<Integer> irq = List.of();
        String interrupts = TextFile.readOrNote(proc.resolve("interrupts"), "IRQ CPUs unknown, none listed", notes);
        if (interrupts != null) {
            try {
                irq = Interrupts.deviceIrqCpus(interrupts, notes);
            } catch (IllegalArgumentException e) {
                notes.add(e.getMessage() + ": IRQ CPUs unknown, none listed");
            }
        }
        return new CpuLayout(topology, allowed, allowedSource, irq, jvmProcessors, pinningUnsupportedReason, notes);
    }

    private static CpuTopology topology(Path sysCpu, Path proc, int jvmProcessors, List<String> notes) {
        String online = TextFile.readOrNote(sysCpu.resolve("online"), "trying /proc/cpuinfo", notes);
        if (online != null) {
            try {
                return CpuTopology.fromSys(online,
                        cpu -> TextFile.readOrNull(sysCpu.resolve("cpu" + cpu + "/topology/core_id")),
                        cpu -> TextFile.readOrNull(sysCpu.resolve("cpu" + cpu + "/topology/physical_package_id")),
                        notes);
            } catch (IllegalArgumentException e) {
                notes.add(sysCpu.resolve("online") + ": " + e.getMessage() + ": trying /proc/cpuinfo");
            }
        }
        String consequence = "online CPUs assumed 0 to availableProcessors() - 1, cores and sockets unknown";
        String cpuinfo = TextFile.readOrNote(proc.resolve("cpuinfo"), consequence, notes);
        if (cpuinfo != null) {
            try {
                return CpuTopology.fromCpuinfo(cpuinfo, notes);
            } catch (IllegalArgumentException e) {
                notes.add(e.getMessage() + ": " + consequence);
            }
        }
        List<Integer> assumed = IntStream.range(0, jvmProcessors).boxed().collect(Collectors.toList());
        return new CpuTopology(assumed, CpuTopology.UNKNOWN, CpuTopology.UNKNOWN, "Runtime.availableProcessors()");
    }

    private static List<Integer> allowedFromStatus(Path status, List<String> notes) {
        String consequence = "allowed CPUs assumed to be all online CPUs";
        String text = TextFile.readOrNote(status, consequence, notes);
        if (text == null) {
            return null;
        }
        String list = ProcText.value(text, "Cpus_allowed_list");
        try {
            List<Integer> cpus = list == null ? List.of() : CpuList.parse(list);
            if (!cpus.isEmpty()) {
                return cpus;
            }
            notes.add(status + " has no Cpus_allowed_list: " + consequence);
        } catch (IllegalArgumentException e) {
            notes.add(status + ": " + e.getMessage() + ": " + consequence);
        }
        return null;
    }

    /** @return online CPU numbers, ascending */
    public List<Integer> onlineCpus() {
        return topology.online();
    }

    /** @return physical cores among the online CPUs, or -1 if unknown (see {@link #notes()}) */
    public int cores() {
        return topology.cores();
    }

    /** @return sockets (physical packages) among the online CPUs, or -1 if unknown (see {@link #notes()}) */
    public int sockets() {
        return topology.sockets();
    }

    /** @return the CPUs this process may run on, ascending */
    public List<Integer> allowedCpus() {
        return allowedCpus;
    }

    /**
     * @return CPUs with a non-zero count on some numbered (device) IRQ row of /proc/interrupts since boot,
     * ascending; empty when none or unknown (see {@link #notes()})
     */
    public List<Integer> irqCpus() {
        return irqCpus;
    }

    /** @return one line per source that was missing, unreadable or malformed, and what was used instead */
    public List<String> notes() {
        return notes;
    }

    /** @return the layout as the {@code contend affinity} command prints it, several lines, ending in a newline */
    public String describe() {
        StringBuilder text = new StringBuilder();
        text.append("CPU layout (").append(topology.source()).append(")\n");
        line(text, "online CPUs", cpus(onlineCpus()));
        line(text, "cores", count(cores()));
        line(text, "sockets", count(sockets()));
        line(text, "JVM processors", jvmProcessors + " (Runtime.availableProcessors)");
        text.append("Allowed CPUs\n");
        line(text, "process", cpus(allowedCpus) + "; " + allowedSource);
        text.append("IRQ CPUs\n");
        line(text, "device IRQs", (irqCpus.isEmpty() ? "none" : cpus(irqCpus))
                + "; non-zero counts on numbered rows of /proc/interrupts since boot");
        text.append("Pinning\n");
        line(text, "sched_setaffinity", pinningUnsupportedReason == null ? "supported (JNA)"
                : "not supported: " + pinningUnsupportedReason + "; pinning is a no-op");
        text.append("Notes\n");
        if (notes.isEmpty()) {
            text.append("  none: every source was read\n");
        }
        notes.forEach(note -> text.append("  ").append(note).append('\n'));
        return text.toString();
    }

    @Override
    public String toString() {
        return "CpuLayout[online=" + CpuList.format(onlineCpus()) + ", cores=" + cores() + ", sockets=" + sockets()
                + ", allowed=" + CpuList.format(allowedCpus) + ", irq=" + CpuList.format(irqCpus)
                + ", pinning=" + (pinningUnsupportedReason == null ? "supported" : "unsupported")
                + ", notes=" + notes.size() + "]";
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format("  %-18s %s\n", label, value));
    }

    private static String cpus(List<Integer> cpus) {
        return CpuList.format(cpus) + " (" + cpus.size() + (cpus.size() == 1 ? " CPU)" : " CPUs)");
    }

    private static String count(int value) {
        return value < 0 ? "unknown (see notes)" : Integer.toString(value);
    }
}

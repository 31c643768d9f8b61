package io.contend.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Pins threads to CPUs and asks where they run: Linux's sched_setaffinity, sched_getaffinity, sched_getcpu
 * and gettid through JNA, each for the calling thread.
 *
 * <p>Where pinning cannot work (not Linux, JNA or the C library not loadable, or the kernel refusing
 * sched_setaffinity, as a seccomp profile may), {@link #supported()} is false, {@link #unsupportedReason()}
 * says why, and {@link #pinCurrentThread} does nothing but say so once, as a warning through {@link System.Logger}
 * (logger {@code io.contend.exec.Affinity}): programs
 * that ask for affinity still run, unpinned.
 *
 * <p>A pinned platform thread stays pinned until it pins again or ends. A virtual thread would pin its
 * carrier, which then carries other virtual threads: pin platform threads only.
 */
public final class Affinity {
    private static final Path PROC_SELF_STATUS = Path.of("/proc/self/status");
    private static final Path PROC_THREAD_SELF = Path.of("/proc/thread-self");
    private static final AtomicBoolean WARNED = new AtomicBoolean();

    private Affinity() {
    }

    /**
     * Why the C library cannot be called, or null: checked without linking {@link LibC}, which would fail
     * with NoClassDefFoundError when the JNA jar is missing.
     */
    private static final class LibCCheck {
        static final String FAILURE = check();

        private static String check() {
            try {
                Class.forName("com.sun.jna.Native", false, Affinity.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                return "JNA (net.java.dev.jna:jna) is not on the class path";
            }
            return LibC.loadFailure();
        }
    }

    /** Probed on first use: the C library loads, and setting the calling thread's own mask again works. */
    private static final class Support {
        static final String UNSUPPORTED_REASON = probe();

        private static String probe() {
            if (!libcLoaded()) {
                return LibCCheck.FAILURE;
            }
            try {
                LibC.setAffinity(0, LibC.getAffinity(0));
                return null;
            } catch (ErrnoException e) {
                return "the kernel refused: " + e.getMessage();
            } catch (LinkageError | RuntimeException e) {
                return "sched_setaffinity is not callable: " + e;
            }
        }
    }

    /** @return true if the C library's functions can be called */
    static boolean libcLoaded() {
        return LibCCheck.FAILURE == null;
    }

    /** @return true on Linux with JNA loaded and sched_setaffinity working */
    public static boolean supported() {
        return Support.UNSUPPORTED_REASON == null;
    }

    /** @return why pinning is not supported, or null when it is */
    public static String unsupportedReason() {
        return Support.UNSUPPORTED_REASON;
    }

    /**
     * Restricts the calling thread to the given CPUs (one CPU pins it). The kernel moves the thread at once
     * if it is running elsewhere. When pinning is {@linkplain #supported() unsupported} this does nothing
     * beyond checking the argument, and the first such call logs why (a warning, logger {@code io.contend.exec.Affinity}).
     *
     * @param cpus CPU numbers, a subset of {@link #processAllowedCpus()}
     * @throws IllegalArgumentException if {@code cpus} is empty, or a CPU is negative or not among the
     *                                  process's allowed CPUs; the message names it
     * @throws IllegalStateException    if the kernel refuses for another reason (the message has errno)
     */
    public static void pinCurrentThread(Collection<Integer> cpus) {
        Objects.requireNonNull(cpus, "cpus");
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("cannot pin a thread to an empty set of CPUs");
        }
        for (Integer cpu : cpus) {
            CpuList.requireCpu(Objects.requireNonNull(cpu, "null CPU in " + cpus));
        }
        List<Integer> allowed = processAllowedCpus();
        if (!allowed.isEmpty()) {
            BitSet allowedSet = new BitSet();
            allowed.forEach(allowedSet::set);
            for (int cpu : cpus) {
                if (!allowedSet.get(cpu)) {
                    throw new IllegalArgumentException("CPU " + cpu + " is not among the process's allowed CPUs "
                            + CpuList.format(allowed));
                }
            }
        }
        if (!supported()) {
            warnUnsupportedOnce();
            return;
        }
        try {
            LibC.setAffinity(0, cpus);
        } catch (ErrnoException e) {
            throw new IllegalStateException("pinning to CPUs " + CpuList.format(cpus) + ": " + e.getMessage()
                    + " (are they still online and in this process's cpuset?)", e);
        }
    }

    /**
     * The process's allowed CPUs: the affinity of its first thread (the process id), which the JVM never
     * pins (the launcher runs {@code main} on a new thread), so it is the mask the process was started with
     * (taskset, cgroup cpuset).
     *
     * @return ascending CPU numbers, from sched_getaffinity, else from {@code Cpus_allowed_list} in
     * /proc/self/status; empty when neither is available
     */
    public static List<Integer> processAllowedCpus() {
        List<Integer> fromKernel = processAllowedCpusFromKernel();
        return fromKernel != null ? fromKernel : allowedListOrEmpty(TextFile.readOrNull(PROC_SELF_STATUS));
    }

    /** @return the process's allowed CPUs from sched_getaffinity, or null when it cannot be called */
    static List<Integer> processAllowedCpusFromKernel() {
        if (!libcLoaded()) {
            return null;
        }
        try {
            List<Integer> cpus = LibC.getAffinity(LibC.getpid());
            return cpus.isEmpty() ? null : List.copyOf(cpus);
        } catch (ErrnoException e) {
            return null;
        }
    }

    /**
     * @return the CPUs the calling thread may run on, ascending (sched_getaffinity, else
     * /proc/thread-self/status); empty when unknown
     */
    public static List<Integer> currentThreadAllowedCpus() {
        if (libcLoaded()) {
            try {
                return List.copyOf(LibC.getAffinity(0));
            } catch (ErrnoException e) {
                // Fall through to /proc.
            }
        }
        return allowedListOrEmpty(TextFile.readOrNull(PROC_THREAD_SELF.resolve("status")));
    }

    /**
     * @return the CPU the calling thread is running on right now (sched_getcpu, else the processor field of
     * /proc/thread-self/stat), or -1 if unknown; it may have moved by the time the caller looks, unless it is
     * pinned to one CPU
     */
    public static int currentCpu() {
        int cpu = libcLoaded() ? LibC.currentCpu() : -1;
        return cpu >= 0 ? cpu : SchedStats.lastCpu(TextFile.readOrNull(PROC_THREAD_SELF.resolve("stat")));
    }

    /**
     * The calling thread's Linux thread id, the name of its directory under /proc/self/task: gettid, else
     * the raw gettid system call (x86_64, aarch64), else the /proc/thread-self link.
     *
     * @return the id, or -1 if unknown (not Linux)
     */
    public static long currentThreadId() {
        if (libcLoaded()) {
            long tid = LibC.currentThreadId();
            if (tid > 0) {
                return tid;
            }
        }
        try {
            // The link reads "<pid>/task/<tid>".
            Path target = Files.readSymbolicLink(PROC_THREAD_SELF);
            return ProcText.count(target.getFileName().toString());
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Logs once, as a warning, that pinning is off and why. */
    static void warnUnsupportedOnce() {
        if (WARNED.compareAndSet(false, true)) {
            System.getLogger(Affinity.class.getName()).log(System.Logger.Level.WARNING, "CPU pinning is off ("
                    + unsupportedReason() + "); threads run wherever the kernel puts them");
        }
    }

    private static List<Integer> allowedListOrEmpty(String status) {
        String list = ProcText.value(status, "Cpus_allowed_list");
        try {
            return list == null ? List.of() : CpuList.parse(list);
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }
}

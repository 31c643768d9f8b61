package io.contend.exec;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Platform;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The Linux C library calls behind {@link Affinity}, through JNA. Loaded once; where it cannot load (not
 * Linux, no native JNA part, no libc), {@link #loadFailure()} says why. Only touch this class after
 * checking that JNA is on the class path: linking it loads JNA's classes ({@link Affinity} does the check).
 * Failures come out as {@link ErrnoException}, so callers need no JNA types.
 *
 * <p>Masks are {@code cpu_set_t}: an array of C {@code unsigned long}s, CPU n at bit n % bits-per-long of
 * word n / bits-per-long. Words are written as native longs, so this holds on 32- and 64-bit and either
 * byte order.
 */
final class LibC {
    /** glibc's CPU_SETSIZE: the first mask size tried, enough for 1024 CPUs. */
    private static final int FIRST_MASK_BITS = 1024;
    /** Linux's largest NR_CPUS is 8192; anything that needs more than this is a bug, not a machine. */
    private static final int MAX_MASK_BITS = 1 << 16;
    private static final int EINVAL = 22;

    /** The functions used, as JNA maps them; those declaring LastErrorException report errno through it. */
    interface Calls extends Library {
        int sched_setaffinity(int pid, NativeLong cpusetsize, Memory mask) throws LastErrorException;

        int sched_getaffinity(int pid, NativeLong cpusetsize, Memory mask) throws LastErrorException;

        int sched_getcpu() throws LastErrorException;

        int getpid();

        /** glibc 2.30 and later; older C libraries lack the symbol, hence {@link #syscall}. */
        int gettid();

        NativeLong syscall(NativeLong number, Object... args) throws LastErrorException;
    }

    private static final Calls CALLS;
    private static final String LOAD_FAILURE;

    static {
        Calls calls = null;
        String failure = null;
        try {
            if (!Platform.isLinux()) {
                failure = "not Linux (os.name=" + System.getProperty("os.name") + ")";
            } else {
                calls = Native.load(Platform.C_LIBRARY_NAME, Calls.class);
            }
        } catch (LinkageError | RuntimeException e) {
            // NoClassDefFoundError without the JNA jar, UnsatisfiedLinkError without its native part or libc.
            failure = "JNA could not load the C library (" + e + ")";
        }
        CALLS = calls;
        LOAD_FAILURE = failure;
    }

    /** Set once a C library without gettid was met, so the missing symbol is looked up only once. */
    private static volatile boolean gettidMissing;

    private LibC() {
    }

    /** @return why the C library is not loaded, or null if it is */
    static String loadFailure() {
        return LOAD_FAILURE;
    }

    private static Calls calls() {
        if (CALLS == null) {
            throw new IllegalStateException("the C library is not loaded: " + LOAD_FAILURE);
        }
        return CALLS;
    }

    /** @return the process id */
    static int getpid() {
        return calls().getpid();
    }

    /** @return the calling thread's CPU (sched_getcpu), or -1 if the call fails */
    static int currentCpu() {
        try {
            return calls().sched_getcpu();
        } catch (LastErrorException | LinkageError e) {
            return -1;
        }
    }

    /** @return the calling thread's id: gettid, else the raw system call where its number is known, else -1 */
    static long currentThreadId() {
        if (!gettidMissing) {
            try {
                return calls().gettid();
            } catch (UnsatisfiedLinkError e) {
                gettidMissing = true;
            }
        }
        long number = gettidSyscallNumber();
        if (number < 0) {
            return -1;
        }
        try {
            return calls().syscall(new NativeLong(number)).longValue();
        } catch (LastErrorException | LinkageError e) {
            return -1;
        }
    }

    private static long gettidSyscallNumber() {
        switch (System.getProperty("os.arch", "")) {
            case "amd64":
            case "x86_64":
                return 186;
            case "aarch64":
                return 178;
            default:
                return -1;
        }
    }

    /**
     * sched_getaffinity, growing the mask until the kernel accepts its size.
     *
     * @param pid a thread id, or 0 for the calling thread
     * @return the CPUs the thread may run on, ascending
     * @throws ErrnoException if the kernel refuses for a reason other than the mask size
     */
    static List<Integer> getAffinity(int pid) {
        for (int bits = FIRST_MASK_BITS; ; bits *= 2) {
            Memory mask = new Memory(bits / 8);
            mask.clear();
            try {
                calls().sched_getaffinity(pid, new NativeLong(bits / 8), mask);
                return cpus(mask, bits);
            } catch (LastErrorException e) {
                // EINVAL: the kernel has more possible CPUs than the mask holds.
                if (e.getErrorCode() != EINVAL || bits >= MAX_MASK_BITS) {
                    throw new ErrnoException("sched_getaffinity", e.getErrorCode(), e.getMessage());
                }
            }
        }
    }

    /**
     * sched_setaffinity.
     *
     * @param pid  a thread id, or 0 for the calling thread
     * @param cpus CPU numbers, each from 0 to {@link CpuList#MAX_CPU}
     * @throws ErrnoException if the kernel refuses (EINVAL: none of the CPUs is usable)
     */
    static void setAffinity(int pid, Collection<Integer> cpus) {
        int wordBits = Native.LONG_SIZE * 8;
        int maxCpu = cpus.stream().mapToInt(Integer::intValue).max().orElse(0);
        int bits = Math.max(FIRST_MASK_BITS, (maxCpu / wordBits + 1) * wordBits);
        long[] words = new long[bits / wordBits];
        for (int cpu : cpus) {
            words[cpu / wordBits] |= 1L << (cpu % wordBits);
        }
        Memory mask = new Memory(bits / 8);
        for (int i = 0; i < words.length; i++) {
            mask.setNativeLong((long) i * Native.LONG_SIZE, new NativeLong(words[i]));
        }
        try {
            calls().sched_setaffinity(pid, new NativeLong(bits / 8), mask);
        } catch (LastErrorException e) {
            throw new ErrnoException("sched_setaffinity", e.getErrorCode(), e.getMessage());
        }
    }

    private static List<Integer> cpus(Memory mask, int bits) {
        int wordBits = Native.LONG_SIZE * 8;
        List<Integer> cpus = new ArrayList<>();
        for (int word = 0; word < bits / wordBits; word++) {
            long value = mask.getNativeLong((long) word * Native.LONG_SIZE).longValue();
            for (int bit = 0; bit < wordBits && value != 0; bit++) {
                if ((value & (1L << bit)) != 0) {
                    cpus.add(word * wordBits + bit);
                }
            }
        }
        return cpus;
    }
}

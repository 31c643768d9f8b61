package io.contend.exec;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Objects;

/**
 * One thread's scheduler counters, as Linux keeps them since the thread started: how often it moved
 * between CPUs, how often it gave up its CPU (voluntary: it blocked, slept, parked or yielded) or had it
 * taken (involuntary: preempted), and the CPU it last ran on. Take two snapshots and subtract with
 * {@link #minus}; add threads up with {@link #sum}.
 *
 * <p>Sources: {@code /proc/self/task/<tid>/sched} ({@code se.nr_migrations}; its
 * {@code nr_voluntary_switches} and {@code nr_involuntary_switches} when status lacks them),
 * {@code .../status} ({@code voluntary_ctxt_switches}, {@code nonvoluntary_ctxt_switches}) and field 39 of
 * {@code .../stat} (processor). A counter that no source gives, for example migrations on a kernel built
 * without the sched file, is {@link #UNKNOWN_COUNT}; reading never throws.
 *
 * @param migrations          CPU migrations, or -1 if unknown
 * @param voluntarySwitches   voluntary context switches, or -1 if unknown
 * @param involuntarySwitches involuntary context switches, or -1 if unknown
 * @param lastCpu             the CPU the thread last ran on, or -1 if unknown
 */
public record SchedStats(long migrations, long voluntarySwitches, long involuntarySwitches, int lastCpu) {
    /** The value of a counter or CPU that could not be read. */
    public static final long UNKNOWN_COUNT = -1;

    /** Every field unknown: what a thread that cannot be found reads as. */
    public static final SchedStats UNKNOWN = new SchedStats(-1, -1, -1, -1);

    private static final Path PROC_SELF_TASK = Path.of("/proc/self/task");
    private static final Path PROC_THREAD_SELF = Path.of("/proc/thread-self");
    /** stat's processor field is the 39th; fields from the 3rd on follow the command name's closing parenthesis. */
    private static final int STAT_PROCESSOR_AFTER_COMM = 39 - 3;

    /**
     * Checks the fields.
     *
     * @param migrations CPU migrations, or -1 if unknown
     * @param voluntarySwitches voluntary context switches, or -1 if unknown
     * @param involuntarySwitches involuntary context switches, or -1 if unknown
     * @param lastCpu the CPU the thread last ran on, or -1 if unknown
     * @throws IllegalArgumentException if a field is below -1
     */
    public SchedStats {
        requireCount("migrations", migrations);
        requireCount("voluntarySwitches", voluntarySwitches);
        requireCount("involuntarySwitches", involuntarySwitches);
        requireCount("lastCpu", lastCpu);
    }

    /**
     * @param tid a Linux thread id of this process, e.g. from {@link Affinity#currentThreadId()}
     * @return its counters now; {@link #UNKNOWN} fields where a file or line is missing (also for an ended
     * thread or a negative id)
     */
    public static SchedStats ofThread(long tid) {
        if (tid < 0) {
            return UNKNOWN;
        }
        return read(PROC_SELF_TASK.resolve(Long.toString(tid)));
    }

    /** @return the calling thread's counters now */
    public static SchedStats ofCurrentThread() {
        long tid = Affinity.currentThreadId();
        return tid >= 0 ? ofThread(tid) : read(PROC_THREAD_SELF);
    }

    /**
     * @param taskDir a directory with a thread's sched, status and stat files
     * @return its counters, {@link #UNKNOWN} fields for what is missing
     */
    static SchedStats read(Path taskDir) {
        return parse(TextFile.readOrNull(taskDir.resolve("sched")), TextFile.readOrNull(taskDir.resolve("status")),
                TextFile.readOrNull(taskDir.resolve("stat")));
    }

    /**
     * @param sched  the sched file's text, or null
     * @param status the status file's text, or null
     * @param stat   the stat file's text, or null
     * @return the counters found
     */
    static SchedStats parse(String sched, String status, String stat) {
        long voluntary = ProcText.count(status, "voluntary_ctxt_switches");
        long involuntary = ProcText.count(status, "nonvoluntary_ctxt_switches");
        return new SchedStats(
                ProcText.count(sched, "se.nr_migrations"),
                voluntary >= 0 ? voluntary : ProcText.count(sched, "nr_voluntary_switches"),
                involuntary >= 0 ? involuntary : ProcText.count(sched, "nr_involuntary_switches"),
                lastCpu(stat));
    }

    /**
     * @param stat the stat file's text, or null
     * @return its processor field, or -1 if absent or malformed
     */
    static int lastCpu(String stat) {
        if (stat == null) {
            return -1;
        }
        // The command name (field 2) may hold spaces and parentheses; it ends at the last ')'.
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        String[] fields = stat.substring(close + 1).strip().split("\\s+");
        if (fields.length <= STAT_PROCESSOR_AFTER_COMM) {
            return -1;
        }
        long cpu = ProcText.count(fields[STAT_PROCESSOR_AFTER_COMM]);
        return cpu <= CpuList.MAX_CPU ? (int) cpu : -1;
    }

    /**
     * What happened between an earlier snapshot of the same thread and this one.
     *
     * @param earlier the earlier snapshot
     * @return counter differences (-1 where either side is unknown) and this snapshot's last CPU
     * @throws IllegalArgumentException if a counter of {@code earlier} is above this one's: not an earlier
     *                                  snapshot of the same thread
     */
    public SchedStats minus(SchedStats earlier) {
        Objects.requireNonNull(earlier, "earlier");
        return new SchedStats(
                difference("migrations", migrations, earlier.migrations),
                difference("voluntarySwitches", voluntarySwitches, earlier.voluntarySwitches),
                difference("involuntarySwitches", involuntarySwitches, earlier.involuntarySwitches),
                lastCpu);
    }

    /**
     * Adds up several threads' counters. A counter unknown for any thread is unknown in the sum (a partial
     * sum would understate); the last CPU of a sum is -1, it has no single one.
     *
     * @param stats snapshots or differences, one per thread
     * @return the totals; zeros for an empty collection
     */
    public static SchedStats sum(Collection<SchedStats> stats) {
        Objects.requireNonNull(stats, "stats");
        long migrations = 0;
        long voluntary = 0;
        long involuntary = 0;
        for (SchedStats s : stats) {
            Objects.requireNonNull(s, "null element in stats");
            migrations = add(migrations, s.migrations);
            voluntary = add(voluntary, s.voluntarySwitches);
            involuntary = add(involuntary, s.involuntarySwitches);
        }
        return new SchedStats(migrations, voluntary, involuntary, -1);
    }

    /** @return voluntary plus involuntary switches, or -1 if either is unknown */
    public long contextSwitches() {
        return add(voluntarySwitches, involuntarySwitches);
    }

    private static long add(long a, long b) {
        return a < 0 || b < 0 ? UNKNOWN_COUNT : a + b;
    }

    private static long difference(String field, long later, long earlier) {
        if (later < 0 || earlier < 0) {
            return UNKNOWN_COUNT;
        }
        if (earlier > later) {
            throw new IllegalArgumentException(field + " of the earlier snapshot (" + earlier
                    + ") is above this one's (" + later + "): not an earlier snapshot of the same thread");
        }
        return later - earlier;
    }

    private static void requireCount(String field, long value) {
        if (value < -1) {
            throw new IllegalArgumentException(field + " is " + value + ": must be -1 (unknown) or more");
        }
    }
}

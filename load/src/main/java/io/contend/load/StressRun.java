package io.contend.load;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/*
 * Implementation notes.
 *
 * Threads: the generator threads (Generator) run and record operations; the thread that calls run() is the
 * reporter: it takes an interval of every tag at each boundary (IntervalReporter), writes the log and ends the
 * run. stop() may come from any thread (a shutdown hook).
 *
 * Stopping: stop() writes stopAtNanos, then stopRequested (both volatile), then reads the current generator
 * and cuts it off at stopAtNanos, and unparks the reporter. A phase publishes its generator (volatile write)
 * before it reads stopRequested, so either stop() sees the generator and cuts it off, or the phase sees the
 * request and cuts it off itself: a stop is never lost. The reporter then waits at most STOP_GRACE for the
 * operations in flight, takes the last interval, and only then reads the started count: an operation recorded
 * before that last take was started before it (program order, and the phaser's ordering in IntervalRecorder),
 * so started >= completed + errors, and the difference is what was still running (unfinished). Threads still
 * running are interrupted and abandoned (they are daemons); what they record later is never read.
 *
 * Agreed start (StressConfig.startAt, shared by the shards of one schedule): the wall-clock instant is mapped once
 * to the nanoTime clock (Instant.now() and nanoTime() read back to back), and the measured phase starts there, so
 * operation 0's intended start and the log's StartTime are that instant on every machine, to the machines' clock
 * agreement. The warm-up, if any, runs just before it: no warm-up operation starts after start - START_SLACK (the
 * warm-up has no late-start grace), and the warm-up waits for those in flight, so only an operation slower than
 * the slack delays the measured phase (whose first operations then start late and count as late sends). The
 * measured phase's statistics are built before the wait, so only starting the threads is left at the instant.
 *
 * Source: cassandra-stress's coordinated-omission fix (CASSANDRA-11853; Nitsan Wakart, "Fixing Coordinated
 * Omission in Cassandra Stress", 2016); HdrHistogram's Recorder and HistogramLogWriter.
 */

/**
 * Runs a workload under a {@link Rate} and records it without coordinated omission (Nitsan Wakart, "Fixing
 * Coordinated Omission in Cassandra Stress", 2016).
 *
 * <p>Generator threads claim operation numbers in small blocks from one shared counter ({@link OperationNumbers}:
 * one atomic add per block, at most {@value OperationNumbers#BLOCK_SPAN_NANOS} ns of schedule per block) and
 * record into their own per-thread recorders, so the per-operation path writes no shared memory. In a paced
 * mode operation n has the intended start {@link Schedule#intendedStartNanos(long)}: its thread waits until
 * then (parking, spinning for the last 20 us), runs the operation and records response time from the intended
 * start, service time from the actual start and wait time between them. A thread that falls behind starts
 * late and the lateness shows in response and wait time: nothing is skipped and no schedule slips. In
 * throughput mode an operation's intended start is its actual start. Operations that run back to back (all
 * out, or behind schedule) take the previous operation's end as their start: one clock read per operation,
 * and the generator's own few nanoseconds between them count as service time.
 *
 * <p>The calling thread reports: every interval it takes each tag's interval histograms (an operation's three
 * latencies always in the same interval), writes them to the HdrHistogram interval log (format 1.3, tags
 * {@code <op>-rt}, {@code <op>-st}, {@code <op>-wt}, written by HdrHistogram's own HistogramLogWriter) and passes
 * an {@link IntervalReport} to the listener.
 *
 * <p>The run ends when the duration has passed or the operations are done (operations in flight then finish;
 * in a paced run, an operation scheduled within the duration that starts late may still start up to 1 s after
 * it, so that a brief stall at the end does not lose operations, and later ones count as missed),
 * or early: on {@link #stop()} (e.g. from a Ctrl-C hook), an interrupt of the calling thread, or a failed log
 * write. An early end waits at most {@link #STOP_GRACE} for operations in flight, writes the last interval and
 * the summary's numbers, and counts operations still running as unfinished and operations scheduled but never
 * started as missed. A stop during the warm-up ends the run without measuring. {@link #run()} throws no checked
 * exception: what goes wrong during the run (a log that fills the disk, a workload that fails to close) is
 * reported in {@link StressResult#faults()} next to what was measured.
 */
public final class StressRun {
    /**
     * With an agreed start ({@link StressConfig#startAt()}), no warm-up operation starts later than this before it,
     * so that the warm-up's operations in flight can end before the measured phase's first one is due.
     */
    public static final Duration START_SLACK = Duration.ofMillis(100);
    /** How long a stopped run waits for operations in flight before it counts them as unfinished. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(1);

    /** Receives live output, on the thread that called {@link #run()}. */
    @FunctionalInterface
    public interface Listener {
        /**
         * Called once per interval of the measured run.
         *
         * @param report the interval's numbers
         */
        void interval(IntervalReport report);

        /** Called once the interval log (if any) is open, before the warm-up. */
        default void started() {
        }
    }

    private final Workload workload;
    private final StressConfig config;
    private final Listener listener;
    private final StressLog.Opener logOpener;
    private final String host;
    private volatile boolean stopRequested;
    /** When stop() was called (nanoTime); written before stopRequested, read after it. */
    private volatile long stopAtNanos;
    private volatile Generator current;
    private volatile Thread reporter;

    /**
     * @param workload what to run; closed when the run ends, or here if it is refused
     * @param config settings
     * @param listener live output, or null
     * @throws IllegalArgumentException if the workload has no operations, one whose name {@link Operation#checkName}
     *         refuses (it would break the log's tags), or two with the same name; the workload is then closed
     */
    public StressRun(Workload workload, StressConfig config, Listener listener) {
        this(workload, config, listener, StressLog.FILES);
    }

    StressRun(Workload workload, StressConfig config, Listener listener, StressLog.Opener logOpener) {
        this.workload = Objects.requireNonNull(workload, "workload");
        this.config = Objects.requireNonNull(config, "config");
        this.listener = listener == null ? r -> { } : listener;
        this.logOpener = logOpener;
        this.host = ShardHeader.localHost();
        try {
            checkOperations(workload);
        } catch (IllegalArgumentException e) {
            try {
                workload.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    private static void checkOperations(Workload workload) {
        List<Operation> ops = workload.operations();
        if (ops == null || ops.isEmpty()) {
            throw new IllegalArgumentException("workload " + workload + " has no operations");
        }
        for (Operation op : ops) {
            try {
                Operation.checkName(op.name());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("workload " + workload + ": " + e.getMessage(), e);
            }
        }
        if (ops.stream().map(Operation::name).distinct().count() != ops.size()) {
            throw new IllegalArgumentException("workload " + workload + " has operations with the same name: " + ops);
        }
    }

    /** Ends the run early and cleanly; safe from any thread, e.g. a shutdown hook. */
    public void stop() {
        stopAtNanos = System.nanoTime();
        stopRequested = true;
        Generator g = current;
        if (g != null) {
            g.cutOff(stopAtNanos);
        }
        Thread t = reporter;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /**
     * Opens the log, runs the warm-up (if any) and the measured run, and closes the log and the workload.
     *
     * @return what was measured, with any fault that ended the run early
     * @throws java.io.UncheckedIOException if the interval log cannot be opened (nothing has run then)
     * @throws VirtualMachineError if an operation threw one (after the log and the workload are closed)
     */
    public StressResult run() {
        reporter = Thread.currentThread();
        List<StressResult.Fault> faults = new ArrayList<>();
        StressLog log = config.log() == null ? null : StressLog.open(config.log(), logComments(), logOpener);
        StressResult result;
        try {
            listener.started();
            result = measure(log, faults);
        } finally {
            if (log != null) {
                log.close();
            }
            try {
                workload.close();
            } catch (Exception e) {
                faults.add(new StressResult.Fault(StressResult.FaultKind.WORKLOAD_CLOSE,
                        "closing workload " + workload + " failed: " + OperationStats.describe(e), e));
            } finally {
                reporter = null;
            }
        }
        if (log != null && log.failure() != null
                && faults.stream().noneMatch(f -> f.kind() == StressResult.FaultKind.INTERVAL_LOG)) {
            faults.add(new StressResult.Fault(StressResult.FaultKind.INTERVAL_LOG, log.failure(), log.failureCause()));
        }
        return result.toBuilder().faults(faults).build();
    }

    private StressResult measure(StressLog log, List<StressResult.Fault> faults) {
        boolean interrupted = false;
        try {
            Duration warmupLength = config.warmup();
            if (config.startAt() != null && !warmupLength.isZero()) {
                // the warm-up ends just before the agreed start: it waits until then less the warm-up, or is cut short
                Instant warmupEnd = config.startAt().minus(START_SLACK);
                interrupted |= awaitStart(nanoTimeAt(warmupEnd.minus(warmupLength)));
                if (stopRequested) { // before any warm-up operation was sent
                    return StressResult.builder(config.rate()).end(StressResult.End.STOPPED_IN_WARMUP).build();
                }
                Duration left = Duration.between(Instant.now(), warmupEnd);
                warmupLength = left.compareTo(warmupLength) < 0 ? left : warmupLength;
            }
            if (!warmupLength.isNegative() && !warmupLength.isZero()) {
                Phase warmup = new Phase(warmupLength, 0, null, r -> { }, 0);
                warmup.execute(faults, System.currentTimeMillis(), System.nanoTime());
                interrupted |= warmup.interrupted;
                if (stopRequested) {
                    return StressResult.builder(config.rate()).end(StressResult.End.STOPPED_IN_WARMUP).build();
                }
            }
            // built before an agreed start, so that only the threads' start is left to do when it comes
            Phase measured = new Phase(config.duration(), config.shardOps(), log, listener, Generator.LATE_START_GRACE_NANOS);
            StressResult result;
            if (config.startAt() == null) {
                result = measured.execute(faults, System.currentTimeMillis(), System.nanoTime());
            } else {
                long startNanos = nanoTimeAt(config.startAt());
                interrupted |= awaitStart(startNanos);
                if (stopRequested) {
                    return StressResult.builder(config.rate()).end(StressResult.End.STOPPED_IN_WARMUP).build();
                }
                result = measured.execute(faults, config.startAt().toEpochMilli(), startNanos);
            }
            interrupted |= measured.interrupted;
            return result;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private List<String> logComments() {
        String shard = config.shard().isWhole() ? "" : ", shard " + config.shard() + " on " + host;
        String first = "contend stress: " + workload + ", " + config.rate() + shard + ", " + config.threads()
                + " thread(s); tags " + String.join(", ", java.util.Arrays.stream(LatencyKind.values())
                        .map(k -> "<op>-" + k.suffix() + " (" + k.description() + ")").toList()) + "; values in ns";
        return List.of(first, ShardHeader.of(config, host).line());
    }

    /** @return the nanoTime reading at the wall-clock instant (to the wall clock's resolution) */
    private static long nanoTimeAt(Instant instant) {
        long nowNanos = System.nanoTime();
        Instant now = Instant.now();
        Duration until = Duration.between(now, instant);
        if (until.abs().compareTo(Durations.MAX) >= 0) { // 292 years: nanoTime arithmetic would wrap
            throw new IllegalArgumentException("start time " + instant + " is too far from now (" + now + ")");
        }
        return nowNanos + until.toNanos();
    }

    /**
     * Parks until the start (nanoTime) or a stop.
     *
     * @return whether the thread was interrupted (which also stops the run)
     */
    private boolean awaitStart(long startNanos) {
        while (!stopRequested) {
            long left = startNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            LockSupport.parkNanos(this, left);
            if (Thread.interrupted()) {
                stop();
                return true;
            }
        }
        return false;
    }

    /** One timed run over fresh statistics: the warm-up or the measurement. */
    private final class Phase {
        private final long durationNanos;
        private final long lateStartGraceNanos;
        private final StressLog log;
        private final Listener phaseListener;
        private final OperationStats[] stats;
        private final Generator generator;
        private boolean interrupted;

        /**
         * @param duration how long operations may start, or null for no limit
         * @param opsLimit operations to run, 0 for no limit
         * @param log where intervals go, or null
         * @param phaseListener live output
         * @param lateStartGraceNanos how long after the duration an operation scheduled within it may still
         *        start: none for a warm-up, which must be over by the agreed start
         */
        Phase(Duration duration, long opsLimit, StressLog log, Listener phaseListener, long lateStartGraceNanos) {
            this.lateStartGraceNanos = lateStartGraceNanos;
            this.durationNanos = duration == null ? Long.MAX_VALUE : duration.toNanos();
            this.log = log;
            this.phaseListener = phaseListener;
            Operation[] operations = workload.operations().toArray(new Operation[0]);
            stats = new OperationStats[operations.length];
            for (int i = 0; i < operations.length; i++) {
                stats[i] = new OperationStats(operations[i].name());
            }
            generator = new Generator(operations, stats, config.rate(), config.shard(), config.threads(), opsLimit,
                    Thread.currentThread(),
                    config.idle());
        }

        /**
         * Starts the generator, reports every interval until the end, and sums up.
         *
         * @param startMillis the phase's start on the wall clock (the log's StartTime)
         * @param startNanos the same moment on the nanoTime clock: operation 0's intended start
         */
        StressResult execute(List<StressResult.Fault> faults, long startMillis, long startNanos) {
            long[] gcBefore = gcTotals();
            generator.start(startNanos, durationNanos, lateStartGraceNanos);
            current = generator;
            try {
                if (stopRequested) {
                    generator.cutOff(stopAtNanos);
                }
                if (log != null && !log.start(startMillis)) {
                    endOnLogFailure(startNanos, faults);
                }
                IntervalReporter reporter = new IntervalReporter(stats, config.rate().reportedLatency(), startMillis,
                        startNanos, log, phaseListener);
                long end = reportUntilEnd(reporter, startNanos, faults);
                VirtualMachineError fatal = generator.fatal();
                if (fatal != null) {
                    throw fatal;
                }
                long[] gcAfter = gcTotals();
                return result(end - startNanos, gcAfter[0] - gcBefore[0], gcAfter[1] - gcBefore[1]);
            } finally {
                current = null;
                generator.interrupt();
            }
        }

        /** @return when the last interval ended (nanoTime) */
        private long reportUntilEnd(IntervalReporter reporter, long startNanos, List<StressResult.Fault> faults) {
            long intervalStart = startNanos;
            long intervalNanos = config.interval().toNanos();
            while (true) {
                long boundary = intervalStart + intervalNanos;
                boolean atBoundary = awaitBoundary(boundary);
                if (!atBoundary && stopRequested) {
                    awaitInFlight(System.nanoTime() + STOP_GRACE.toNanos());
                }
                long intervalEnd = atBoundary ? boundary : System.nanoTime();
                if (!reporter.report(intervalStart, intervalEnd) && log.failure() != null && !stopRequested) {
                    endOnLogFailure(startNanos, faults);
                }
                if (!atBoundary) {
                    return intervalEnd;
                }
                intervalStart = intervalEnd;
            }
        }

        private void endOnLogFailure(long startNanos, List<StressResult.Fault> faults) {
            stop();
            faults.add(new StressResult.Fault(StressResult.FaultKind.INTERVAL_LOG, log.failure()
                    + String.format(java.util.Locale.ROOT, "; the run stopped at %.1f s", (stopAtNanos - startNanos) / 1e9),
                    log.failureCause()));
        }

        /**
         * @return true at the boundary; false when every generator thread has finished or a stop was requested
         */
        private boolean awaitBoundary(long boundary) {
            while (true) {
                if (generator.finished() || stopRequested) {
                    return false;
                }
                long left = boundary - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    interrupted = true;
                    stop();
                }
            }
        }

        /** Waits until the generator threads have finished, or the deadline; an interrupt ends the wait. */
        private void awaitInFlight(long deadline) {
            while (!generator.finished()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                LockSupport.parkNanos(this, left);
                if (Thread.interrupted()) {
                    interrupted = true;
                    return;
                }
            }
        }

        private StressResult result(long elapsed, long gcCount, long gcMillis) {
            List<StressResult.Op> ops = new ArrayList<>();
            long completed = 0;
            long errors = 0;
            for (OperationStats s : stats) {
                ops.add(new StressResult.Op(s.name(), s.total(LatencyKind.RESPONSE), s.total(LatencyKind.SERVICE),
                        s.total(LatencyKind.WAIT), s.completed(), s.errors(), s.firstErrors(), s.clampedValues()));
                completed += s.completed();
                errors += s.errors();
            }
            long started = generator.started(); // after the last interval was taken: see the implementation notes
            long cutoff = generator.cutoffOffset();
            long opsLimit = generator.opsLimit();
            boolean cutShort = stopRequested && cutoff < durationNanos && (opsLimit == 0 || started < opsLimit);
            long measured = cutShort ? Math.min(elapsed, cutoff) : elapsed;
            long scheduled = started;
            Schedule schedule = generator.schedule();
            if (schedule != null) {
                long byTime = schedule.operationsWithin(Math.min(cutoff, elapsed));
                scheduled = Math.max(started, opsLimit > 0 ? Math.min(byTime, opsLimit) : byTime);
                if (!cutShort) {
                    // A paced run that ran its course spans its schedule, up to the intended start of the operation
                    // after its last (or the duration), not just to its last operation's end: 10 operations at 10/s
                    // take 1 s, though the last ends at about 0.9 s.
                    long window = schedule.intendedStartNanos(scheduled) - schedule.startNanos();
                    measured = Math.max(measured, Math.min(window, durationNanos));
                }
            }
            long unfinished = Math.max(0, started - completed - errors);
            return StressResult.builder(config.rate()).operations(ops).scheduled(scheduled).completed(completed)
                    .errors(errors).unfinished(unfinished).missed(scheduled - started).elapsedNanos(measured)
                    .end(cutShort ? StressResult.End.STOPPED : StressResult.End.FINISHED).gc(gcCount, gcMillis).build();
        }
    }

    private static long[] gcTotals() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new long[] {count, millis};
    }

    @Override
    public String toString() {
        return "StressRun{" + workload + ", " + config + "}";
    }
}

package io.contend.load;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/*
 * Implementation notes.
 *
 * Algorithm: generator threads claim operation numbers with one XADD on a shared counter, wait for the
 * intended start (paced modes), run, and record into per-tag HdrHistogram Recorders (wait-free for writers; the
 * reporter swaps interval histograms with the recorders' own WriterReaderPhaser). The calling thread reports
 * per interval and ends the run.
 *
 * Ordering: stopRequested, stopAtNanos and cutoffNanos are volatile; stop() writes stopAtNanos before
 * stopRequested, so a reader that sees the request sees the time. Workers read cutoffNanos and stopRequested
 * before starting each operation, so no operation starts after the reporter has moved the cutoff and observed
 * it. Worker threads are joined before the last interval is taken and the totals are read (join gives
 * happens-before), so the result counts every operation exactly once. Counts are LongAdders.
 *
 * Source: cassandra-stress's coordinated-omission fix (CASSANDRA-11853; Nitsan Wakart, "Fixing Coordinated
 * Omission in Cassandra Stress"); HdrHistogram's Recorder and HistogramLogWriter.
 */

/**
 * Runs a workload under a {@link Rate} and records it without coordinated omission (CASSANDRA-11853).
 *
 * <p>Generator threads claim operation numbers from one shared counter. In a paced mode operation n has the
 * intended start {@link Schedule#intendedStartNanos(long)}: its thread waits until then (parking, spinning for
 * the last 20 us), runs the operation and records response time from the intended start, service time from
 * the actual start and wait time between them. A thread that falls behind starts late and the lateness shows
 * in response and wait time: nothing is skipped and no schedule slips. In throughput mode an operation's
 * intended start is its actual start.
 *
 * <p>The calling thread reports: every interval it takes each tag's interval histograms, writes them to the
 * HdrHistogram interval log (format 1.3, tags {@code <op>-rt}, {@code <op>-st}, {@code <op>-wt}, written by
 * HdrHistogram's own HistogramLogWriter) and passes an {@link IntervalReport} to the listener. The run ends
 * when the duration has passed or the operations are done, or when {@link #stop()} is called (e.g. from a
 * Ctrl-C hook): operations in flight finish, the last partial interval is written, the log is closed on a
 * whole line, and operations scheduled but never started are counted as missed.
 */
public final class StressRun {
    private static final long SPIN_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 10_000_000;

    /** Receives live output. */
    public interface Listener {
        /** Called once per interval, on the reporting thread. */
        void interval(IntervalReport report);
    }

    private final Workload workload;
    private final StressConfig config;
    private final Listener listener;
    private volatile boolean stopRequested;
    /** When stop() was called (nanoTime); written before stopRequested, read after it. */
    private volatile long stopAtNanos;

    /**
     * @param workload what to run; closed when the run ends
     * @param config settings
     * @param listener live output, or null
     */
    public StressRun(Workload workload, StressConfig config, Listener listener) {
        this.workload = workload;
        this.config = config;
        this.listener = listener == null ? r -> { } : listener;
        List<Operation> ops = workload.operations();
        if (ops == null || ops.isEmpty()) {
            throw new IllegalArgumentException("workload " + workload + " has no operations");
        }
        if (ops.stream().map(Operation::name).distinct().count() != ops.size()) {
            throw new IllegalArgumentException("workload " + workload + " has operations with the same name: " + ops);
        }
    }

    /** Ends the run early and cleanly; safe from any thread, e.g. a shutdown hook. */
    public void stop() {
        stopAtNanos = System.nanoTime();
        stopRequested = true;
    }

    /**
     * Runs the warm-up (if any) and the measured run, and closes the workload.
     *
     * @return the totals
     * @throws IOException if the log cannot be written
     * @throws InterruptedException if the calling thread is interrupted
     */
    public StressResult run() throws IOException, InterruptedException {
        try {
            if (!config.warmup().isZero()) {
                new Phase(config.warmup(), 0, null, false).execute();
            }
            return new Phase(config.duration(), config.ops(), config.log(), true).execute();
        } finally {
            workload.close();
        }
    }

    /** One timed run over fresh statistics: the warm-up or the measurement. */
    private final class Phase {
        private final long durationNanos;
        private final long opsLimit;
        private final java.nio.file.Path logPath;
        private final boolean report;
        private final Operation[] operations;
        private final OperationStats[] stats;
        private final AtomicLong next = new AtomicLong();
        private final LongAdder started = new LongAdder();
        private final long intervalNanos = config.interval().toNanos();
        private Schedule schedule;
        private long startNanos;
        private volatile long cutoffNanos;

        Phase(Duration duration, long opsLimit, java.nio.file.Path logPath, boolean report) {
            this.durationNanos = duration == null ? Long.MAX_VALUE : duration.toNanos();
            this.opsLimit = opsLimit;
            this.logPath = logPath;
            this.report = report;
            List<Operation> ops = workload.operations();
            operations = ops.toArray(new Operation[0]);
            stats = new OperationStats[operations.length];
            for (int i = 0; i < operations.length; i++) {
                stats[i] = new OperationStats(operations[i].name());
            }
        }

        StressResult execute() throws IOException, InterruptedException {
            long[] gcBefore = gcTotals();
            long startMillis = System.currentTimeMillis();
            startNanos = System.nanoTime();
            cutoffNanos = durationNanos == Long.MAX_VALUE ? Long.MAX_VALUE : startNanos + durationNanos;
            if (config.rate().paced()) {
                schedule = new Schedule(startNanos, config.rate().opsPerSecond());
            }
            Thread[] workers = new Thread[config.threads()];
            for (int i = 0; i < workers.length; i++) {
                workers[i] = new Thread(this::work, "contend-stress-" + i);
                workers[i].setDaemon(true);
                workers[i].start();
            }
            Map<String, Histogram> totals = new LinkedHashMap<>();
            Map<String, Histogram> recycled = new LinkedHashMap<>();
            PrintStream logStream = logPath == null ? null : new PrintStream(Files.newOutputStream(logPath), false, "UTF-8");
            HistogramLogWriter log = logStream == null ? null : startLog(logStream, startMillis);
            try {
                long intervalStart = startNanos;
                long errorsSoFar = 0;
                long completedSoFar = 0;
                boolean running = true;
                while (running) {
                    long boundary = intervalStart + intervalNanos;
                    running = awaitBoundaryOrEnd(workers, boundary);
                    if (!running) {
                        joinAll(workers);
                    }
                    long intervalEnd = running ? boundary : System.nanoTime();
                    Histogram reported = new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3);
                    for (OperationStats s : stats) {
                        for (String metric : new String[] {"rt", "st", "wt"}) {
                            String tag = s.name() + "-" + metric;
                            Histogram h = s.interval(metric, recycled.remove(tag));
                            h.setStartTimeStamp(startMillis + (intervalStart - startNanos) / 1_000_000);
                            h.setEndTimeStamp(startMillis + (intervalEnd - startNanos) / 1_000_000);
                            h.setTag(tag);
                            if (log != null) {
                                log.outputIntervalHistogram(h);
                            }
                            totals.computeIfAbsent(tag, t -> new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3)).add(h);
                            if (metric.equals(config.rate().reportedMetric())) {
                                reported.add(h);
                            }
                            recycled.put(tag, h);
                        }
                    }
                    long errorsNow = 0;
                    long completedNow = 0;
                    for (OperationStats s : stats) {
                        errorsNow += s.errors();
                        completedNow += s.completed();
                    }
                    if (report) {
                        listener.interval(new IntervalReport((intervalEnd - startNanos) / 1e9, (intervalEnd - intervalStart) / 1e9,
                                completedNow - completedSoFar, errorsNow - errorsSoFar, reported.getValueAtPercentile(50),
                                reported.getValueAtPercentile(99), reported.getMaxValue()));
                    }
                    errorsSoFar = errorsNow;
                    completedSoFar = completedNow;
                    intervalStart = intervalEnd;
                }
                long elapsed = intervalStart - startNanos;
                long[] gcAfter = gcTotals();
                return result(totals, elapsed, gcAfter[0] - gcBefore[0], gcAfter[1] - gcBefore[1]);
            } finally {
                for (Thread t : workers) {
                    t.interrupt();
                }
                if (logStream != null) {
                    logStream.flush();
                    logStream.close();
                    if (logStream.checkError()) {
                        throw new IOException("writing the interval log " + logPath + " failed");
                    }
                }
            }
        }

        private HistogramLogWriter startLog(PrintStream out, long startMillis) {
            HistogramLogWriter log = new HistogramLogWriter(out);
            log.outputComment("contend stress: " + workload + ", " + config.rate() + ", " + config.threads() + " thread(s);"
                    + " tags <op>-rt (response: intended start to end), <op>-st (service: start to end),"
                    + " <op>-wt (wait: intended start to start); values in ns");
            log.outputLogFormatVersion();
            log.outputStartTime(startMillis);
            log.setBaseTime(startMillis);
            log.outputBaseTime(startMillis);
            log.outputLegend();
            return log;
        }

        /** @return false once every worker has finished; true at the boundary while some still run */
        private boolean awaitBoundaryOrEnd(Thread[] workers, long boundary) throws InterruptedException {
            while (true) {
                boolean alive = false;
                for (Thread t : workers) {
                    alive |= t.isAlive();
                }
                if (!alive) {
                    return false;
                }
                if (stopRequested) {
                    cutOffNow();
                }
                long left = boundary - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                Thread.sleep(Math.max(1, Math.min(left / 1_000_000, 20)));
            }
        }

        private void joinAll(Thread[] workers) throws InterruptedException {
            for (Thread t : workers) {
                t.join();
            }
        }

        /** A generator thread: claim, wait for the intended start, run, record. */
        private void work() {
            boolean paced = schedule != null;
            while (!stopRequested) {
                long n = next.getAndIncrement();
                if (opsLimit > 0 && n >= opsLimit) {
                    return;
                }
                long intended = paced ? schedule.intendedStartNanos(n) : 0;
                if (paced && !waitUntil(intended)) {
                    return; // past the cutoff, or stopped while waiting: never started
                }
                long start = System.nanoTime();
                if (pastCutoff(start) || stopRequested) {
                    return; // the run is over: a paced operation not started by now is missed
                }
                if (!paced) {
                    intended = start;
                }
                started.increment();
                int which = (int) (n % operations.length);
                try {
                    operations[which].run();
                    stats[which].recordSuccess(intended, start, System.nanoTime());
                } catch (Throwable t) {
                    stats[which].recordError(t);
                }
            }
        }

        /** @return true when the intended start has come; false if it is at or past the cutoff, or on stop */
        private boolean waitUntil(long intended) {
            while (true) {
                if (pastCutoff(intended) || stopRequested) {
                    return false;
                }
                long left = intended - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                if (left > SPIN_NANOS) {
                    LockSupport.parkNanos(Math.min(left - SPIN_NANOS, MAX_PARK_NANOS));
                } else {
                    Thread.onSpinWait();
                }
            }
        }

        private boolean pastCutoff(long nanos) {
            long cutoff = cutoffNanos;
            return cutoff != Long.MAX_VALUE && nanos - cutoff >= 0;
        }

        /** On stop: nothing intended from the moment of the stop call on is scheduled. */
        private void cutOffNow() {
            long at = stopAtNanos;
            if (!pastCutoff(at)) {
                cutoffNanos = at;
            }
        }

        private StressResult result(Map<String, Histogram> totals, long elapsed, long gcCount, long gcMillis) {
            List<StressResult.Op> ops = new ArrayList<>();
            long completed = 0;
            long errors = 0;
            for (OperationStats s : stats) {
                ops.add(new StressResult.Op(s.name(), totals.get(s.name() + "-rt"), totals.get(s.name() + "-st"),
                        totals.get(s.name() + "-wt"), s.completed(), s.errors(), s.firstErrors(), s.clampedValues()));
                completed += s.completed();
                errors += s.errors();
            }
            long startedCount = started.sum();
            long scheduled = startedCount;
            if (schedule != null) {
                long within = cutoffNanos == Long.MAX_VALUE ? elapsed : Math.min(cutoffNanos - startNanos, elapsed);
                long byTime = schedule.operationsWithin(within);
                scheduled = Math.max(startedCount, opsLimit > 0 ? Math.min(byTime, opsLimit) : byTime);
            }
            boolean early = stopRequested && (opsLimit == 0 || startedCount < opsLimit);
            return new StressResult(config.rate(), List.copyOf(ops), scheduled, completed, errors, scheduled - startedCount,
                    elapsed, early, gcCount, gcMillis);
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

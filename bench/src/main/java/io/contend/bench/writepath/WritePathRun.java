package io.contend.bench.writepath;

import io.contend.bench.load.LatencyBlockRecorder;
import io.contend.exec.SchedStats;
import io.contend.load.Operation;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.writepath.ReadBack;
import io.contend.writepath.WritePath;
import io.contend.writepath.WritePathWorkload;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.HashSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The {@code writepath} experiment's harness: one build of the write path, fresh for each run, driven by the load
 * generator at a fixed rate (response time from each request's intended start, so coordinated omission stays
 * corrected), then read back in full: every acknowledged write with its exact value, no unacknowledged write
 * visible, every segment's checksum and histogram total, the pool back to zero and no leak. A run that breaks any
 * of these throws; it never becomes a row.
 *
 * <p>Workload: {@value #GENERATOR_THREADS} generator threads, half writes and half reads of {@value #KEYS} rows
 * (16 per partition), values of {@value #VALUE_BYTES} bytes, a TTL on {@value #TTL_PERCENT}% of the writes;
 * memtables switch at {@value #THRESHOLD_KIB} KiB in a {@value #POOL_MIB} MiB pool, so that short runs flush (and build histograms)
 * several times. Requests pass the build's three stages (parse, apply, respond).
 */
public final class WritePathRun {
    /** Load-generator threads; each waits for its request's response, so they block rather than spin. */
    public static final int GENERATOR_THREADS = 4;
    /** Distinct rows. */
    public static final int KEYS = 100_000;
    /** Bytes per value. */
    public static final int VALUE_BYTES = 256;
    /** Share of writes with a TTL, in percent. */
    public static final int TTL_PERCENT = 10;
    /** The memtables' pool. */
    public static final int POOL_MIB = 32;
    /** The memtable switch threshold, in KiB: small, so that runs of a second flush several times. */
    public static final int THRESHOLD_KIB = 256;
    /** Stretches of equal length a measurement's response times are kept in ({@link Measurement#blocks}). */
    public static final int BLOCKS = 12;

    /**
     * What one run gave.
     *
     * @param rate the fixed rate, operations per second
     * @param result the load generator's result (tags {@code write} and {@code read})
     * @param response response time of every operation, both tags added together, in ns
     * @param bytesPerOperation heap bytes allocated per operation, warm-up included, by the generator threads and
     *        every other thread but the one coordinating the run; NaN where the JVM cannot tell
     * @param pathBytesPerOperation of those, the bytes of the path's own threads (request stages, flush): what
     *        the path allocates, without the load generator's requests, values and ledger; NaN where unknown
     * @param pathCpuNanosPerOperation CPU time per operation of the same threads (the path's own, the generator's
     *        and the coordinator's excluded), in ns: what serving a request costs the path at this rate, hand-offs
     *        and wake-ups included; NaN where the JVM cannot tell
     * @param contextSwitchesPerSecond context switches per second over the JVM's threads, NaN where unknown
     * @param migrationsPerSecond CPU migrations per second over the JVM's threads, NaN where unknown
     * @param flushes memtable flushes during the run
     * @param readBack the read-back report after close (every count zero, or the run would have thrown)
     * @param blocks the response times of {@link #BLOCKS} consecutive stretches of the measurement, in ns (the
     *               last one also holds the requests completed after its end; their sum is {@code response}): when in
     *               the run the latencies rose
     */
    public record Measurement(long rate, StressResult result, Histogram response, double bytesPerOperation,
                              double pathBytesPerOperation, double pathCpuNanosPerOperation,
                              double contextSwitchesPerSecond, double migrationsPerSecond, long flushes,
                              ReadBack.Report readBack, List<Histogram> blocks) {

        /**
         * @param percentile e.g. 99
         * @return the response time at that percentile, in ms
         */
        public double responseMs(double percentile) {
            return response.getValueAtPercentile(percentile) / 1e6;
        }
    }

    private WritePathRun() {
    }

    /**
     * @param build the build to run
     * @param rate the fixed rate, operations per second
     * @param warmup unrecorded load before the measurement
     * @param length the measurement
     * @return what the run measured
     * @throws IllegalStateException if the read-back or any other check failed, or an operation failed
     * @throws IllegalArgumentException if the rate is not positive
     */
    public static Measurement run(WritePathBuild build, long rate, Duration warmup, Duration length) {
        if (rate <= 0) {
            throw new IllegalArgumentException("rate must be positive: " + rate);
        }
        WritePathWorkload workload = new WritePathWorkload(build.components(), new WorkloadOptions(Map.of(
                "keys", Integer.toString(KEYS), "value-size", Integer.toString(VALUE_BYTES),
                "ttl-percent", Integer.toString(TTL_PERCENT), "pool-size", POOL_MIB + "MiB",
                "threshold", THRESHOLD_KIB + "KiB")));
        Metered metered = new Metered(workload);
        StressConfig config = StressConfig.builder().rate(new Rate(Rate.Mode.FIXED, rate)).threads(GENERATOR_THREADS)
                .duration(length).warmup(warmup).interval(LatencyBlockRecorder.intervalFor(length, BLOCKS)).build();
        LatencyBlockRecorder blocks = new LatencyBlockRecorder(BLOCKS);
        StressResult result = new StressRun(metered, config, blocks).run();
        if (!result.faults().isEmpty()) {
            throw new IllegalStateException("write path " + build.label() + " at " + rate + "/s broke: "
                    + result.faults().stream().map(StressResult.Fault::message).collect(java.util.stream.Collectors.joining("; ")));
        }
        if (result.errors() > 0) {
            String first = result.operations().stream().flatMap(op -> op.firstErrors().stream()).findFirst().orElse("");
            throw new IllegalStateException("write path " + build.label() + " at " + rate + "/s: " + result.errors()
                    + " operation(s) failed; first: " + first);
        }
        ReadBack.Report report = workload.report();
        if (report == null || !report.ok()) {
            throw new IllegalStateException("write path " + build.label() + " at " + rate + "/s: read-back " + report);
        }
        Histogram response = new Histogram(3);
        for (StressResult.Op op : result.operations()) {
            response.add(op.response());
        }
        double seconds = metered.nanos / 1e9;
        return new Measurement(rate, result, response,
                metered.bytes < 0 || metered.ops.sum() == 0 ? Double.NaN : (double) metered.bytes / metered.ops.sum(),
                metered.bytes < 0 || metered.ops.sum() == 0 ? Double.NaN : (double) metered.pathBytes / metered.ops.sum(),
                metered.pathCpuNanos < 0 || metered.ops.sum() == 0 ? Double.NaN
                        : (double) metered.pathCpuNanos / metered.ops.sum(),
                perSecond(metered.sched.contextSwitches(), seconds), perSecond(metered.sched.migrations(), seconds),
                metered.flushes, report, blocks.blocks());
    }

    private static double perSecond(long count, double seconds) {
        return count < 0 || seconds <= 0 ? Double.NaN : count / seconds;
    }

    /**
     * The workload with meters, from the first operation to the start of {@link #close()}: the generator's set-up
     * and the read-back are not in them. Operations are counted. Heap bytes: each generator thread keeps its own
     * count, read after each of its operations (the threads have ended by the time the run closes the workload);
     * every other live thread but the one coordinating the run (the path's stages and flush thread, and the JVM's
     * idle rest) is read at the first operation and at close; so is their CPU time. Scheduler counters: over the
     * threads alive at close, the generator's excluded.
     */
    private static final class Metered implements Workload {
        private final WritePathWorkload workload;
        private final List<Operation> operations;
        private final long coordinator = Thread.currentThread().getId();
        private final LongAdder ops = new LongAdder();
        private final AtomicReference<Baseline> baseline = new AtomicReference<>();
        private final Queue<long[]> generatorBytes = new ConcurrentLinkedQueue<>();
        private final ThreadLocal<long[]> threadBytes = ThreadLocal.withInitial(this::register);
        private long bytes = -1;
        private long pathBytes = -1;
        private long pathCpuNanos = -1;
        private long nanos;
        private SchedStats sched = SchedStats.UNKNOWN;
        private long flushes;

        /** What the other threads had at the first operation. */
        private record Baseline(long nanos, Map<Long, Long> bytes, Map<Long, Long> cpuNanos,
                                Map<Long, SchedStats> sched) {
        }

        Metered(WritePathWorkload workload) {
            this.workload = workload;
            this.operations = workload.operations().stream().map(this::metered).toList();
        }

        /** @return {thread id, allocated bytes at its first operation, allocated bytes after its latest} */
        private long[] register() {
            if (baseline.get() == null) {
                baseline.compareAndSet(null, new Baseline(System.nanoTime(), allocatedBytesByThread(),
                        cpuNanosByThread(), ProcessSchedStats.snapshot()));
            }
            long now = currentThreadAllocatedBytes();
            long[] counts = {Thread.currentThread().getId(), now, now};
            generatorBytes.add(counts);
            return counts;
        }

        private Operation metered(Operation op) {
            return Operation.named(op.name(), () -> {
                long[] counts = threadBytes.get();
                ops.increment();
                try {
                    op.run();
                } finally {
                    counts[2] = currentThreadAllocatedBytes();
                }
            });
        }

        @Override
        public List<Operation> operations() {
            return operations;
        }

        @Override
        public void close() throws IOException {
            Baseline start = baseline.get();
            if (start != null) {
                nanos = System.nanoTime() - start.nanos();
                sched = ProcessSchedStats.since(start.sched());
                long[] split = allocatedSince(start.bytes());
                bytes = split[0];
                pathBytes = split[1];
                pathCpuNanos = pathCpuSince(start.cpuNanos());
            }
            flushes = workload.path().stats().flushes();
            workload.close();
        }

        /** @return {bytes of every thread but the coordinator, bytes of the threads that are not generators} */
        private long[] allocatedSince(Map<Long, Long> start) {
            Map<Long, Long> now = allocatedBytesByThread();
            if (now.isEmpty() || currentThreadAllocatedBytes() < 0) {
                return new long[] {-1, -1};
            }
            long sum = 0;
            long path = 0;
            Set<Long> excluded = new HashSet<>();
            excluded.add(coordinator);
            for (long[] counts : generatorBytes) {
                excluded.add(counts[0]);
                sum += counts[2] - counts[1];
            }
            for (Map.Entry<Long, Long> e : now.entrySet()) {
                if (!excluded.contains(e.getKey())) {
                    long delta = e.getValue() - start.getOrDefault(e.getKey(), 0L);
                    sum += delta;
                    path += delta;
                }
            }
            return new long[] {sum, path};
        }

        /** @return CPU ns since {@code start} of the threads that are neither generators nor the coordinator */
        private long pathCpuSince(Map<Long, Long> start) {
            Map<Long, Long> now = cpuNanosByThread();
            if (now.isEmpty()) {
                return -1;
            }
            Set<Long> excluded = new HashSet<>();
            excluded.add(coordinator);
            for (long[] counts : generatorBytes) {
                excluded.add(counts[0]);
            }
            long path = 0;
            for (Map.Entry<Long, Long> e : now.entrySet()) {
                if (!excluded.contains(e.getKey())) {
                    path += e.getValue() - start.getOrDefault(e.getKey(), 0L);
                }
            }
            return path;
        }

        @Override
        public String toString() {
            return workload.toString();
        }
    }

    /** @return CPU time so far of each live thread, by Java thread id; empty if the JVM cannot tell */
    static Map<Long, Long> cpuNanosByThread() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new java.util.HashMap<>();
        if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
            return cpu;
        }
        long[] ids = threads.getAllThreadIds();
        long[] nanos = threads instanceof com.sun.management.ThreadMXBean bulk ? bulk.getThreadCpuTime(ids) : null;
        for (int i = 0; i < ids.length; i++) {
            long n = nanos != null ? nanos[i] : threads.getThreadCpuTime(ids[i]);
            if (n >= 0) {
                cpu.put(ids[i], n);
            }
        }
        return cpu;
    }

    /**
     * Looked up once: a lookup walks the platform's MXBean providers with streams, garbage that every generator
     * operation made when it was looked up per read.
     */
    private static final com.sun.management.ThreadMXBean ALLOCATION_COUNTER = lookUpAllocationCounter();

    private static com.sun.management.ThreadMXBean lookUpAllocationCounter() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            return threads;
        }
        return null;
    }

    /** @return the calling thread's allocated heap bytes so far, or -1 if the JVM cannot tell */
    static long currentThreadAllocatedBytes() {
        com.sun.management.ThreadMXBean threads = ALLOCATION_COUNTER;
        return threads == null ? -1 : threads.getCurrentThreadAllocatedBytes();
    }

    /** @return allocated heap bytes so far of each live thread, by Java thread id; empty if the JVM cannot tell */
    static Map<Long, Long> allocatedBytesByThread() {
        com.sun.management.ThreadMXBean threads = ALLOCATION_COUNTER;
        Map<Long, Long> bytes = new java.util.HashMap<>();
        if (threads == null) {
            return bytes;
        }
        long[] ids = threads.getAllThreadIds();
        long[] counts = threads.getThreadAllocatedBytes(ids);
        for (int i = 0; i < ids.length; i++) {
            if (counts[i] >= 0) {
                bytes.put(ids[i], counts[i]);
            }
        }
        return bytes;
    }
}

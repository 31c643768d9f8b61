package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;
import io.contend.load.Operation;
import io.contend.load.Sizes;
import io.contend.load.Workload;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/*
 * Implementation notes.
 *
 * Order of writes: every write takes its timestamp from one WriteClock shared by all threads (strictly increasing
 * in real time), after its start was recorded in the ledger. So a write that starts after another was acknowledged
 * has a higher timestamp and wins on every read: per row the path is a linearizable register (reads see the
 * acknowledged write of the row that no later-started write followed, or a write still in flight). Timestamps
 * made from a per-thread count would not be: the thread with the most writes would win, not the latest request.
 *
 * Source: Cassandra gives every write on a node one strictly increasing microsecond timestamp shared by all
 * threads (ClientState.getTimestamp).
 */
/**
 * The write path under the load generator ({@code contend stress io.contend.writepath.WritePathWorkload ...}, or
 * {@code writepath} once the CLI registers it): writes and reads of random rows through the request pipeline
 * (parse, apply, respond) or straight into the path, with every write's outcome recorded. {@link #close()} then
 * reads every acknowledged write back, verifies every segment, closes the path and checks that the pool is empty
 * and nothing leaked: a break throws {@link ReadBackException}, which the run reports as a fault.
 *
 * <p>Operations: {@code write} and {@code read} alternate at {@code --reads 50} (the default); {@code --reads 0}
 * only writes, {@code --reads 100} only reads (after a load of every key, so that reads find rows); any other
 * share runs one operation, {@code request}, that reads with that probability (the load generator runs its
 * operations in turn, so a share other than half cannot keep two tags).
 *
 * <p>Timestamps come from one {@link WriteClock#monotonicMicros()} shared by every thread that writes (generator
 * threads and, in {@link WritePathServer}, its handlers), so a write that starts after another was acknowledged
 * always wins: each row behaves as a linearizable register. The ledger ({@link ReadBack}) records every write's
 * start and acknowledgement in order and checks the path against that record, not against the timestamps.
 */
public final class WritePathWorkload implements Workload {
    /** The options this workload reads, for help texts. */
    public static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption("build", "NAME", "contend or jdk: every component of that build (default: contend)."),
            new WorkloadOption("allocator", "NAME", "Swap the allocator: xadd, cas_loop, cas_backoff, tlab or "
                    + "synchronized."),
            new WorkloadOption("refcount", "NAME", "Swap the reference count: even-odd or atomic-cas."),
            new WorkloadOption("pipeline", "NAME", "Swap the stages: staged, thread-pools, or direct (no stages: the "
                    + "generator's threads call the path)."),
            new WorkloadOption("queue-mode", "MODE", "Queues of the staged pipeline: shared or perThread (default: "
                    + "shared)."),
            new WorkloadOption("affinity", "NAME", "Thread placement of the staged pipeline: none, equalSpread or "
                    + "firstAssignment (default: none)."),
            new WorkloadOption("stage-threads", "N", "Threads per stage, 1 to 64 (default: 1)."),
            new WorkloadOption("reads", "PCT", "Share of reads, 0 to 100 (default: 50)."),
            new WorkloadOption("keys", "N", "Distinct rows, 16 per partition, 1 to 100M (default: 100k)."),
            new WorkloadOption("value-size", "SIZE", "Bytes per value, 0B to 64KiB (default: 100B)."),
            new WorkloadOption("ttl-percent", "PCT", "Share of writes with a TTL, 0 to 100 (default: 10)."),
            new WorkloadOption("pool-size", "SIZE", "Memory pool of the memtables, 1MiB to 64GiB (default: 64MiB)."),
            new WorkloadOption("threshold", "SIZE", "Memtable switch threshold, 64KiB to the pool; small ones suit "
                    + "short runs (default: 16MiB)."),
            WorkloadOption.retired("pool-mib", "pool-size"), WorkloadOption.retired("threshold-mib", "threshold"),
            WorkloadOption.retired("threshold-kib", "threshold"));

    private static final int ROWS_PER_PARTITION = 16;
    private static final long TIMEOUT_SECONDS = 30;

    private final WritePath path;
    private final Pipeline pipeline;
    private final ReadBack readBack = new ReadBack();
    private final int readPercent;
    private final int keys;
    private final int valueSize;
    private final int ttlPercent;
    private final List<Operation> operations;
    private final WriteClock clock;
    private volatile ReadBack.Report report;

    /**
     * @param options the workload options ({@link #OPTIONS})
     * @throws IllegalArgumentException for a bad option, naming it and its value
     */
    public WritePathWorkload(WorkloadOptions options) {
        this(options, WriteClock.monotonicMicros());
    }

    /**
     * @param options the workload options ({@link #OPTIONS})
     * @param clock where timestamps come from (tests give one that orders writes wrongly, to see the checks fail)
     */
    WritePathWorkload(WorkloadOptions options, WriteClock clock) {
        this(components(options), "direct".equals(options.string("pipeline", null)), options, clock);
    }

    /**
     * A workload on components chosen in code, for example with a histogram or allocator that no option names
     * (the lab's {@code writepath} experiment passes Cassandra's histogram this way).
     *
     * @param components the write path's components, its request pipeline included
     * @param options the options of the mix, the keys and the memory ({@code reads}, {@code keys},
     *        {@code value-size}, {@code ttl-percent}, {@code pool-size}, {@code threshold}); the component
     *        options are not read here
     * @throws IllegalArgumentException for a bad option, naming it and its value
     */
    public WritePathWorkload(Components components, WorkloadOptions options) {
        this(java.util.Objects.requireNonNull(components, "components"), false, options,
                WriteClock.monotonicMicros());
    }

    private WritePathWorkload(Components components, boolean direct, WorkloadOptions options, WriteClock clock) {
        this.clock = java.util.Objects.requireNonNull(clock, "clock");
        this.readPercent = (int) options.number("reads", 50, 0, 100);
        this.keys = (int) options.number("keys", 100_000, 1, 100_000_000);
        options.refuseRetired("pool-mib", v -> "--pool-size " + v + "MiB");
        options.refuseRetired("threshold-mib", v -> "--threshold " + v + "MiB");
        options.refuseRetired("threshold-kib", v -> "--threshold " + v + "KiB");
        this.valueSize = (int) options.size("value-size", 100, 0, 64 << 10);
        this.ttlPercent = (int) options.number("ttl-percent", 10, 0, 100);
        long pool = options.size("pool-size", 64L << 20, 1L << 20, 64L << 30);
        long threshold = options.size("threshold", 16L << 20, 64L << 10, 64L << 30);
        if (threshold > pool) {
            throw new IllegalArgumentException(options.describe("threshold") + " (" + Sizes.format(threshold)
                    + ") must not exceed --pool-size (" + Sizes.format(pool) + ")");
        }
        this.path = WritePath.builder().components(components).poolBytes(pool).flushThresholdBytes(threshold).build();
        this.pipeline = direct ? null : components.pipeline().create(path);
        if (readPercent == 100) {
            for (int k = 0; k < keys; k++) { // straight into the path: the load is not measured
                long invoked = readBack.invoked();
                Write w = write(k);
                path.write(w);
                readBack.acknowledged(w, invoked);
            }
        }
        this.operations = readPercent == 0 ? List.of(Operation.named("write", this::writeOne))
                : readPercent == 100 ? List.of(Operation.named("read", this::readOne))
                : readPercent == 50 ? List.of(Operation.named("write", this::writeOne), Operation.named("read", this::readOne))
                : List.of(Operation.named("request", this::mixed));
    }

    private static Components components(WorkloadOptions options) {
        String build = options.string("build", "contend");
        Components c = switch (build) {
            case "contend" -> Components.contend();
            case "jdk" -> Components.jdk();
            default -> throw new IllegalArgumentException(options.describe("build") + " must be contend or jdk: '"
                    + build + "'");
        };
        String allocator = options.string("allocator", null);
        if (allocator != null) {
            c = c.withAllocator(switch (allocator) {
                case "xadd", "cas_loop", "cas_backoff" ->
                        Allocator.regions(AllocationStrategy.valueOf(allocator.toUpperCase(Locale.ROOT)));
                case "tlab" -> Allocator.threadLocalChunks(4096);
                case "synchronized" -> Allocator.synchronizedBump();
                default -> throw new IllegalArgumentException(options.describe("allocator") + " must be xadd, "
                        + "cas_loop, cas_backoff, tlab or synchronized: '" + allocator + "'");
            });
        }
        String refCount = options.string("refcount", null);
        if (refCount != null) {
            c = c.withRefCount(switch (refCount) {
                case "even-odd" -> RefCount.evenOdd();
                case "atomic-cas" -> RefCount.atomicCas();
                default -> throw new IllegalArgumentException(options.describe("refcount") + " must be even-odd or "
                        + "atomic-cas: '" + refCount + "'");
            });
        }
        QueueMode mode;
        AffinityStrategy affinity;
        try {
            mode = QueueMode.parse(options.string("queue-mode", "shared"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(options.describe("queue-mode") + ": " + e.getMessage(), e);
        }
        try {
            affinity = AffinityStrategy.parse(options.string("affinity", "none"));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(options.describe("affinity") + ": " + e.getMessage(), e);
        }
        int threads = (int) options.number("stage-threads", 1, 1, 64);
        String pipeline = options.string("pipeline", null);
        if (pipeline == null) {
            pipeline = c.pipeline().name().startsWith("staged") ? "staged" : "thread-pools";
        }
        return c.withPipeline(switch (pipeline) {
            case "staged", "direct" -> Pipeline.staged(mode, affinity, threads);
            case "thread-pools" -> Pipeline.threadPools(threads);
            default -> throw new IllegalArgumentException(options.describe("pipeline") + " must be staged, "
                    + "thread-pools or direct: '" + pipeline + "'");
        });
    }

    private Write write(int k) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        byte[] value = new byte[valueSize];
        random.nextBytes(value);
        Write w = Write.of(partition(k), Key.ofLong(k % ROWS_PER_PARTITION), value, clock.next());
        if (ttlPercent > 0 && random.nextInt(100) < ttlPercent) {
            w = w.withTtl(System.currentTimeMillis() / 1000, 1 + random.nextInt(86_400));
        }
        return w;
    }

    private static Key partition(int k) {
        return Key.ofLong(k / ROWS_PER_PARTITION);
    }

    private void writeOne() throws Exception {
        long invoked = readBack.invoked();
        apply(write(ThreadLocalRandom.current().nextInt(keys)), invoked);
    }

    /**
     * Writes one row's value through the pipeline (or the path), stamped now, and records the write's start and
     * outcome in the read-back ledger; when this returns the write is acknowledged.
     *
     * @param partition the partition key
     * @param clustering the clustering key
     * @param value the value
     * @throws Exception what the path or pipeline threw (the write is then recorded as unacknowledged)
     */
    void put(Key partition, Key clustering, byte[] value) throws Exception {
        long invoked = readBack.invoked();
        apply(Write.of(partition, clustering, value, clock.next()), invoked);
    }

    /**
     * Runs one write through the pipeline (or the path) and records its outcome in the read-back ledger.
     *
     * @param w the write, stamped after {@code invoked} was taken
     * @param invoked the ledger's ticket for the write's start
     */
    private void apply(Write w, long invoked) throws Exception {
        try {
            if (pipeline == null) {
                path.write(w);
            } else {
                byte[] response = await(pipeline.submit(RequestCodec.encodeWrite(w)));
                if (!RequestCodec.isOk(response)) {
                    throw new IllegalStateException(new String(response, StandardCharsets.US_ASCII));
                }
            }
        } catch (Exception | Error e) {
            readBack.unacknowledged(w);
            throw e;
        }
        readBack.acknowledged(w, invoked);
    }

    /** @return the row as a read through the pipeline (or the path) finds it, or null */
    Row read(Key partition, Key clustering) throws Exception {
        if (pipeline == null) {
            return path.read(partition, clustering);
        }
        return RequestCodec.decodeRow(partition, clustering, await(pipeline.submit(RequestCodec.encodeRead(partition,
                clustering))));
    }

    /** Waits for a pipeline's response; an Error the pipeline met (OutOfMemoryError) is thrown as itself. */
    private static byte[] await(CompletableFuture<byte[]> response) throws Exception {
        try {
            return response.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** @return the ledger of every write's outcome */
    ReadBack readBack() {
        return readBack;
    }

    private void readOne() throws Exception {
        int k = ThreadLocalRandom.current().nextInt(keys);
        Key p = partition(k);
        Key c = Key.ofLong(k % ROWS_PER_PARTITION);
        if (pipeline == null) {
            path.read(p, c);
        } else {
            RequestCodec.decodeRow(p, c, await(pipeline.submit(RequestCodec.encodeRead(p, c))));
        }
    }

    private void mixed() throws Exception {
        if (ThreadLocalRandom.current().nextInt(100) < readPercent) {
            readOne();
        } else {
            writeOne();
        }
    }

    @Override
    public List<Operation> operations() {
        return operations;
    }

    /** @return the size of the values this workload's own rows hold */
    int valueSize() {
        return valueSize;
    }

    /** @return the write path, for its stats */
    public WritePath path() {
        return path;
    }

    /** @return the read-back report after {@link #close()}, or null before */
    public ReadBack.Report report() {
        return report;
    }

    /**
     * Stops the stages, reads every acknowledged write back, closes the path and checks pool and leaks. The
     * report is kept ({@link #report()}) even when the path's close fails, for example after a failed flush.
     *
     * @throws ReadBackException on any lost write, mismatch, unacknowledged row, bad segment, failed flush, pool
     *         bytes or leak
     * @throws RuntimeException what closing the stages or the path threw, if the read-back found nothing broken
     */
    @Override
    public void close() {
        RuntimeException failure = null;
        if (pipeline != null) {
            try {
                pipeline.close();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
        ReadBack.Report beforeClose = readBack.check(path);
        try {
            path.close(); // a broken run still gives its memory back and stops its flush thread
        } catch (RuntimeException e) {
            failure = failure == null ? e : addSuppressed(failure, e);
        }
        report = readBack.checkClosed(path);
        ReadBack.Report broken = !report.ok() ? report : !beforeClose.ok() ? beforeClose : null;
        if (broken != null) {
            ReadBackException e = new ReadBackException(broken);
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw e;
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static RuntimeException addSuppressed(RuntimeException first, RuntimeException next) {
        first.addSuppressed(next);
        return first;
    }

    @Override
    public String toString() {
        return "writepath[" + path.components() + (pipeline == null ? ", direct" : "") + ", reads " + readPercent
                + "%, " + keys + " keys, values of " + valueSize + " bytes, ttl " + ttlPercent + "%]";
    }
}

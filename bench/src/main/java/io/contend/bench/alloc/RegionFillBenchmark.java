package io.contend.bench.alloc;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.RegionAllocator;
import io.contend.alloc.ThreadAllocator;
import io.contend.backoff.BackoffStrategy;
import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The {@code allocator} experiment (CASSANDRA-15922's region fill, scaled to this machine): T threads make
 * small allocations from one {@link RegionAllocator} whose regions grow to 1 MiB, for CAS_LOOP, CAS_BACKOFF
 * (constant 1 ns park, the 15922 proposal), XADD (the 15922 fix), TLAB (XADD regions with 4 KiB
 * thread-local chunks), TLAB_HANDLE (the same chunks through a caller-held ThreadAllocator) and PLAIN (one owner
 * bumping a plain int through the same regions: the physical limit, 1 thread only). {@code row} compares one 16-cell batch with 16 single allocations.
 *
 * <p>Memory stays bounded: every 64K allocations a thread checks whether the allocator holds more than 16 MiB and, if
 * so, installs a fresh one (the old one's regions become garbage). The fork runs G1 with 4 MiB heap regions so that a
 * 1 MiB region's byte[] is an ordinary object, not a humongous one: with the default region size of a 6 GiB heap (2
 * MiB) every 1 MiB region was humongous and G1's pauses, not the allocator, dominated the score. The heap is small
 * (256 MiB, the recycled allocators need a few tens) and touched before the benchmark starts ({@code
 * -XX:+AlwaysPreTouch}): otherwise the regions land on heap pages the process touches for the first time, and on a
 * virtual machine that maps a fresh page slowly the score measured the host's page faults, tenfold for PLAIN. Every
 * thread pays the same check. Secondary results are totals from contend's telemetry and the allocators' own
 * accounting; the lab divides them by the operations counted in the same window.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-Xms256m", "-Xmx256m", "-XX:+AlwaysPreTouch", "-XX:+UseG1GC", "-XX:G1HeapRegionSize=4m"})
public class RegionFillBenchmark {
    /** Name of the {@link Counts#operations} counter among JMH's secondary results. */
    public static final String COUNTER_OPERATIONS = "operations";
    /** Name of the {@link Counts#atomics} counter among JMH's secondary results. */
    public static final String COUNTER_ATOMICS = "atomics";
    /** Name of the {@link Counts#casFailures} counter among JMH's secondary results. */
    public static final String COUNTER_CAS_FAILURES = "casFailures";
    /** Name of the {@link Counts#wasteBytes} counter among JMH's secondary results. */
    public static final String COUNTER_WASTE_BYTES = "wasteBytes";
    /** Name of the {@link Counts#reservedBytes} counter among JMH's secondary results. */
    public static final String COUNTER_RESERVED_BYTES = "reservedBytes";
    /** The single-allocation benchmark's full name. */
    public static final String ALLOCATE_BENCHMARK = RegionFillBenchmark.class.getName() + ".allocate";
    /** The row benchmark's full name. */
    public static final String ROW_BENCHMARK = RegionFillBenchmark.class.getName() + ".row";
    /** Strategy: a CAS loop on the region's offset (before CASSANDRA-15922), the baseline. */
    public static final String CAS_LOOP = "CAS_LOOP";
    /** Strategy: a CAS loop that parks 1 ns after a failure. */
    public static final String CAS_BACKOFF = "CAS_BACKOFF";
    /** Strategy: one getAndAdd on the region's offset (CASSANDRA-15922). */
    public static final String XADD = "XADD";
    /** Strategy: XADD regions with thread-local chunks. */
    public static final String TLAB = "TLAB";
    /** Strategy: TLAB through a caller-held {@link ThreadAllocator} (no ThreadLocal lookup per call). */
    public static final String TLAB_HANDLE = "TLAB_HANDLE";
    /** Strategy: one owner bumping a plain int through the same regions; the physical limit, 1 thread only. */
    public static final String PLAIN = "PLAIN";
    /** Every strategy, in the lab's order. */
    public static final java.util.List<String> STRATEGIES =
            java.util.List.of(CAS_LOOP, CAS_BACKOFF, XADD, TLAB, TLAB_HANDLE, PLAIN);
    /** Row: 16 single allocation calls, the row's baseline. */
    public static final String SINGLES = "singles";
    /** Row: one batch call for the whole row. */
    public static final String BATCH = "batch";

    static final long RECYCLE_BYTES = 16L * 1024 * 1024;
    static final int CHECK_EVERY = 1 << 16;
    static final int CHUNK = 4 * 1024;

    /** The shared allocator and the experiment's parameters. */
    @State(Scope.Benchmark)
    public static class Shared {
        /**
         * CAS_LOOP, CAS_BACKOFF, XADD, TLAB (XADD regions with thread-local chunks), TLAB_HANDLE (the same chunks
         * through a caller-held handle) or PLAIN (an unsynchronized bump pointer, 1 thread only).
         */
        @Param({CAS_LOOP, CAS_BACKOFF, XADD, TLAB, TLAB_HANDLE, PLAIN})
        public String strategy;

        /** Bytes per allocation (per cell for the batch benchmarks). */
        @Param({"8", "16"})
        public int size;

        final ContentionCounter telemetry = new ContentionCounter("allocator");
        final AtomicReference<RegionAllocator> allocator = new AtomicReference<>();
        /** PLAIN's allocator, used by its one thread only; null for the other strategies. */
        PlainBumpAllocator plain;
        boolean handles;
        /** Waste and capacity of the allocators retired by recycling, since the iteration began. */
        final AtomicLong retiredWaste = new AtomicLong();
        final AtomicLong retiredReserved = new AtomicLong();
        int[] row;

        @Setup(Level.Trial)
        public void checkThreads(BenchmarkParams params) {
            if (strategy.equals(PLAIN) && params.getThreads() != 1) {
                throw new IllegalArgumentException("PLAIN is not thread-safe: it runs at 1 thread only, not "
                        + params.getThreads());
            }
            handles = strategy.equals(TLAB_HANDLE);
        }

        @Setup(Level.Iteration)
        public void setUp() {
            allocator.set(create());
            plain = strategy.equals(PLAIN) ? new PlainBumpAllocator() : null;
            retiredWaste.set(0);
            retiredReserved.set(0);
            row = new int[16];
            Arrays.fill(row, size);
        }

        RegionAllocator create() {
            RegionAllocator.Builder b = RegionAllocator.builder().telemetry(telemetry);
            switch (strategy) {
                case CAS_LOOP:
                    return b.strategy(AllocationStrategy.CAS_LOOP).build();
                case CAS_BACKOFF:
                    return b.strategy(AllocationStrategy.CAS_BACKOFF).backoff(BackoffStrategy.constant(1)).build();
                case XADD:
                    return b.strategy(AllocationStrategy.XADD).build();
                case TLAB:
                case TLAB_HANDLE:
                case PLAIN: // unused by PLAIN's allocations; keeps the iteration's accounting uniform
                    return b.strategy(AllocationStrategy.XADD).threadLocalChunks(CHUNK).build();
                default:
                    throw new IllegalArgumentException("unknown strategy '" + strategy
                            + "'; expected one of " + STRATEGIES);
            }
        }

        /** Installs a fresh allocator if the current one holds too much; one thread wins, others move on. */
        void maybeRecycle() {
            if (plain != null) {
                if (plain.reservedBytes() > RECYCLE_BYTES) {
                    retiredWaste.addAndGet(plain.wasteBytes());
                    retiredReserved.addAndGet(plain.reservedBytes());
                    plain = new PlainBumpAllocator();
                }
                return;
            }
            RegionAllocator current = allocator.get();
            if (current.reservedBytes() > RECYCLE_BYTES && allocator.compareAndSet(current, create())) {
                retiredWaste.addAndGet(current.wasteBytes());
                retiredReserved.addAndGet(current.reservedBytes());
            }
        }
    }

    /** Per-thread counts; JMH sums them over threads and iterations. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Counts {
        /** Allocation calls made (a batch counts once). */
        public long operations;
        /** Atomic instructions on region offsets (CAS attempts and XADDs). */
        public long atomics;
        /** Failed CAS attempts. */
        public long casFailures;
        /** Waste bytes of the allocators used in the iteration (reported by thread 0 only). */
        public long wasteBytes;
        /** Bytes of those allocators' regions (reported by thread 0 only). */
        public long reservedBytes;

        int untilCheck = CHECK_EVERY;
        private long calls;
        /** TLAB_HANDLE: this thread's handle, on the allocator it was made for. */
        private ThreadAllocator local;
        private RegionAllocator localOf;
        private ContentionSnapshot atStart;

        @Setup(Level.Iteration)
        public void begin(Shared shared) {
            calls = 0;
            atStart = shared.telemetry.snapshotOfCurrentThread();
        }

        @TearDown(Level.Iteration)
        public void end(Shared shared, ThreadParams thread) {
            ContentionSnapshot delta = shared.telemetry.snapshotOfCurrentThread().minus(atStart);
            operations = calls;
            atomics = delta.attempts();
            casFailures = delta.failures();
            if (local != null) {
                local.close();
                local = null;
                localOf = null;
            }
            if (thread.getThreadIndex() == 0) {
                RegionAllocator last = shared.allocator.get();
                wasteBytes = shared.retiredWaste.get() + (shared.plain != null ? shared.plain.wasteBytes()
                        : last.wasteBytes());
                reservedBytes = shared.retiredReserved.get() + (shared.plain != null ? shared.plain.reservedBytes()
                        : last.reservedBytes());
            }
        }

        /** This thread's handle on the current allocator (a new one after a recycle). */
        ThreadAllocator local(RegionAllocator current) {
            if (current != localOf) {
                if (local != null) {
                    local.close();
                }
                local = current.newThreadAllocator();
                localOf = current;
            }
            return local;
        }

        void count(Shared shared) {
            calls++;
            if (--untilCheck == 0) {
                untilCheck = CHECK_EVERY;
                shared.maybeRecycle();
            }
        }
    }

    @Benchmark
    public long allocate(Shared shared, Counts counts) {
        counts.count(shared);
        if (shared.plain != null) {
            return shared.plain.allocate(shared.size);
        }
        RegionAllocator allocator = shared.allocator.get();
        return shared.handles ? counts.local(allocator).allocate(shared.size) : allocator.allocate(shared.size);
    }

    /** How the row benchmark allocates a row of 16 cells. */
    @State(Scope.Benchmark)
    public static class Row {
        /** {@code singles}: 16 calls of one cell each; {@code batch}: one call for all 16 cells. */
        @Param({SINGLES, BATCH})
        public String row;
    }

    /** Allocates one row of 16 cells, as 16 single allocations or as one batch; a row counts as one call. */
    @Benchmark
    public long row(Shared shared, Row row, Counts counts) {
        counts.count(shared);
        RegionAllocator allocator = shared.allocator.get();
        if (row.row.equals(BATCH)) {
            return allocator.allocate(shared.row);
        }
        long last = 0;
        for (int i = 0; i < 16; i++) {
            last = allocator.allocate(shared.size);
        }
        return last;
    }
}

package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.contend.hdr.HdrInterval;
import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalFilter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults around a stress run: a log that fails mid-run, logs that cannot be opened, operations still
 * in flight at a stop, a stop in the warm-up, a VirtualMachineError from an operation. Every test is bounded in
 * time by a preemptive timeout, a liveness bound, not a measurement.
 */
class StressRunFaultTest {
    private static final Duration BOUND = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private static StressConfig fixed(long rate, Duration duration, int threads, Path log) {
        return new StressConfig(new Rate(Rate.Mode.FIXED, rate), threads, duration, 0, Duration.ofMillis(50), Duration.ZERO, log);
    }

    private static Workload sleeping(String serviceTime) {
        return Workloads.create("sleep", WorkloadOptions.parse(List.of("--service-time", serviceTime)));
    }

    private static void assertAccountedFor(StressResult r) {
        assertEquals(r.scheduled(), r.completed() + r.errors() + r.unfinished() + r.missed(), r::toString);
        assertTrue(r.missed() >= 0 && r.unfinished() >= 0 && r.completed() >= 0, r::toString);
    }

    /** A disk that fills on the 5th write: the run stops there, keeps what it measured, and the log ends whole. */
    @Test
    void aFailedLogWriteStopsTheRunAndLeavesOnlyWholeIntervals() {
        Path log = dir.resolve("run.hlog");
        List<IntervalReport> reports = Collections.synchronizedList(new ArrayList<>());
        StressRun run = new StressRun(sleeping("50us"), fixed(1000, Duration.ofSeconds(60), 1, log), reports::add,
                path -> new FailingFileChannel(StressLog.FILES.open(path), 5));
        StressResult r = assertTimeoutPreemptively(BOUND, run::run);

        assertEquals(StressResult.End.STOPPED, r.end(), r::toString);
        assertEquals(1, r.faults().size(), r.faults()::toString);
        assertEquals(StressResult.FaultKind.INTERVAL_LOG, r.faults().get(0).kind());
        assertTrue(r.faults().get(0).cause() instanceof java.io.IOException, r.faults()::toString);
        String fault = r.faults().get(0).message();
        assertTrue(fault.startsWith("writing the interval log " + log + " failed: no space left on device; the run stopped at "),
                fault);
        assertFalse(fault.contains("\n"), "one line");
        assertTrue(r.completed() > 0, "what was measured is kept: " + r);
        assertEquals(r.completed(), reports.stream().mapToLong(IntervalReport::completed).sum(), "the last interval is reported");
        assertAccountedFor(r);
        // Writes 1 (comment, version) and 2 (StartTime, legend) and intervals 1 and 2 made it; interval 3 was cut.
        List<HdrInterval> logged = assertDoesNotThrowIo(() -> HdrLogReader.readAll(log, IntervalFilter.ALL));
        assertEquals(2 * 3, logged.size(), "two whole intervals of three tags");
        assertTrue(readString(log).endsWith("\n"), "the log ends on a whole line");
    }

    @Test
    void aLogOnAFullDeviceFailsBeforeAnythingRuns() {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full on this platform");
        AtomicInteger ran = new AtomicInteger();
        Workload counting = () -> List.of(Operation.named("op", ran::incrementAndGet));
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> new StressRun(counting, fixed(100, Duration.ofSeconds(5), 1, full), null).run());
        assertEquals("cannot write the interval log /dev/full: no space left on device", e.getMessage());
        assertEquals(0, ran.get(), "nothing ran");
    }

    @Test
    void logsThatCannotBeOpenedNameThePathAndTheReason() throws IOException {
        Workload noop = () -> List.of(Operation.named("op", () -> { }));
        UncheckedIOException onDirectory = assertThrows(UncheckedIOException.class,
                () -> new StressRun(noop, fixed(100, Duration.ofSeconds(5), 1, dir), null).run());
        assertEquals("cannot write the interval log " + dir + ": is a directory", onDirectory.getMessage());

        Path file = Files.writeString(dir.resolve("file.txt"), "not a directory");
        Path underFile = file.resolve("run.hlog");
        UncheckedIOException underAFile = assertThrows(UncheckedIOException.class,
                () -> new StressRun(noop, fixed(100, Duration.ofSeconds(5), 1, underFile), null).run());
        assertTrue(underAFile.getMessage().startsWith("cannot write the interval log " + underFile + ": " + file + ": "),
                underAFile.getMessage());
        assertEquals("not a directory", Files.readString(file), "the file in the way is untouched");

        Path inNewDirectory = dir.resolve("new").resolve("run.hlog");
        StressResult r = new StressRun(noop, new StressConfig(Rate.throughput(), 1, null, 100, Duration.ofMillis(50),
                Duration.ZERO, inNewDirectory), null).run();
        assertEquals(100, r.completed());
        assertTrue(Files.size(inNewDirectory) > 0, "missing directories are created");
    }

    /** Every interval holds the same operations in rt, st and wt, and the listener's counts are those. */
    @Test
    void anOperationsThreeLatenciesLandInTheSameInterval() throws IOException {
        Path log = dir.resolve("run.hlog");
        List<IntervalReport> reports = Collections.synchronizedList(new ArrayList<>());
        StressResult r = new StressRun(sleeping("20us"), fixed(4000, Duration.ofSeconds(2), 2, log), reports::add).run();
        Map<Double, long[]> byInterval = new TreeMap<>();
        for (HdrInterval i : HdrLogReader.readAll(log, IntervalFilter.ALL)) {
            LatencyKind kind = LatencyKind.ofTag(i.tag()).orElseThrow();
            byInterval.computeIfAbsent(i.startSeconds(), s -> new long[3])[kind.ordinal()] += i.histogram().getTotalCount();
        }
        assertEquals(reports.size(), byInterval.size());
        int k = 0;
        for (long[] counts : byInterval.values()) {
            assertEquals(counts[0], counts[1], "rt and st of interval " + k);
            assertEquals(counts[0], counts[2], "rt and wt of interval " + k);
            assertEquals(reports.get(k).completed(), counts[0], "the printed count of interval " + k);
            k++;
        }
        assertEquals(r.completed(), reports.stream().mapToLong(IntervalReport::completed).sum());
    }

    /** An operation that never returns does not hold the end of a stopped run: it is counted as unfinished. */
    @Test
    void aStopCountsOperationsStillInFlightAsUnfinished() throws Exception {
        CountDownLatch inFlight = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        Workload hanging = () -> List.of(Operation.named("hang", () -> {
            inFlight.countDown();
            release.await();
        }));
        List<IntervalReport> reports = Collections.synchronizedList(new ArrayList<>());
        StressRun run = new StressRun(hanging, fixed(100, Duration.ofSeconds(600), 2, null), reports::add);
        try {
            StressResult r = runStoppedAfter(run, inFlight);
            assertEquals(StressResult.End.STOPPED, r.end());
            assertEquals(2, r.unfinished(), r::toString);
            assertEquals(0, r.completed());
            assertFalse(reports.isEmpty(), "the last interval is reported");
            assertAccountedFor(r);
        } finally {
            release.countDown();
        }
    }

    /** A stop while a long HTTP request is in flight, against a local server that answers after the test ends. */
    @Test
    void aStopDuringALongHttpRequestStillEndsWithASummary() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        CountDownLatch arrived = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        server.createContext("/", exchange -> {
            arrived.countDown();
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
                answer.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                exchange.sendResponseHeaders(200, -1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r);
            t.setDaemon(true);
            return t;
        }));
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Workload http = Workloads.create("http", WorkloadOptions.parse(List.of("--url", url, "--timeout", "60s")));
            StressRun run = new StressRun(http, fixed(20, Duration.ofSeconds(60), 1, null), null);
            StressResult r = runStoppedAfter(run, arrived);
            assertEquals(StressResult.End.STOPPED, r.end());
            assertEquals(1, r.unfinished(), r::toString);
            assertAccountedFor(r);
        } finally {
            answer.countDown();
            server.stop(0);
        }
    }

    /**
     * After a stop, only operations intended before it are scheduled: at most those of a schedule started
     * before run() and ended after stop() returned, even when the reporting thread notices the stop late (here
     * it is held in the listener while the stop comes, and released well after it). Missed used to count the
     * schedule up to the moment the reporter noticed.
     */
    @Test
    void aStopSchedulesNothingAfterItsMoment() throws Exception {
        long rate = 100_000;
        CountDownLatch inListener = new CountDownLatch(1);
        CountDownLatch stopped = new CountDownLatch(1);
        long[] afterStop = new long[1];
        StressRun.Listener late = report -> {
            if (inListener.getCount() == 0) {
                return;
            }
            inListener.countDown();
            try {
                stopped.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            long until = afterStop[0] + 20_000_000;
            while (System.nanoTime() - until < 0) {
                Thread.onSpinWait(); // hold the reporter until well after the stop
            }
        };
        StressRun run = new StressRun(() -> List.of(Operation.named("noop", () -> { })),
                fixed(rate, Duration.ofSeconds(600), 1, null), late);
        Thread stopper = new Thread(() -> {
            try {
                inListener.await();
            } catch (InterruptedException e) {
                return;
            }
            run.stop();
            afterStop[0] = System.nanoTime();
            stopped.countDown();
        });
        stopper.start();
        long beforeRun = System.nanoTime();
        StressResult r = assertTimeoutPreemptively(BOUND, run::run);
        stopper.join();
        long bound = new Schedule(beforeRun, rate).operationsWithin(afterStop[0] - beforeRun);
        assertTrue(r.scheduled() <= bound, "scheduled " + r.scheduled() + " > " + bound + ": " + r);
        assertEquals(StressResult.End.STOPPED, r.end());
        assertAccountedFor(r);
    }

    @Test
    void aStopDuringTheWarmupMeasuresNothing() {
        CountDownLatch warming = new CountDownLatch(1);
        Workload w = () -> List.of(Operation.named("op", warming::countDown));
        StressConfig config = new StressConfig(new Rate(Rate.Mode.FIXED, 100), 1, Duration.ofSeconds(5), 0,
                Duration.ofMillis(50), Duration.ofSeconds(600), null);
        List<IntervalReport> reports = Collections.synchronizedList(new ArrayList<>());
        StressRun run = new StressRun(w, config, reports::add);
        StressResult r = runStoppedAfter(run, warming);
        assertEquals(StressResult.End.STOPPED_IN_WARMUP, r.end());
        assertEquals(0, r.scheduled());
        assertEquals(0, r.missed());
        assertTrue(reports.isEmpty(), "no measured interval");
    }

    @Test
    void anInterruptOfTheCallingThreadIsAStop() throws Exception {
        StressResult[] result = new StressResult[1];
        boolean[] stillInterrupted = new boolean[1];
        CountDownLatch running = new CountDownLatch(10);
        Workload w = () -> List.of(Operation.named("op", running::countDown));
        Thread runner = new Thread(() -> {
            result[0] = new StressRun(w, fixed(1000, Duration.ofSeconds(600), 1, null), null).run();
            stillInterrupted[0] = Thread.currentThread().isInterrupted();
        });
        assertTimeoutPreemptively(BOUND, () -> {
            runner.start();
            running.await();
            runner.interrupt();
            runner.join();
        });
        assertEquals(StressResult.End.STOPPED, result[0].end());
        assertTrue(stillInterrupted[0], "the interrupt is kept for the caller");
        assertAccountedFor(result[0]);
    }

    /** Waiting for an agreed start (here an hour away, with a warm-up before it) also ends at an interrupt. */
    @Test
    void anInterruptWhileWaitingForTheAgreedStartIsAStopAndIsKept() throws Exception {
        StressResult[] result = new StressResult[1];
        boolean[] stillInterrupted = new boolean[1];
        AtomicInteger calls = new AtomicInteger();
        Workload w = () -> List.of(Operation.named("op", calls::incrementAndGet));
        StressConfig config = StressConfig.builder().rate(new Rate(Rate.Mode.FIXED, 100)).duration(Duration.ofSeconds(5))
                .warmup(Duration.ofSeconds(1)).startAt(java.time.Instant.now().plus(Duration.ofHours(1))).build();
        Thread runner = new Thread(() -> {
            result[0] = new StressRun(w, config, null).run();
            stillInterrupted[0] = Thread.currentThread().isInterrupted();
        });
        assertTimeoutPreemptively(BOUND, () -> {
            runner.start();
            while (runner.getState() != Thread.State.TIMED_WAITING) {
                Thread.onSpinWait();
            }
            runner.interrupt();
            runner.join();
        });
        assertEquals(StressResult.End.STOPPED_IN_WARMUP, result[0].end());
        assertEquals(0, calls.get(), "nothing ran: the warm-up was an hour away");
        assertTrue(stillInterrupted[0], "the interrupt is kept for the caller");
    }

    @Test
    void aVirtualMachineErrorIsNotCountedAsAnOperationErrorButRethrown() {
        OutOfMemoryError oom = new OutOfMemoryError("injected");
        AtomicInteger calls = new AtomicInteger();
        AtomicBoolean closed = new AtomicBoolean();
        Workload w = new Workload() {
            @Override
            public List<Operation> operations() {
                return List.of(Operation.named("op", () -> {
                    if (calls.incrementAndGet() == 50) {
                        throw oom;
                    }
                }));
            }

            @Override
            public void close() {
                closed.set(true);
            }
        };
        Path log = dir.resolve("oom.hlog");
        OutOfMemoryError thrown = assertThrows(OutOfMemoryError.class, () -> assertTimeoutPreemptively(BOUND,
                () -> new StressRun(w, fixed(1000, Duration.ofSeconds(600), 2, log), null).run()));
        assertSame(oom, thrown);
        assertTrue(closed.get(), "the workload is closed");
        assertTrue(readString(log).endsWith("\n"), "the log is closed on a whole line");
    }

    @Test
    void aRefusedConnectionNamesTheAddress() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Workload http = Workloads.create("http", WorkloadOptions.parse(List.of("--url", "http://127.0.0.1:" + port + "/")));
        StressResult r = assertTimeoutPreemptively(BOUND, () -> new StressRun(http, new StressConfig(Rate.throughput(), 1,
                null, 3, Duration.ofMillis(50), Duration.ZERO, null), null).run());
        assertEquals(3, r.errors());
        assertEquals(0, r.completed());
        assertEquals(0, r.reported().getTotalCount(), "no latency for operations that never succeeded");
        assertEquals("ConnectException: connection refused 127.0.0.1:" + port, r.operations().get(0).firstErrors().get(0));
    }

    @Test
    void anExceptionWithoutAMessageIsDescribedByItsCause() {
        assertEquals("IOException: disk gone", OperationStats.describe(new IOException(null, new IOException("disk gone"))));
        assertEquals("IllegalStateException", OperationStats.describe(new IllegalStateException()));
    }

    /** The stress command's run-length option, as the user types it. */
    private static final String RUN_LENGTH_OPTION = "--duration";

    /** Parses a run length as the stress command does for its run-length option. */
    private static void parseRunLength(String text) {
        Durations.parse(RUN_LENGTH_OPTION, text);
    }

    @Test
    void durationsBeyondANanosecondClockAreUsageErrorsNotOverflows() {
        String option = RUN_LENGTH_OPTION;
        String expected = option + " is too long: at most 292 years fit a nanosecond clock: '3000000h'";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parseRunLength("3000000h"));
        assertEquals(expected, e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.create("sleep",
                WorkloadOptions.parse(List.of("--service-time", "3000000h")))).getMessage()
                .startsWith("workload option --service-time is too long"));
        assertThrows(IllegalArgumentException.class, () -> new StressConfig(Rate.throughput(), 1, Duration.ofHours(3_000_000),
                0, Duration.ofSeconds(1), Duration.ZERO, null));
    }

    private interface IoCall<T> {
        T call() throws IOException;
    }

    private static <T> T assertDoesNotThrowIo(IoCall<T> call) {
        try {
            return call.call();
        } catch (IOException e) {
            throw new AssertionError("the log must read back whole: " + e.getMessage(), e);
        }
    }

    private static String readString(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs, stopping the run from another thread once {@code ready} opens; bounded by {@link #BOUND}. */
    private static StressResult runStoppedAfter(StressRun run, CountDownLatch ready) {
        return assertTimeoutPreemptively(BOUND, () -> {
            Thread stopper = new Thread(() -> {
                try {
                    ready.await();
                } catch (InterruptedException e) {
                    return;
                }
                run.stop();
            });
            stopper.start();
            return run.run();
        });
    }
}

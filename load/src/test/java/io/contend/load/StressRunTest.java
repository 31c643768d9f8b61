package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stall demonstration of "Fixing Coordinated Omission in Cassandra Stress" and the generator's accounting, asserted as relations, never as timings.
 */
class StressRunTest {
    @TempDir
    Path dir;

    private static StressResult run(Workload w, StressConfig config) throws Exception {
        return new StressRun(w, config, null).run();
    }

    private static StressConfig fixed(long rate, Duration duration, int threads, Path log) {
        return new StressConfig(new Rate(Rate.Mode.FIXED, rate), threads, duration, 0, Duration.ofMillis(200), Duration.ZERO, log);
    }

    /**
     * Red pill: a service that freezes for 100 ms every 200 operations, driven at a fixed 1000/s. Service time
     * only sees the stall once per freeze (the operation that waited it out); response time sees every
     * operation queued behind it, so its p99 is far above service time's.
     */
    @Test
    void stallsShowInResponseTimeAndNotInServiceTime() throws Exception {
        Workload sleep = Workloads.create("sleep", WorkloadOptions.parse(List.of("--service-time", "100us", "--stall-every", "200",
                "--stall", "100ms")));
        StressResult r = run(sleep, fixed(1000, Duration.ofSeconds(2), 1, null));
        StressResult.Op op = r.operations().get(0);
        long rtP99 = op.response().getValueAtPercentile(99);
        long stP99 = op.service().getValueAtPercentile(99);
        assertTrue(rtP99 > 5 * stP99, "response p99 " + rtP99 + " ns should be far above service p99 " + stP99 + " ns");
        assertTrue(op.response().getMaxValue() >= 100_000_000L * 9 / 10, "a stall's wait is in response time");
        assertAccountedFor(r);
    }

    /** Every operation: response >= service >= 0 and wait >= 0, checked by histogram totals and ranges. */
    @Test
    void responseIsAtLeastServiceForEveryOperation() throws Exception {
        List<long[]> seen = new ArrayList<>();
        Workload w = () -> List.of(Operation.named("noop", () -> { }));
        Path log = dir.resolve("run.hlog");
        StressResult r = run(w, fixed(20_000, Duration.ofMillis(600), 2, log));
        StressResult.Op op = r.operations().get(0);
        assertEquals(op.completed(), op.response().getTotalCount());
        assertEquals(op.completed(), op.service().getTotalCount());
        assertEquals(op.completed(), op.waiting().getTotalCount());
        assertTrue(op.response().getMinValue() >= op.service().getMinValue() || op.response().getMinValue() >= 0);
        // Per operation, rt = st + wt exactly; so the sums of the three histograms' exact means agree within resolution.
        double rt = op.response().getMean() * op.completed();
        double sum = (op.service().getMean() + op.waiting().getMean()) * op.completed();
        assertEquals(rt, sum, 0.002 * rt + 1000.0 * op.completed());
        assertAccountedFor(r);
        assertLogHasEveryOperation(log, op.completed(), "noop");
        seen.clear();
    }

    @Test
    void throughputModeRecordsServiceTimeAsResponseTime() throws Exception {
        Workload w = () -> List.of(Operation.named("noop", () -> { }));
        StressResult r = run(w, new StressConfig(Rate.throughput(), 2, null, 100_000, Duration.ofMillis(100), Duration.ZERO, null));
        assertEquals(100_000, r.completed());
        assertEquals(100_000, r.scheduled());
        assertEquals(0, r.missed());
        assertEquals(0, r.operations().get(0).waiting().getMaxValue(), "no schedule, no wait");
    }

    @Test
    void errorsAreCountedWithTheirFirstMessagesAndNothingIsLost() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        Workload w = () -> List.of(Operation.named("flaky", () -> {
            if (calls.incrementAndGet() % 3 == 0) {
                throw new IllegalStateException("boom " + calls.get());
            }
        }), Operation.named("ok", () -> { }));
        StressResult r = run(w, new StressConfig(new Rate(Rate.Mode.THROTTLE, 50_000), 2, null, 3000, Duration.ofMillis(50),
                Duration.ZERO, null));
        assertEquals(3000, r.scheduled());
        assertEquals(3000, r.completed() + r.errors());
        StressResult.Op flaky = r.operations().get(0);
        assertEquals(500, flaky.errors());
        assertEquals(OperationStats.KEPT_ERROR_MESSAGES, flaky.firstErrors().size());
        assertTrue(flaky.firstErrors().get(0).startsWith("IllegalStateException: boom"), flaky.firstErrors().toString());
        assertAccountedFor(r);
    }

    /** Stopping early (as Ctrl-C does) ends cleanly: totals add up, the log ends on a whole line and reads back. */
    @Test
    void stopEndsCleanlyAndReportsMissedOperations() throws Exception {
        Workload slow = Workloads.create("sleep", WorkloadOptions.parse(List.of("--service-time", "2ms")));
        Path log = dir.resolve("stopped.hlog");
        StressRun run = new StressRun(slow, fixed(2000, Duration.ofSeconds(30), 1, log), null);
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(700);
            } catch (InterruptedException e) {
                return;
            }
            run.stop();
        });
        stopper.start();
        StressResult r = run.run();
        stopper.join();
        assertTrue(r.stoppedEarly());
        assertTrue(r.scheduled() < 30 * 2000, "the stop cut the schedule short of its 60,000 operations: " + r);
        assertTrue(r.missed() > 0, "one thread at 2 ms per operation cannot keep 2000/s: " + r);
        assertAccountedFor(r);
        String text = Files.readString(log);
        assertTrue(text.endsWith("\n"), "the log ends on a whole line");
        assertLogHasEveryOperation(log, r.completed(), "sleep");
    }

    @Test
    void httpWorkloadAgainstARealServerCountsErrorStatuses() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger requests = new AtomicInteger();
        server.createContext("/", exchange -> {
            int n = requests.incrementAndGet();
            try (InputStream in = exchange.getRequestBody()) {
                in.readAllBytes();
            }
            if (n % 50 == 0) {
                sleep(50); // an injected stall
            }
            int status = n % 10 == 0 ? 500 : 200;
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Workload http = Workloads.create("http", WorkloadOptions.parse(List.of("--url", url)));
            StressResult r = run(http, new StressConfig(new Rate(Rate.Mode.FIXED, 400), 2, null, 400, Duration.ofMillis(100),
                    Duration.ZERO, null));
            assertEquals(400, requests.get());
            assertEquals(40, r.errors(), "every 10th request answers 500");
            assertEquals(360, r.completed());
            assertTrue(r.operations().get(0).firstErrors().get(0).contains("HTTP 500"), r.operations().get(0).firstErrors().toString());
            StressResult.Op get = r.operations().get(0);
            assertEquals("get", get.name());
            assertTrue(get.response().getMaxValue() >= get.service().getMaxValue());
            assertAccountedFor(r);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void unknownWorkloadsAndOptionsAreRejectedClearly() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.create("nope", WorkloadOptions.none()))
                .getMessage().startsWith("unknown workload 'nope'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Workloads.create("sleep", WorkloadOptions.parse(List.of("--stal", "5ms")))).getMessage()
                .startsWith("unknown option(s) for workload sleep: --stal"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.create("http", WorkloadOptions.none()))
                .getMessage().startsWith("missing workload option --url"));
        assertThrows(IllegalArgumentException.class, () -> new StressConfig(Rate.throughput(), 0, Duration.ofSeconds(1), 0,
                Duration.ofSeconds(1), Duration.ZERO, null));
    }

    @Test
    void operationNamesThatWouldBreakTheLogAreRefusedAndTheWorkloadClosed() {
        for (String bad : new String[] {"a,b", "a b", "", null}) {
            boolean[] closed = {false};
            Workload w = new Workload() {
                @Override
                public List<Operation> operations() {
                    return List.of(new Operation() {
                        @Override
                        public String name() {
                            return bad;
                        }

                        @Override
                        public void run() {
                        }
                    });
                }

                @Override
                public void close() {
                    closed[0] = true;
                }
            };
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new StressRun(w, fixed(10, Duration.ofSeconds(1), 1, null), null));
            assertTrue(e.getMessage().contains("operation names use letters, digits"), e.getMessage());
            assertTrue(closed[0], "a refused workload is closed: " + bad);
        }
    }

    /** A workload loaded by class name that reads no option and says when it is closed. */
    public static final class Closing implements Workload {
        static final AtomicInteger CLOSED = new AtomicInteger();

        /** @param options ignored: any given is unknown */
        public Closing(WorkloadOptions options) {
        }

        @Override
        public List<Operation> operations() {
            return List.of(Operation.named("noop", () -> { }));
        }

        @Override
        public void close() {
            CLOSED.incrementAndGet();
        }
    }

    @Test
    void aWorkloadRefusedForAnUnknownOptionIsClosed() {
        int before = Closing.CLOSED.get();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Workloads.create(Closing.class.getName(),
                WorkloadOptions.parse(List.of("--timout", "5s")))).getMessage().contains("--timout"));
        assertEquals(before + 1, Closing.CLOSED.get());
    }

    /** A paced run that runs its course spans its schedule: its rate is the schedule's, not above it. */
    @Test
    void aPacedRunsMeasuredTimeSpansItsSchedule() throws Exception {
        Workload w = Workloads.create("sleep", WorkloadOptions.parse(List.of("--service-time", "10us")));
        StressResult r = run(w, fixed(10, Duration.ofSeconds(1), 1, null));
        assertEquals(StressResult.End.FINISHED, r.end());
        assertEquals(10, r.completed());
        // relations to the schedule, not timings: the run completed exactly what its schedule held, and the rate
        // it reports for them is at most the rate asked for (before the fix a run of 1 s at 10/s reported 11.1)
        assertEquals(r.scheduled(), r.completed(), "every scheduled operation, no more: " + r);
        assertTrue(r.opsPerSecond() <= 10.0, r.toString());
        assertTrue(r.toString().length() < 1_000, "no histogram counts in the text: " + r.toString().length());
    }

    @Test
    void builtInPrimitiveWorkloadsRun() throws Exception {
        for (String name : List.of("allocate", "retain-release", "queue-handoff", "histogram-update")) {
            StressResult r = run(Workloads.create(name, WorkloadOptions.none()),
                    new StressConfig(Rate.throughput(), 2, null, 20_000, Duration.ofMillis(100), Duration.ZERO, null));
            assertEquals(20_000, r.completed(), name + ": " + r.operations().get(0).firstErrors());
        }
    }

    /** The options a built-in declares (for --help) are exactly those it reads. */
    @Test
    void builtInsDeclareTheOptionsTheyRead() {
        for (Workloads.Type type : Workloads.builtIns()) {
            WorkloadOptions options = new WorkloadOptions(type.name().equals("http") ? Map.of("url", "http://127.0.0.1:9/")
                    : Map.of());
            Workload w = Workloads.create(type.name(), options);
            assertEquals(type.options().stream().map(WorkloadOption::name).collect(java.util.stream.Collectors.toSet()),
                    options.read(), type.name());
            try {
                w.close();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    @Test
    void workloadsLoadByClassName() throws Exception {
        Workload w = Workloads.create(CountingWorkload.class.getName(), new WorkloadOptions(Map.of("label", "x")));
        StressResult r = run(w, new StressConfig(Rate.throughput(), 1, null, 10, Duration.ofMillis(100), Duration.ZERO, null));
        assertEquals("x", r.operations().get(0).name());
    }

    /** A workload on the class path, as a user would write one. */
    public static final class CountingWorkload implements Workload {
        private final String label;

        public CountingWorkload(WorkloadOptions options) {
            label = options.required("label", "the operation's name");
        }

        @Override
        public List<Operation> operations() {
            return List.of(Operation.named(label, () -> { }));
        }
    }

    private static void assertAccountedFor(StressResult r) {
        assertEquals(r.scheduled(), r.completed() + r.errors() + r.unfinished() + r.missed(), r::toString);
        assertTrue(r.missed() >= 0 && r.completed() >= 0);
    }

    private static void assertLogHasEveryOperation(Path log, long completed, String op) throws IOException {
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        long rt = 0;
        long st = 0;
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            if ((op + "-rt").equals(h.getTag())) {
                rt += ((Histogram) h).getTotalCount();
            } else if ((op + "-st").equals(h.getTag())) {
                st += ((Histogram) h).getTotalCount();
            }
        }
        assertEquals(completed, rt, "HdrHistogram's own reader finds every operation's response time");
        assertEquals(completed, st);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

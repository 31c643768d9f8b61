package io.contend.cli.lab;

import io.contend.cli.VersionProvider;
import io.contend.cli.results.ChartData;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.bench.writepath.SaturationSearch;
import io.contend.bench.writepath.WritePathBuild;
import io.contend.bench.writepath.WritePathRun;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The mechanisms as one system: the write path of a database node (memtable in region memory, reference-counted
 * regions read while a flush recycles them, three request stages, a deletion-time histogram per flush) built from
 * contend's parts and from the JDK's and peers' ({@link WritePathBuild}), driven by the load generator at fixed
 * rates ({@link WritePathRun}).
 *
 * <p>Before the rounds, a calibration step searches the JDK build's saturation rate, the highest fixed rate
 * whose response-time p99 stays within {@value #SLO_MS} ms ({@link SaturationSearch}; the median of three
 * searches, after one that warms the JVM), and the first fixed-rate
 * trial of each of the JDK and contend builds runs once unmeasured (warm-up). Each round then searches each
 * build's saturation afresh, from the same starting rate, and runs the builds at fixed shares of the calibrated
 * rate (quick: 50% and 80%; {@code --full}: 25%, 50% and 80%): the JDK build (baseline), contend's build and, at
 * 80% (at every load with {@code --full}), the JDK build with one contend component swapped in. No round's plan
 * depends on another round's result.
 *
 * <p>Saturation is judged, contend's build against the JDK's, only with {@code --full}, whose probes last 3 s. In
 * quick and smoke mode each build's searches are rows of their own, measured and drawn in the hockey stick but not
 * judged: a probe there lasts 0.6 s (smoke: 0.2 s), so one host stall fails it, and one build's searches in one run
 * differ several-fold, so that the ratio's interval over a quick run's rounds never concluded (the saturation rows
 * of docs/results/2026-11-29-quick-25 to -32).
 *
 * <p>What a fixed-rate row is judged by depends on the mode. With {@code --full} (and in {@code contend lab
 * calibrate}) it is the response-time p99 of 8 s runs, its interval from the round bootstrap. In quick and smoke
 * mode the same runs last 1.2 s, and on a shared or virtual machine their p99 is set by the host's stalls: the
 * A/A row of {@code calibrate} spans several-fold, wider than any difference between the builds. Quick mode
 * therefore judges each run by what it resolves in that time, the heap bytes the path's own threads allocate
 * per operation ({@value #PATH_BYTES} rows), the garbage CASSANDRA-13444 and Netty #7248 set out to remove;
 * p50, p99 and the path's CPU time per operation stay in the row, kept per round, for {@code contend report
 * --metric}. Every run is read back in full and throws if a write was lost, a value differs, a segment does not
 * verify, memory is left in the pool or a region leaked. The probes and fixed-rate runs draw the hockey stick,
 * {@code writepath-hockey.svg}.
 */
public final class WritepathExperiment implements Experiment, Calibrated {
    /** The SLO on response-time p99 that defines saturation. */
    static final double SLO_MS = 10;
    static final String SATURATION = "saturation";
    static final String FIXED_RATE = "fixedRate";
    /** The fixed-rate runs of quick and smoke mode, judged by the path's heap bytes per operation. */
    static final String PATH_BYTES = "pathBytes";
    static final List<Integer> LOADS = List.of(25, 50, 80);
    static final int SWAP_LOAD = 80;
    /** Searches whose median calibrates the fixed rates, after one that warms the JVM; odd, so the median is one. */
    static final int CALIBRATION_SEARCHES = 3;
    /** Quick mode's loads: half the saturation, and the load where one component swapped shows. */
    static final List<Integer> HEADLINE_LOADS = List.of(50, SWAP_LOAD);

    /** The JDK build's calibrated saturation, before the first fixed-rate run: the fixed rates of every round. */
    private Long calibratedJdkSaturation;
    private final Map<WritePathBuild, List<double[]>> points = new EnumMap<>(WritePathBuild.class);
    private LabMode mode = LabMode.QUICK;

    @Override
    public String name() {
        return "writepath";
    }

    @Override
    public String title() {
        return "a memtable write path built from contend's parts vs the JDK's, end to end: saturation and p99 at fixed "
                + "rates, one component swapped at a time (CASSANDRA-15922, -1632, -13444, Netty #7248)";
    }

    @Override
    public synchronized List<Comparison> comparisons(LabPlan plan) {
        mode = plan.mode();
        calibratedJdkSaturation = null;
        points.clear();
        List<Comparison> comparisons = new ArrayList<>();
        if (plan.mode() == LabMode.FULL) {
            comparisons.add(new Comparison(saturation(WritePathBuild.JDK, false),
                    List.of(saturation(WritePathBuild.CONTEND, false)), Direction.HIGHER));
        } else { // measured, not judged: see the class comment
            comparisons.add(new Comparison(saturation(WritePathBuild.JDK, plan.smoke()), List.of(), Direction.HIGHER));
            comparisons.add(new Comparison(saturation(WritePathBuild.CONTEND, plan.smoke()), List.of(),
                    Direction.HIGHER));
        }
        String judged = plan.mode() == LabMode.FULL ? FIXED_RATE : PATH_BYTES;
        boolean first = true;
        for (int load : plan.smoke() ? List.of(50) : plan.everyComparison() ? LOADS : HEADLINE_LOADS) {
            List<Trial> contenders = new ArrayList<>();
            contenders.add(fixedRate(judged, WritePathBuild.CONTEND, load, first && !plan.smoke(), null));
            if (load == SWAP_LOAD || plan.everyComparison() || plan.smoke()) {
                for (WritePathBuild swap : WritePathBuild.SWAPS) {
                    contenders.add(fixedRate(judged, swap, load, false, null));
                }
            }
            comparisons.add(new Comparison(fixedRate(judged, WritePathBuild.JDK, load, first && !plan.smoke(), null),
                    contenders, Direction.LOWER));
            first = false;
        }
        return comparisons;
    }

    /**
     * The A/A comparison: the JDK build at {@value #SWAP_LOAD}% of its saturation (calibrated as in a run),
     * measured as two trials in the same rounds. Its interval is what this machine's stalls make of a p99 ratio
     * that is truly 1, as the round bootstrap of the pooled percentile judges it.
     */
    @Override
    public synchronized Comparison calibration(LabPlan plan) {
        mode = plan.mode();
        int load = plan.smoke() ? 50 : SWAP_LOAD;
        return new Comparison(fixedRate(FIXED_RATE, WritePathBuild.JDK, load, !plan.smoke(), "A"),
                List.of(fixedRate(FIXED_RATE, WritePathBuild.JDK, load, false, "B")), Direction.LOWER);
    }

    /**
     * Continues a stored run at its calibrated rate: the fixed rates of the new rounds are the same shares of the
     * same JDK saturation as the stored rounds', so that all its rounds measure one experiment.
     *
     * @throws IllegalArgumentException if a stored fixed-rate record does not say its calibrated rate
     */
    @Override
    public synchronized void continueFrom(List<ResultRecord> stored) {
        for (ResultRecord r : stored) {
            if (r.benchmark().equals(FIXED_RATE) || r.benchmark().equals(PATH_BYTES)) {
                ResultRecord.Secondary rate = r.secondary().get("calibratedSaturation");
                if (rate == null || !(rate.score() >= 1)) {
                    throw new IllegalArgumentException("the stored run's " + r.params() + " has no calibrated rate: "
                            + rate);
                }
                calibratedJdkSaturation = Math.round(rate.score());
                return;
            }
        }
    }

    /**
     * @param warmup whether the search runs once, unmeasured, before the first round. Smoke mode needs it: its
     *               fixed-rate trials have no warm-up run, so without it round 0's searches would be the lab JVM's
     *               first runs of each build, and a cold build's 300 ms probes can all miss the SLO on class loading
     *               and compilation alone, answering 0. In quick and full mode the first fixed-rate trials' warm-up
     *               runs, before round 0, have already run both builds.
     */
    private Trial saturation(WritePathBuild build, boolean warmup) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("build", build.label());
        params.put("load", "p99<=" + number(SLO_MS) + "ms");
        return new DirectTrial(SATURATION, params, WritePathRun.GENERATOR_THREADS, round -> {
            SaturationSearch.Outcome o = search(build);
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
            secondary.put("probes", new ResultRecord.Secondary(o.probes().size(), "runs"));
            zeroChecks(secondary);
            return new Sample(o.saturation(), "ops/s", secondary);
        }).withWarmup(warmup ? 1 : 0);
    }

    /**
     * @param judged {@value #FIXED_RATE}: the score is the response-time p99, with its latency blocks for the
     *               bootstrap; {@value #PATH_BYTES}: the score is the path's heap bytes per operation, p99 a column
     * @param warmup whether the trial runs once, unmeasured, before the first round: the first fixed-rate trial of
     *               the JDK and contend builds do, so that round 0 does not measure the lab JVM's first run of the
     *               path (class loading and compilation); the first such run also searches the calibrated rate
     * @param copy the A/A copy's label, or null for an ordinary trial
     */
    private Trial fixedRate(String judged, WritePathBuild build, int load, boolean warmup, String copy) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("build", build.label());
        params.put("load", load + "%");
        if (copy != null) {
            params.put("of", name());
            params.put("copy", copy);
        }
        return new DirectTrial(judged, params, WritePathRun.GENERATOR_THREADS, round -> {
            long calibrated = jdkSaturation();
            long rate = Math.max(1, calibrated * load / 100);
            WritePathRun.Measurement m = WritePathRun.run(build, rate, warmup(false), length(false));
            addPoint(build, rate, m.responseMs(99));
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
            secondary.put("rate", new ResultRecord.Secondary(rate, "ops/s"));
            secondary.put("calibratedSaturation", new ResultRecord.Secondary(calibrated, "ops/s"));
            secondary.put("opsPerSec", new ResultRecord.Secondary(m.result().opsPerSecond(), "ops/s"));
            secondary.put("p50Ms", new ResultRecord.Secondary(m.responseMs(50), "ms"));
            if (judged.equals(PATH_BYTES)) {
                secondary.put("p99Ms", new ResultRecord.Secondary(m.responseMs(99), "ms"));
            }
            secondary.put("p999Ms", new ResultRecord.Secondary(m.responseMs(99.9), "ms"));
            secondary.put("bytesPerOp", new ResultRecord.Secondary(m.bytesPerOperation(), "B/op"));
            secondary.put("pathCpuUsPerOp", new ResultRecord.Secondary(m.pathCpuNanosPerOperation() / 1e3, "us/op"));
            secondary.put("pathBytesPerOp", new ResultRecord.Secondary(m.pathBytesPerOperation(), "B/op"));
            secondary.put("generatorBytesPerOp", new ResultRecord.Secondary(
                    m.bytesPerOperation() - m.pathBytesPerOperation(), "B/op"));
            secondary.put("gcMs", new ResultRecord.Secondary(m.result().gcMillis(), "ms"));
            secondary.put("contextSwitchesPerSec", new ResultRecord.Secondary(m.contextSwitchesPerSecond(), "1/s"));
            secondary.put("migrationsPerSec", new ResultRecord.Secondary(m.migrationsPerSecond(), "1/s"));
            secondary.put("flushes", new ResultRecord.Secondary(m.flushes(), "flushes"));
            secondary.put("lostWrites", new ResultRecord.Secondary(m.readBack().lostWrites(), "writes"));
            secondary.put("readMismatches", new ResultRecord.Secondary(m.readBack().readMismatches(), "reads"));
            secondary.put("leaks", new ResultRecord.Secondary(m.readBack().leaks(), "regions"));
            if (judged.equals(PATH_BYTES)) {
                return new Sample(m.pathBytesPerOperation(), "B/op", secondary);
            }
            return new Sample(m.responseMs(99), "ms", secondary, Sample.Blocks.of(99, m.blocks()));
        }).withWarmup(warmup ? 1 : 0);
    }

    /**
     * Every probe of a search is read back in full and throws on any loss, mismatch or leak; a search that
     * returns has therefore checked all of them.
     */
    private static void zeroChecks(Map<String, ResultRecord.Secondary> secondary) {
        secondary.put("lostWrites", new ResultRecord.Secondary(0, "writes"));
        secondary.put("readMismatches", new ResultRecord.Secondary(0, "reads"));
        secondary.put("leaks", new ResultRecord.Secondary(0, "regions"));
    }

    /**
     * A saturation search that depends on no earlier round: every search starts from the same rate with the same
     * steps, so the rounds of the saturation rows are independent, as the interval over them assumes.
     */
    private SaturationSearch.Outcome search(WritePathBuild build) {
        SaturationSearch search;
        synchronized (this) {
            search = switch (mode) {
                case SMOKE -> new SaturationSearch(SLO_MS, 4, 0, 100);
                case FULL -> new SaturationSearch(SLO_MS, 2, 4, 100);
                default -> new SaturationSearch(SLO_MS, 2, 2, 100);
            };
        }
        return search.search(2000, rate -> {
            double p99 = WritePathRun.run(build, rate, warmup(true), length(true)).responseMs(99);
            addPoint(build, rate, p99);
            return p99;
        });
    }

    /**
     * The JDK build's saturation, searched before the first fixed-rate run (a calibration step, not a measured
     * round) and kept for every round, so that no round's fixed rates depend on another round's result. The first
     * search warms the JVM and is dropped: in a JVM that has not run the path yet it pays for class loading and
     * compilation in its p99 and settles at a small fraction of the warm saturation, which left the fixed-rate rows
     * measuring a nearly idle path. The calibrated rate is the median of the next {@value #CALIBRATION_SEARCHES}:
     * now and then one search collapses to a fraction of the others, a host stall failing a probe near its start,
     * and with one answer alone that moved the fixed rates of consecutive runs twofold.
     */
    private synchronized long jdkSaturation() {
        Long rate = calibratedJdkSaturation;
        if (rate == null) {
            search(WritePathBuild.JDK); // warm-up: a cold JVM's first search finds a fraction of the warm rate
            long[] answers = new long[CALIBRATION_SEARCHES];
            for (int i = 0; i < answers.length; i++) {
                answers[i] = search(WritePathBuild.JDK).saturation();
            }
            Arrays.sort(answers);
            rate = answers[answers.length / 2];
            calibratedJdkSaturation = rate;
        }
        if (rate == 0) {
            throw new IllegalStateException("the jdk build did not hold p99 <= " + number(SLO_MS)
                    + " ms even at 100 ops/s: no fixed rate to run at");
        }
        return rate;
    }

    private synchronized void addPoint(WritePathBuild build, long rate, double p99Ms) {
        points.computeIfAbsent(build, b -> new ArrayList<>()).add(new double[] {rate, p99Ms});
    }

    private Duration warmup(boolean probe) {
        return switch (mode) {
            case SMOKE -> Duration.ofMillis(100);
            case FULL -> Duration.ofSeconds(1);
            default -> Duration.ofMillis(probe ? 200 : 300);
        };
    }

    private Duration length(boolean probe) {
        return switch (mode) {
            case SMOKE -> Duration.ofMillis(200);
            case FULL -> Duration.ofSeconds(probe ? 3 : 8);
            default -> Duration.ofMillis(probe ? 600 : 1200);
        };
    }

    @Override
    public synchronized List<ChartData> charts() {
        ChartData hockey = points.isEmpty() ? null : HockeyStick.chart(points, SLO_MS);
        return hockey == null ? List.of() : List.of(hockey);
    }

    @Override
    public synchronized void writeFiles(Path outDir) throws IOException {
        if (!points.isEmpty()) {
            HockeyStick.write(outDir.resolve("writepath-hockey.svg"), points, SLO_MS);
        }
    }

    @Override
    public Duration budget(LabMode mode) {
        return mode.budget(Duration.ofSeconds(70), Duration.ofMinutes(6));
    }

    @Override
    public TableSpec table() {
        return new TableSpec(List.of("build", "load"), "build", WritePathBuild.JDK.label(), Direction.LOWER,
                List.of(new TableSpec.Column("rate", "rate/s", "%.0f"),
                        new TableSpec.Column("p50Ms", "p50 ms", "%.3f"),
                        new TableSpec.Column("p99Ms", "p99 ms", "%.3f"),
                        new TableSpec.Column("p999Ms", "p99.9 ms", "%.3f"),
                        new TableSpec.Column("pathCpuUsPerOp", "path CPU us/op", "%.1f"),
                        new TableSpec.Column("pathBytesPerOp", "path B/op", "%.0f"),
                        new TableSpec.Column("generatorBytesPerOp", "gen B/op", "%.0f"),
                        new TableSpec.Column("gcMs", "GC ms", "%.0f"),
                        new TableSpec.Column("contextSwitchesPerSec", "ctxsw/s", "%.0f"),
                        new TableSpec.Column("migrationsPerSec", "migr/s", "%.1f"),
                        new TableSpec.Column("lostWrites", "lost", "%.0f"),
                        new TableSpec.Column("readMismatches", "mismatch", "%.0f"),
                        new TableSpec.Column("leaks", "leaks", "%.0f")),
                List.of("A memtable write path (region memory in a pool, reference-counted regions, 3 "
                                + "request stages, a deletion-time histogram and a checksum per flush). Builds: "
                                + "jdk = synchronized bump allocator, AtomicInteger CAS count, 3 chained "
                                + "ThreadPoolExecutors, Cassandra " + VersionProvider.peer("cassandra-all")
                                + "'s histogram, a new builder per flush as Cassandra makes one per SSTable writer "
                                + "(the baseline); contend = XADD regions, EVEN_ODD count, StagedExecutor on MPSC "
                                + "queues, contend's histogram, whose builder the flush thread keeps from one flush "
                                + "to the next (cleared, so its spool is not allocated again); jdk+X "
                                + "= the jdk build with contend's X alone.",
                        "saturation rows: the highest fixed rate whose response-time p99 stayed <= "
                                + number(SLO_MS) + " ms, searched each round from the same starting rate (higher "
                                + "is better). Judged with --full (3 s probes); in quick and smoke mode each "
                                + "build's searches are shown without a verdict, as a probe of 0.6 s or less "
                                + "fails at one host stall and the same build's searches then differ several-fold.",
                        "fixedRate rows (--full): response-time p99 in ms (lower is better) at a share of "
                                + "the jdk build's saturation, calibrated before the rounds (the median of three "
                                + "searches; rate/s); latency from each request's intended start (coordinated "
                                + "omission corrected). "
                                + WritePathRun.GENERATOR_THREADS + " generator threads, half writes, half reads of "
                                + WritePathRun.KEYS + " rows, " + WritePathRun.VALUE_BYTES + "-byte values, TTL on "
                                + WritePathRun.TTL_PERCENT + "% of writes, switch at " + WritePathRun.THRESHOLD_KIB + " KiB "
                                + "in a " + WritePathRun.POOL_MIB + " MiB pool. Threads: " + WritePathRun.GENERATOR_THREADS + " "
                                + "generator (blocked on responses) + 3 stage + 1 flush; * = more threads "
                                + "than CPUs.",
                        "pathBytes rows (quick and smoke): the same fixed-rate runs, judged by path B/op, the heap "
                                + "bytes the path's own threads allocate per operation (lower is better: the ratio is "
                                + "the jdk build's bytes over this build's, so faster reads as fewer bytes), which "
                                + "a short run measures to within a fraction of a percent; their p99 (p99 ms) is "
                                + "set by the host's stalls in runs this short (see the A/A row of `contend lab "
                                + "calibrate`) and is judged with --full, or from the file with `contend report "
                                + "--metric p99Ms`.",
                        "path CPU us/op: CPU time per operation of the path's own threads (stages, flush), "
                                + "hand-offs and wake-ups included. path B/op: heap bytes allocated per operation "
                                + "by the same threads; gen B/op: by the generator's threads (requests, values, the "
                                + "read-back ledger). ctxsw/s, migr/s: over the JVM's threads but the generator's.",
                        "Every run is read back in full before it counts: lost, mismatch and "
                                + "leaks are 0 or the experiment fails. The hockey stick (latency vs rate "
                                + "of each build) is drawn from results.json."))
                .withDirections(Map.of(SATURATION, Direction.HIGHER, PATH_BYTES, Direction.LOWER));
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}

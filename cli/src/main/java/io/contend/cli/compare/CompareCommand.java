package io.contend.cli.compare;

import io.contend.cli.IoFailure;
import io.contend.cli.RunDescription;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.analysis.ScoreInterval;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.TableSpec;
import io.contend.cli.results.Verdict;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code contend compare}: two builds of the same JMH benchmarks, run in alternating forks and judged as the lab
 * judges its comparisons; or two JMH JSON files, compared unpaired.
 */
@Command(name = "compare",
        mixinStandardHelpOptions = true,
        description = {"Compares two builds of your JMH benchmarks: one fork of each side per round, in alternating "
                + "order (AB, BA, ...), then per benchmark the lab's ratio, its 95%% interval and a verdict, corrected "
                + "across benchmarks (Holm), with a robust cross-check (Wilcoxon, Hodges-Lehmann) and a flag for forks "
                + "that had not settled. Writes results.json for contend report.",
                "",
                "Example:",
                "  contend compare --baseline old.jar --candidate new.jar MyBenchmark \\",
                "      -- -wi 3 -w 1s -i 5 -r 1s",
                "  contend compare old.json new.json   (JMH -rf json files: unpaired, weaker)",
                ""})
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--baseline", paramLabel = "JAR", description = "The old build: a jar holding the benchmarks "
            + "and JMH (run as java -cp JAR org.openjdk.jmh.Main).")
    Path baseline;

    @Option(names = "--candidate", paramLabel = "JAR", description = "The new build, judged against the baseline.")
    Path candidate;

    @Option(names = "--aa", description = "Run the baseline against itself: the noise floor. Every verdict should be "
            + "same or inconclusive.")
    boolean aa;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "8",
            description = "Rounds, each one fork per side; with --baseline only, two JMH files run nothing "
                    + "(default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--margin", paramLabel = "M", defaultValue = "0.05",
            description = "Equivalence margin: ratios within it are the same (default: ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--metric", paramLabel = "NAME", description = "Compare this secondary metric of each fork instead "
            + "of JMH's primary score, e.g. an @AuxCounters counter (pollsMade) or gc.alloc.rate.norm; better is "
            + "lower for a unit per operation (B/op), higher for operations per time (ops/us), else as the mode says. "
            + "Use it where the primary score mixes what you measure with something else, as a @Group's score sums "
            + "the calls of all its methods.")
    String metric;

    @Option(names = "--fail-on", paramLabel = "VERDICT", description = "Exit 1 if any benchmark has this verdict: "
            + "slower (for CI), faster, or different (either).")
    String failOn;

    @Option(names = "--out-dir", paramLabel = "DIR", defaultValue = "contend-compare",
            description = "Where results.json, the fork logs and JMH's files go (default: ${DEFAULT-VALUE}). A "
                    + "comparison an earlier run left in its results.json is replaced, which compare says on stderr "
                    + "before it starts; other experiments there are kept.")
    Path outDir;

    @Parameters(paramLabel = "REGEX|FILE", arity = "0..*", description = "With --baseline: a regular expression "
            + "selecting benchmarks (default: all both builds have), then after -- the JMH options for every fork "
            + "(not -f, -rf or -rff). Without it: two JMH JSON result files, old then new.")
    List<String> positional = new ArrayList<>();

    @Override
    public Integer call() {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new ParameterException(spec.commandLine(), "--out-dir " + outDir + " is a file, not a directory");
        }
        try {
            return compare();
        } catch (java.util.zip.ZipException e) { // a --baseline or --candidate that is no jar
            throw new ParameterException(spec.commandLine(), "a build to compare is not a jar: " + e.getMessage());
        } catch (IOException e) { // a JSON file that is not JMH's, a metric no result reports, a disk that fails
            PrintWriter err = spec.commandLine().getErr();
            err.println("contend compare: " + IoFailure.describe(e));
            err.flush();
            return 1;
        }
    }

    private int compare() throws IOException {
        Instant started = Instant.now();
        List<String> args = positional;
        List<String> jmhOptions = List.of();
        List<String> original = spec.commandLine().getParseResult().originalArgs();
        int dashes = original.indexOf("--");
        if (dashes >= 0) {
            jmhOptions = List.copyOf(original.subList(dashes + 1, original.size()));
            args = positional.subList(0, Math.max(0, positional.size() - jmhOptions.size()));
        }
        if (failOn != null && !List.of("slower", "faster", "different").contains(failOn)) {
            throw new ParameterException(spec.commandLine(), "--fail-on must be slower, faster or different: '" + failOn + "'");
        }
        if (!(margin > 0 && margin < 1)) {
            throw new ParameterException(spec.commandLine(), "--margin must be in (0, 1): " + margin);
        }
        if (metric != null && metric.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--metric needs a secondary metric's name: '" + metric + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<CompareRow> rows;
        String title;
        Map<String, String> identities = new LinkedHashMap<>();
        if (baseline == null && candidate == null && !aa) {
            if (args.size() != 2) {
                throw new ParameterException(spec.commandLine(), "give --baseline JAR and --candidate JAR, or two JMH "
                        + "JSON files (old new)");
            }
            refuseRunOptions(jmhOptions);
            for (String file : args) {
                if (!Files.isRegularFile(Path.of(file))) {
                    throw new ParameterException(spec.commandLine(), (Files.isDirectory(Path.of(file))
                            ? "a directory, not a JMH JSON file: " : "no such file: ") + "'" + file + "'");
                }
            }
            noteReplacedResults();
            rows = unpaired(Path.of(args.get(0)), Path.of(args.get(1)), out, identities);
            title = "compare (unpaired): " + args.get(0) + " vs " + args.get(1) + metricSuffix();
        } else {
            rows = paired(args, jmhOptions, out, identities);
            title = "compare: " + identities.get("candidate") + " vs " + identities.get("baseline") + metricSuffix();
        }
        if (rows.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no benchmark configuration was measured on both sides");
        }
        if (metric != null) {
            out.println("Compared: the secondary metric " + metric + " of each fork, not JMH's primary score.");
        }
        out.print(CompareTable.render(rows, margin));
        writeResults(rows, title, identities, started, jmhOptions);
        out.println("Results: " + outDir.resolve(ResultsFile.NAME) + " (contend report " + outDir + " renders it)");
        out.flush();
        return exitCode(rows);
    }

    /**
     * Refuses what only a run of the builds reads: two JMH files are compared as they are, and results.json would
     * otherwise record options that did nothing.
     */
    private void refuseRunOptions(List<String> jmhOptions) {
        List<String> ignored = new ArrayList<>();
        if (spec.commandLine().getParseResult().hasMatchedOption("--rounds")) {
            ignored.add("--rounds " + rounds);
        }
        if (!jmhOptions.isEmpty()) {
            ignored.add("the JMH options after -- (" + String.join(" ", jmhOptions) + ")");
        }
        if (!ignored.isEmpty()) {
            throw new ParameterException(spec.commandLine(), String.join(" and ", ignored) + ": only for a run of "
                    + "--baseline and --candidate; two JMH JSON files are compared as they are, so leave "
                    + (ignored.size() == 1 && jmhOptions.isEmpty() ? "it" : "them") + " out");
        }
    }

    private List<CompareRow> paired(List<String> args, List<String> jmhOptions, PrintWriter out,
                                    Map<String, String> identities) throws IOException {
        if (baseline == null) {
            throw new ParameterException(spec.commandLine(), "--baseline JAR is required with --candidate or --aa");
        }
        Path other = aa ? baseline : candidate;
        if (other == null) {
            throw new ParameterException(spec.commandLine(), "--candidate JAR is required (or --aa)");
        }
        if (aa && candidate != null) {
            throw new ParameterException(spec.commandLine(), "--aa runs the baseline against itself: no --candidate");
        }
        for (Path jar : List.of(baseline, other)) {
            if (!Files.isRegularFile(jar)) {
                throw new ParameterException(spec.commandLine(), "not a file: " + jar);
            }
        }
        if (rounds < 2 || rounds > 1000) {
            throw new ParameterException(spec.commandLine(), "--rounds must be in [2, 1000]: " + rounds);
        }
        for (String o : jmhOptions) {
            if (o.matches("-f\\d*") || o.startsWith("-rf")) { // -f, -f2, -rf, -rfjson, -rff ...; not -foe
                throw new ParameterException(spec.commandLine(), "JMH option " + o + " is set by compare itself");
            }
        }
        if (args.size() > 1) {
            throw new ParameterException(spec.commandLine(), "one benchmark regex at most, then -- and JMH's options: "
                    + args);
        }
        Pattern select;
        try {
            select = Pattern.compile(args.isEmpty() ? "" : args.get(0));
        } catch (PatternSyntaxException e) {
            throw new ParameterException(spec.commandLine(), "not a regular expression: " + e.getMessage());
        }
        noteReplacedResults();
        Path work = Files.createDirectories(outDir.resolve("work"));
        identities.put("baseline", identity(baseline));
        identities.put("candidate", (aa ? "(--aa) " : "") + identity(other));
        JmhProcess runner = new JmhProcess(baseline, other, jmhOptions, work, metric);
        Set<String> inBaseline = runner.list(Side.BASELINE);
        Set<String> inCandidate = runner.list(Side.CANDIDATE);
        List<String> common = new ArrayList<>();
        Set<String> all = new TreeSet<>(inBaseline);
        all.addAll(inCandidate);
        for (String b : all) {
            if (!select.matcher(b).find()) {
                continue;
            }
            if (inBaseline.contains(b) && inCandidate.contains(b)) {
                common.add(b);
            } else {
                out.println("only in the " + (inBaseline.contains(b) ? "baseline" : "candidate") + ": " + b);
            }
        }
        if (common.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "no benchmark " + (args.isEmpty() ? "" : "matching '"
                    + args.get(0) + "' ") + "is in both builds");
        }
        List<String> unmatched = new ArrayList<>();
        PrintWriter progress = spec.commandLine().getErr();
        List<Samples> samples = CompareRun.run(runner, common, rounds, progress, unmatched);
        unmatched.forEach(u -> out.println("not compared: " + u));
        return CompareAnalysis.paired(samples, margin);
    }

    /** Says so when this run will replace the comparison an earlier one wrote: said before a long run, not after. */
    private void noteReplacedResults() {
        Path results = outDir.resolve(ResultsFile.NAME);
        if (!Files.exists(results)) {
            return;
        }
        boolean earlier;
        try {
            earlier = ResultsFile.readContents(results).experiments().containsKey("compare");
        } catch (IOException | RuntimeException e) {
            return; // unreadable: ResultsFile.open moves it aside and says so
        }
        if (earlier) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("contend compare: replacing the comparison in " + results + " from an earlier run");
            err.flush();
        }
    }

    private List<CompareRow> unpaired(Path old, Path now, PrintWriter out, Map<String, String> identities)
            throws IOException {
        Map<BenchKey, Samples> byKey = new LinkedHashMap<>();
        List<JmhResult> before = JmhJson.read(old, metric);
        List<JmhResult> after = JmhJson.read(now, metric);
        for (JmhResult r : before) {
            Samples s = byKey.computeIfAbsent(r.key(), k -> new Samples(r));
            s.paired = false;
            s.baseline.addAll(r.forks());
        }
        Set<BenchKey> seen = new LinkedHashSet<>();
        for (JmhResult r : after) {
            Samples s = byKey.get(r.key());
            if (s == null) {
                out.println("only in " + now + ": " + r.key().label());
                continue;
            }
            if (!s.unit.equals(r.unit())) {
                s.unitMismatch = r.unit();
            }
            s.candidate.addAll(r.forks());
            seen.add(r.key());
        }
        List<Samples> both = new ArrayList<>();
        for (Samples s : byKey.values()) {
            if (seen.contains(s.key) && s.unitMismatch != null) {
                out.println("not compared: " + s.key.label() + ": the files report it in different units (" + s.unit
                        + " and " + s.unitMismatch + ")");
            } else if (seen.contains(s.key) && !CompareAnalysis.usable(s)) {
                out.println("not compared: " + s.key.label() + ": no positive, finite fork score on one side");
            } else if (seen.contains(s.key)) {
                both.add(s);
            } else {
                out.println("only in " + old + ": " + s.key.label());
            }
        }
        identities.put("baseline", old + (before.isEmpty() ? "" : " (JMH " + before.get(0).jmhVersion() + ", "
                + before.get(0).vm() + ")"));
        identities.put("candidate", now + (after.isEmpty() ? "" : " (JMH " + after.get(0).jmhVersion() + ", "
                + after.get(0).vm() + ")"));
        return CompareAnalysis.unpaired(both, margin);
    }

    /** @return for the title, the secondary metric compared, if one is */
    private String metricSuffix() {
        return metric == null ? "" : " (metric " + metric + ")";
    }

    private int exitCode(List<CompareRow> rows) {
        if (failOn == null) {
            return 0;
        }
        for (CompareRow r : rows) {
            Verdict v = r.verdict();
            if ((failOn.equals("slower") && v == Verdict.SLOWER) || (failOn.equals("faster") && v == Verdict.FASTER)
                    || (failOn.equals("different") && (v == Verdict.SLOWER || v == Verdict.FASTER))) {
                spec.commandLine().getErr().println("contend compare: " + r.key().label() + " is " + v.label()
                        + " (--fail-on " + failOn + ")");
                return 1;
            }
        }
        return 0;
    }

    /** @return the jar's name, its SHA-256 and the JMH it bundles */
    static String identity(Path jar) throws IOException {
        String sha;
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(jar)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            sha = HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        String jmh = "?";
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry("jmh.properties");
            if (e != null) {
                Properties p = new Properties();
                try (InputStream in = zip.getInputStream(e)) {
                    p.load(in);
                }
                jmh = p.getProperty("jmh.version", "?");
            }
        }
        return jar.getFileName() + " sha256:" + sha.substring(0, 16) + " JMH " + jmh;
    }

    /**
     * @param jmhOptions the options after {@code --} that every fork ran with (empty for two JMH files): the run's
     *                   JVM arguments, since this JVM's own do not reach the forks
     */
    private void writeResults(List<CompareRow> rows, String title, Map<String, String> identities, Instant started,
                              List<String> jmhOptions) throws IOException {
        RunInfo run = RunDescription.current(MachineInfo.current(), "compare", started, jmhOptions, identities)
                .endedAt(Instant.now().toString());
        Set<String> paramNames = new TreeSet<>();
        rows.forEach(r -> paramNames.addAll(recordParams(r.key().params()).keySet()));
        List<String> columns = new ArrayList<>(List.of("mode"));
        columns.addAll(paramNames);
        columns.add("build");
        List<ResultRecord> records = new ArrayList<>();
        Map<String, Direction> directions = new LinkedHashMap<>();
        for (CompareRow r : rows) {
            directions.put(r.key().shortName(), r.direction());
            for (Side side : Side.values()) {
                Map<String, String> params = new LinkedHashMap<>();
                params.put("mode", r.key().mode());
                params.putAll(recordParams(r.key().params()));
                params.put("build", side.label());
                double score = side == Side.BASELINE ? r.baselineMean() : r.candidateMean();
                ComparisonResult c = null;
                if (side == Side.CANDIDATE) {
                    RatioEstimate e = r.estimate();
                    c = new ComparisonResult(Map.of("build", "baseline"), e.ratio(), e.hasInterval() ? e.low() : null,
                            e.hasInterval() ? e.high() : null, e.confidence(), e.rounds(), r.verdict(), margin,
                            r.direction(), null);
                }
                records.add(record(r, side, params, score, c, run.id()));
            }
        }
        Direction first = rows.get(0).direction();
        // Unpaired, the report's default line about per-round ratios would be wrong: say what judges the forks.
        String ratioNote = rows.get(0).paired() ? null : "vs baseline: the candidate's ratio to the baseline, above "
                + "1 is better (for times, baseline time / candidate time), from the two files' forks, unpaired: the "
                + "ratio of their geometric means and Welch's 95% interval of the log fork scores. Verdict: "
                + "faster/slower when the whole interval is beyond the margin, same when it is inside it, else "
                + "inconclusive.";
        TableSpec table = new TableSpec(columns, "build", "baseline", first, directions, List.of(),
                List.of(CompareTable.note(rows, margin)), ratioNote, null);
        ResultsFile file = ResultsFile.open(outDir, Set.of("compare"), run);
        // Two JMH files ran no round here: 0, so that the report does not claim rounds that never ran.
        file.append("compare", new ExperimentInfo(title, "compare", rows.get(0).paired() ? rounds : 0, 0, 0, table),
                records);
    }

    /**
     * @param jmh a configuration's JMH parameters
     * @return them as a record's parameters: a JMH parameter named {@code mode} or {@code build}, the names the
     *         record gives the benchmark mode and the side, is kept as {@code param:mode} or {@code param:build}, so
     *         that it overwrites neither and two configurations never share a record's parameters
     */
    static Map<String, String> recordParams(Map<String, String> jmh) {
        Map<String, String> params = new LinkedHashMap<>();
        jmh.forEach((name, value) -> params.put(name.equals("mode") || name.equals("build") ? "param:" + name : name,
                value));
        return params;
    }

    /**
     * One side's record: each of its forks, its score (the mean of its measured iterations) as a sample and its
     * iterations (none in sample mode, whose JSON keeps histograms instead), so that {@code contend report} can
     * judge it again and pool it with other runs. Paired, a fork is a round, and the record keeps where the side ran
     * in it ({@link CompareRun#firstIn}). Unpaired (two JMH files), the forks are no rounds and pair with nothing:
     * the record is marked {@link ResultRecord#unpaired()}, so that the report judges it as compare did, by Welch's
     * interval, and never pairs its forks by their order.
     */
    private static ResultRecord record(CompareRow r, Side side, Map<String, String> params, double score,
                                       ComparisonResult c, String run) {
        int rounds = r.forksOf(side).size();
        List<Double> samples = new ArrayList<>();
        List<List<Double>> iterations = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        boolean histogramsOnly = r.key().mode().equals("sample"); // JMH keeps no per-iteration scores (JmhJson)
        for (int i = 0; i < rounds; i++) {
            double[] fork = r.forksOf(side).get(i);
            samples.add(JmhResult.forkScore(fork));
            iterations.add(histogramsOnly && fork.length == 1 ? List.of() : Arrays.stream(fork).boxed().toList());
            positions.add(CompareRun.firstIn(i + 1) == side ? 0 : 1);
        }
        double[] scores = samples.stream().mapToDouble(Double::doubleValue).toArray();
        return new ResultRecord("compare", r.key().shortName(), params, r.key().threads(), score,
                ScoreInterval.halfWidth(scores), r.unit(), Map.of(), "compare", false, rounds, c, samples, run,
                List.of(rounds), iterations, null, r.paired() ? positions : List.of(), !r.paired());
    }

    /** For tests: the verdicts by configuration label. */
    static Map<String, String> verdicts(List<CompareRow> rows) {
        Map<String, String> m = new LinkedHashMap<>();
        rows.forEach(r -> m.put(r.key().label(), r.verdict().label().toLowerCase(Locale.ROOT)));
        return m;
    }
}

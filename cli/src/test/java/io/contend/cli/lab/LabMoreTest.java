package io.contend.cli.lab;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.Rejudge;
import io.contend.cli.analysis.StoppingRule;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.TableSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code contend lab EXP --more} on an experiment of scripted trials: what it appends, and what it refuses. */
class LabMoreTest {

    /**
     * Two comparisons of direct trials with seeded noisy scores: {@code a} the baseline, {@code b} about 20% better,
     * {@code c} the same as {@code a}; at each thread count asked for (default 2). Every score a trial gives is logged
     * in order.
     */
    private static final class Scripted implements Experiment {
        final Map<String, List<Double>> given = new LinkedHashMap<>();
        private final SplittableRandom random = new SplittableRandom(42);

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public String title() {
            return "scripted trials";
        }

        @Override
        public TableSpec table() {
            return new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(), List.of());
        }

        @Override
        public List<Comparison> comparisons(LabPlan plan) {
            List<Comparison> out = new ArrayList<>();
            for (int threads : plan.threads().isEmpty() ? List.of(2) : plan.threads()) {
                out.add(new Comparison(trial("a", threads, 100), List.of(trial("b", threads, 120),
                        trial("c", threads, 100)), Direction.HIGHER));
            }
            return out;
        }

        private DirectTrial trial(String impl, int threads, double mean) {
            return new DirectTrial("bench", Map.of("impl", impl), threads, round -> {
                double score = mean * Math.exp(0.05 * random.nextGaussian());
                given.computeIfAbsent(impl + threads, k -> new ArrayList<>()).add(score);
                return new Sample(score, "ops/us", Map.of("extra", new ResultRecord.Secondary(round, "n")));
            });
        }

        @Override
        public Duration budget(LabMode mode) {
            return Duration.ofMillis(1);
        }
    }

    private final Scripted experiment = new Scripted();
    private String out;
    private String err;

    private int lab(String... args) {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        CommandLine commandLine = new CommandLine(new LabCommand(new ExperimentRegistry(List.of(experiment))));
        commandLine.setOut(new PrintWriter(o, true));
        commandLine.setErr(new PrintWriter(e, true));
        int code = commandLine.execute(args);
        out = o.toString();
        err = e.toString();
        return code;
    }

    private static List<ResultRecord> records(Path dir) throws Exception {
        return ResultsFile.read(dir.resolve(ResultsFile.NAME));
    }

    private static ResultRecord record(List<ResultRecord> records, String impl) {
        return records.stream().filter(r -> r.param("impl").equals(impl)).findFirst().orElseThrow();
    }

    @Test
    void moreAppendsRoundsToTheStoredRunAndJudgesThemByTheSequence(@TempDir Path dir) throws Exception {
        assertEquals(0, lab("scripted", "--rounds", "3", "--out-dir", dir.toString()), err);
        List<ResultRecord> first = records(dir);
        String run = first.get(0).run();
        assertTrue(first.stream().allMatch(r -> r.looks().equals(List.of(3))), first.toString());
        assertTrue(!out.contains(" seq"), out);

        assertEquals(0, lab("scripted", "--more", "--rounds", "4", "--out-dir", dir.toString()), err);
        assertTrue(out.contains("look 2 of at most " + StoppingRule.MAX_LOOKS), out);
        assertTrue(out.contains(" seq") && out.contains("looks at 3, 7 rounds"), out);
        List<ResultRecord> second = records(dir);
        assertEquals(3, second.size());
        for (ResultRecord r : second) {
            assertEquals(run, r.run(), "the same run");
            assertEquals(List.of(3, 7), r.looks());
            assertEquals(7, r.rounds());
            assertEquals(experiment.given.get(r.param("impl") + "2"), r.samples(), "every round's score, in order");
            assertEquals(3.0, r.secondary().get("extra").score(), 1e-12,
                    "the new look's rounds are rounds 3-6 of the run: the mean of 0 to 6");
        }
        ResultRecord b = record(second, "b");
        ComparisonResult byHand = StoppingRule.CONFIDENCE_SEQUENCE.judge(Map.of("impl", "a"), b.samples(),
                record(second, "a").samples(), Direction.HIGHER, Judge.MARGIN);
        assertEquals(byHand, b.comparison());

        ResultsFile.Contents file = ResultsFile.readContents(dir.resolve(ResultsFile.NAME));
        assertEquals(java.util.Set.of(run), file.runs().keySet());
        assertEquals(7, file.experiments().get("scripted").rounds());
        assertEquals(file.records(), Rejudge.of(List.of(file), Judge.MARGIN).records(),
                "contend report judges the file again to the same verdicts");
    }

    @Test
    void moreRefusesWithoutAStoredRun(@TempDir Path dir) throws Exception {
        assertEquals(2, lab("scripted", "--more", "--out-dir", dir.toString()));
        assertTrue(err.contains("--more: no " + dir.resolve(ResultsFile.NAME) + " to add rounds to"), err);
        Files.writeString(dir.resolve(ResultsFile.NAME), "{\"schemaVersion\": 3, \"results\": []}");
        assertEquals(2, lab("scripted", "--more", "--out-dir", dir.toString()));
        assertTrue(err.contains("holds no run of 'scripted' to add rounds to"), err);
        assertEquals(2, lab("--more", "--out-dir", dir.toString()));
        assertTrue(err.contains("--more adds rounds to the stored run of the experiments named"), err);
    }

    @Test
    void moreRefusesAPlanThatDiffersFromTheStoredRun(@TempDir Path dir) throws Exception {
        assertEquals(0, lab("scripted", "--rounds", "2", "--out-dir", dir.toString()), err);
        String stored = Files.readString(dir.resolve(ResultsFile.NAME));
        assertEquals(2, lab("scripted", "--more", "--threads", "1", "--out-dir", dir.toString()));
        assertTrue(err.contains("the stored run of 'scripted' measured 3 configurations, this plan 3 (only stored: "
                + "bench impl=a threads=2"), err);
        assertEquals(2, lab("scripted", "--more", "--where", "impl=b", "--out-dir", dir.toString()));
        assertTrue(err.contains("no comparison matches") || err.contains("this plan 0"), err);
        assertEquals(2, lab("scripted", "--more", "--full", "--out-dir", dir.toString()));
        assertTrue(err.contains("continues the stored run of 'scripted' in its own mode, quick: drop --full"), err);
        assertEquals(stored, Files.readString(dir.resolve(ResultsFile.NAME)), "a refusal changes nothing");
    }

    @Test
    void moreRefusesARunThatHasHadItsLooks(@TempDir Path dir) throws Exception {
        assertEquals(0, lab("scripted", "--rounds", "2", "--out-dir", dir.toString()), err);
        for (int look = 2; look <= StoppingRule.MAX_LOOKS; look++) {
            assertEquals(0, lab("scripted", "--more", "--rounds", "2", "--out-dir", dir.toString()), err);
        }
        assertEquals(StoppingRule.MAX_LOOKS, records(dir).get(0).looks().size());
        assertEquals(2, lab("scripted", "--more", "--rounds", "2", "--out-dir", dir.toString()));
        assertTrue(err.contains("the run of 'scripted' has had its " + StoppingRule.MAX_LOOKS + " looks (at [2, 4, 6"),
                err);
    }

    @Test
    void conditionsThatDifferAreNamedButACommitIsNot() {
        RunInfo stored = new RunInfo("r", "0.1.0", "abc", "v", "17", List.of("-Xmx1g"), "cpu", null, Map.of(), "quick",
                "s", "e");
        RunInfo otherCommit = new RunInfo("r2", "0.1.0", "def-dirty", "v", "17", List.of("-Xmx1g"), "cpu", null,
                Map.of(), "", "s", "e");
        assertNull(LabCommand.differingConditions(stored, otherCommit));
        RunInfo otherJvm = new RunInfo("r2", "0.1.0", "abc", "v", "21", List.of("-Xmx1g"), "cpu", null, Map.of(), "",
                "s", "e");
        assertEquals("JVM (v 17; this is v 21)", LabCommand.differingConditions(stored, otherJvm));
        RunInfo otherArguments = new RunInfo("r2", "0.1.0", "abc", "v", "17", List.of(), "cpu", null, Map.of(), "",
                "s", "e");
        assertEquals("JVM arguments ([-Xmx1g]; this is [])", LabCommand.differingConditions(stored, otherArguments));
        RunInfo otherPeers = new RunInfo("r2", "0.1.0", "abc", "v", "17", List.of("-Xmx1g"), "cpu", null,
                Map.of("jctools-core", "4.0.8"), "", "s", "e");
        assertEquals("set of peer libraries ({}; this is {jctools-core=4.0.8})",
                LabCommand.differingConditions(stored, otherPeers));
    }
}

package io.contend.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.InProcess;
import io.contend.cli.VersionProvider;
import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.analysis.Rejudge;
import io.contend.cli.analysis.UnpairedRatio;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code contend compare old.json new.json} on files JMH 1.37 wrote (FixedWorkBenchmark, 10000 and 12500 tokens, three
 * forks each), its exit codes, and its refusals.
 */
class CompareCommandTest {
    @TempDir
    Path dir;

    private Path resource(String name) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = CompareCommandTest.class.getResourceAsStream(name)) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void twoJmhFilesAreComparedUnpairedAndTheHeavierIsSlower() throws Exception {
        Path old = resource("fixed-work-10000.json");
        Path now = resource("fixed-work-12500.json");
        Path out = dir.resolve("out");
        InProcess c = new InProcess();
        assertEquals(0, c.run("compare", old.toString(), now.toString(), "--out-dir", out.toString()), c.err());
        assertTrue(c.out().contains("FixedWorkBenchmark.work (avgt, 1 thread)"), c.out());
        assertTrue(c.out().contains("slower"), c.out());
        assertTrue(c.out().contains("Unpaired is the weaker kind"), c.out());
        List<ResultRecord> records = ResultsFile.read(out.resolve(ResultsFile.NAME));
        assertEquals(2, records.size(), "one record per build");
        ResultRecord candidate = records.get(1);
        assertEquals("candidate", candidate.params().get("build"));
        assertEquals("slower", candidate.comparison().verdict().label());
        double ratio = candidate.comparison().ratio();
        assertTrue(ratio > 0.7 && ratio < 0.9, "about 0.8: " + ratio);
        assertTrue(Files.readString(out.resolve(ResultsFile.NAME)).contains("fixed-work-12500.json (JMH 1.37"),
                "the files' identities are kept");
        ResultsFile.Contents stored = ResultsFile.readContents(out.resolve(ResultsFile.NAME));
        assertEquals(0, stored.experiments().get("compare").rounds(), "comparing two files ran no round");
        for (ResultRecord r : records) {
            assertTrue(stored.runs().containsKey(r.run()), "every record traces to its run: " + r.run());
            assertTrue(r.unpaired(), "two files' forks are no rounds, and pair with nothing");
            assertEquals(3, r.samples().size(), "each side keeps its three forks");
            assertEquals(3, r.iterations().size());
            for (int i = 0; i < 3; i++) {
                double mean = r.iterations().get(i).stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                assertEquals(mean, r.samples().get(i), 1e-9, "a fork's sample is the mean of its iterations");
            }
            assertEquals(List.of(), r.positions(), "forks of two files have no order within a round");
        }
        double[] forksOld = records.get(0).samples().stream().mapToDouble(Double::doubleValue).toArray();
        double[] forksNew = candidate.samples().stream().mapToDouble(Double::doubleValue).toArray();
        RatioEstimate byHand = UnpairedRatio.estimate(forksNew, forksOld, Direction.LOWER, RatioEstimate.CONFIDENCE);
        assertEquals(byHand.ratio(), ratio, 1e-12, "the stored ratio is Welch's on the stored forks");
        assertEquals(byHand.low(), candidate.comparison().ratioLow(), 1e-12);
        assertEquals(byHand.high(), candidate.comparison().ratioHigh(), 1e-12);
        Rejudge.Result again = Rejudge.of(List.of(stored), 0.02);
        ComparisonResult rejudged = again.records().get(1).comparison();
        assertEquals(byHand.ratio(), rejudged.ratio(), 1e-12, "the report judges the stored forks again");
        assertEquals(Judge.judge(byHand, 0.02), rejudged.verdict());
        assertEquals(0.02, rejudged.margin(), 1e-12);
        assertTrue(again.notes().stream().anyMatch(n -> n.contains("1 of them from independent forks")),
                again.notes().toString());
        RunInfo run = stored.runs().get(candidate.run());
        assertEquals("compare", run.mode());
        assertTrue(run.id().matches("\\d{8}T\\d{6}Z-[0-9a-f]{4}"), "a run id as the lab's: " + run.id());
        assertEquals(VersionProvider.buildCommit(), run.commit(), "the commit contend was built from");

        InProcess report = new InProcess();
        assertEquals(0, report.run("report", out.toString()), report.err());
        assertTrue(Files.readString(out.resolve("index.html")).contains("FixedWorkBenchmark.work"));
    }

    @Test
    void jmhParametersNamedLikeTheRecordsOwnAreKeptApart() {
        assertEquals(java.util.Map.of("param:mode", "fast", "param:build", "x", "queue", "SpscArray"),
                CompareCommand.recordParams(java.util.Map.of("mode", "fast", "build", "x", "queue", "SpscArray")));
    }

    @Test
    void failOnSlowerExitsOneOnlyWhenSomethingIsSlower() throws Exception {
        Path old = resource("fixed-work-10000.json");
        Path now = resource("fixed-work-12500.json");
        InProcess slower = new InProcess();
        assertEquals(1, slower.run("compare", old.toString(), now.toString(), "--fail-on", "slower", "--out-dir",
                dir.resolve("a").toString()));
        assertTrue(slower.err().contains("is slower (--fail-on slower)"), slower.err());
        InProcess faster = new InProcess();
        assertEquals(0, faster.run("compare", now.toString(), old.toString(), "--fail-on", "slower", "--out-dir",
                dir.resolve("b").toString()), faster.err());
        InProcess different = new InProcess();
        assertEquals(1, different.run("compare", now.toString(), old.toString(), "--fail-on", "different",
                "--out-dir", dir.resolve("c").toString()));
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() throws Exception {
        Path old = resource("fixed-work-10000.json");
        InProcess c = new InProcess();
        assertEquals(2, c.run("compare", old.toString()));
        assertTrue(c.err().startsWith("give --baseline JAR and --candidate JAR, or two JMH JSON files"), c.err());
        InProcess bad = new InProcess();
        assertEquals(2, bad.run("compare", old.toString(), old.toString(), "--fail-on", "worse"));
        assertTrue(bad.err().startsWith("--fail-on must be slower, faster or different: 'worse'"), bad.err());
        InProcess aa = new InProcess();
        assertEquals(2, aa.run("compare", "--aa", "--baseline", dir.resolve("missing.jar").toString()));
        assertTrue(aa.err().startsWith("not a file: "), aa.err());
        Path notJmh = Files.writeString(dir.resolve("x.json"), "{\"a\": 1}");
        InProcess wrong = new InProcess();
        assertEquals(1, wrong.run("compare", notJmh.toString(), old.toString(), "--out-dir", dir.toString()));
        assertTrue(wrong.err().contains("is not a JMH JSON result file"), wrong.err());
    }

    /**
     * A JMH JSON file of one @Group throughput benchmark, three forks of two iterations: the primary score (calls of
     * both methods, failed ones included) and two secondary metrics, pollsMade (ops/us) and an allocation (B/op).
     */
    private Path groupFile(String name, double primary, double polls, double bytes) throws IOException {
        String forks = "[[%s, %s], [%s, %s], [%s, %s]]";
        String p = String.format(java.util.Locale.ROOT, forks, primary, primary * 1.01, primary * 0.99, primary,
                primary * 1.02, primary * 0.98);
        String q = String.format(java.util.Locale.ROOT, forks, polls, polls * 1.01, polls * 0.99, polls, polls * 1.02,
                polls * 0.98);
        String b = String.format(java.util.Locale.ROOT, forks, bytes, bytes, bytes * 1.01, bytes, bytes * 0.99, bytes);
        String json = "[{\"jmhVersion\": \"1.37\", \"benchmark\": \"q.QueueThroughput.throughput\", "
                + "\"mode\": \"thrpt\", \"threads\": 2, \"forks\": 3, \"params\": {\"queue\": \"SpscArray\"}, "
                + "\"primaryMetric\": {\"score\": " + primary + ", \"scoreUnit\": \"ops/us\", \"rawData\": " + p + "}, "
                + "\"secondaryMetrics\": {"
                + "\"pollsMade\": {\"score\": " + polls + ", \"scoreUnit\": \"ops/us\", \"rawData\": " + q + "}, "
                + "\"alloc\": {\"score\": " + bytes + ", \"scoreUnit\": \"B/op\", \"rawData\": " + b + "}}}]";
        return Files.writeString(dir.resolve(name), json);
    }

    @Test
    void metricComparesASecondaryMetricWithTheDirectionItsUnitGives() throws Exception {
        // The candidate calls more often (primary up 20%) but hands over fewer messages (pollsMade down 20%) and
        // allocates more per operation (up 20%): only the metric that is asked for decides.
        Path old = groupFile("old.json", 300, 100, 10);
        Path now = groupFile("new.json", 360, 80, 12);
        InProcess primary = new InProcess();
        assertEquals(0, primary.run("compare", old.toString(), now.toString(), "--out-dir", dir.resolve("p").toString()),
                primary.err());
        assertTrue(primary.out().contains("faster"), primary.out());

        InProcess polls = new InProcess();
        assertEquals(0, polls.run("compare", old.toString(), now.toString(), "--metric", "pollsMade", "--out-dir",
                dir.resolve("q").toString()), polls.err());
        assertTrue(polls.out().contains("the secondary metric pollsMade"), polls.out());
        assertTrue(polls.out().contains("slower"), polls.out());
        ResultRecord candidate = ResultsFile.read(dir.resolve("q").resolve(ResultsFile.NAME)).get(1);
        assertEquals(0.8, candidate.comparison().ratio(), 0.01);
        assertEquals(80, candidate.score(), 1);

        InProcess alloc = new InProcess();
        assertEquals(0, alloc.run("compare", old.toString(), now.toString(), "--metric", "alloc", "--out-dir",
                dir.resolve("a").toString()), alloc.err());
        assertTrue(alloc.out().contains("slower"), "more bytes per operation is worse: " + alloc.out());
    }

    @Test
    void aMetricNoResultReportsIsRefusedWithTheOnesTheyDo() throws Exception {
        Path old = groupFile("old.json", 300, 100, 10);
        InProcess c = new InProcess();
        assertEquals(1, c.run("compare", old.toString(), old.toString(), "--metric", "pollsMad", "--out-dir",
                dir.toString()));
        assertTrue(c.err().contains("no result reports the secondary metric 'pollsMad'; they report alloc, pollsMade"),
                c.err());
        InProcess blank = new InProcess();
        assertEquals(2, blank.run("compare", old.toString(), old.toString(), "--metric", " "));
        assertTrue(blank.err().startsWith("--metric needs a secondary metric's name"), blank.err());
    }

    /** Files that are missing, directories, not JMH's, or an --out-dir that is a file: one line, no stack trace. */
    @Test
    void badInputFilesAreOneLineWithoutAStackTrace() throws Exception {
        Path old = resource("fixed-work-10000.json");
        InProcess c = new InProcess();
        assertEquals(2, c.run("compare", dir.resolve("missing.json").toString(), old.toString()));
        assertTrue(c.err().contains("no such file: '" + dir.resolve("missing.json") + "'"), c.err());
        assertEquals(2, c.run("compare", dir.toString(), old.toString()));
        assertTrue(c.err().contains("a directory, not a JMH JSON file"), c.err());
        Path empty = Files.writeString(dir.resolve("empty.json"), "{}");
        assertEquals(1, c.run("compare", empty.toString(), old.toString(), "--out-dir", dir.resolve("o").toString()));
        assertTrue(c.err().startsWith("contend compare: "), c.err());
        Path file = Files.writeString(dir.resolve("afile"), "x");
        assertEquals(2, c.run("compare", old.toString(), old.toString(), "--out-dir", file.toString()));
        assertTrue(c.err().contains("is a file, not a directory"), c.err());
        assertTrue(!c.err().contains("\tat "), c.err());
    }

    /** Two JMH files are compared as they are: options only a run reads are refused, not recorded as if used. */
    @Test
    void twoFilesRefuseTheOptionsOfARun() throws Exception {
        Path old = resource("fixed-work-10000.json");
        Path now = resource("fixed-work-12500.json");
        Path out = dir.resolve("out");
        String why = ": only for a run of --baseline and --candidate; two JMH JSON files are compared as they are, "
                + "so leave ";
        InProcess c = new InProcess();
        assertEquals(2, c.run("compare", old.toString(), now.toString(), "--rounds", "20", "--out-dir",
                out.toString()));
        assertEquals("--rounds 20" + why + "it out (see 'contend compare --help')\n", c.err());
        assertEquals(2, c.run("compare", old.toString(), now.toString(), "--out-dir", out.toString(), "--", "-wi",
                "3"));
        assertEquals("the JMH options after -- (-wi 3)" + why + "them out (see 'contend compare --help')\n", c.err());
        assertEquals(2, c.run("compare", "--rounds=8", old.toString(), now.toString(), "--out-dir", out.toString(),
                "--", "-i", "5"));
        assertTrue(c.err().startsWith("--rounds 8 and the JMH options after -- (-i 5)" + why + "them out"), c.err());
        assertFalse(Files.exists(out), "nothing written");
        assertEquals(0, c.run("compare", old.toString(), now.toString(), "--out-dir", out.toString(), "--"), c.err());
    }

    /** A comparison an earlier run left in the out dir is replaced, and compare says so on stderr. */
    @Test
    void anEarlierComparisonThatIsReplacedIsNamed() throws Exception {
        Path old = resource("fixed-work-10000.json");
        Path now = resource("fixed-work-12500.json");
        Path out = dir.resolve("out");
        InProcess c = new InProcess();
        assertEquals(0, c.run("compare", old.toString(), now.toString(), "--out-dir", out.toString()), c.err());
        assertEquals("", c.err());
        assertEquals("slower", ResultsFile.read(out.resolve(ResultsFile.NAME)).get(1).comparison().verdict().label());
        assertEquals(0, c.run("compare", now.toString(), old.toString(), "--out-dir", out.toString()), c.err());
        assertEquals("contend compare: replacing the comparison in " + out.resolve(ResultsFile.NAME)
                + " from an earlier run\n", c.err());
        List<ResultRecord> records = ResultsFile.read(out.resolve(ResultsFile.NAME));
        assertEquals(2, records.size(), "the earlier comparison's records are gone");
        assertEquals("faster", records.get(1).comparison().verdict().label());
    }
}

package io.contend.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.InProcess;
import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.analysis.Rejudge;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds whose work differs by half: copies of the packaged CLI jar (it holds JMH and the bench module's
 * FixedWorkBenchmark) that differ only in the benchmark's work.properties, 10000 and 15000 tokens. compare must find
 * the heavier one slower, near 2/3 (consumeCPU is not quite linear in its tokens, and machines differ).
 *
 * <p>Half, not a quarter: a true 0.8 lies 0.17 (in log ratio) below the 5% margin, and on a loaded 2-core CI machine
 * eight one-fork rounds once gave 0.838x [0.728, 0.964], rightly inconclusive. A true 2/3 lies 0.36 below it, so only
 * a failure to measure, not ordinary noise, leaves this test without a verdict. docs/compare.md shows the 0.8 case.
 */
class CompareIT {
    private static final Path JAR = Path.of("target", "contend.jar");
    private static final String WORK = "io/contend/bench/compare/work.properties";

    @TempDir
    Path dir;

    /** Writes a copy of the CLI jar whose FixedWorkBenchmark burns the given tokens per operation. */
    static Path variant(Path into, long tokens) throws IOException {
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(JAR));
             OutputStream file = Files.newOutputStream(into);
             ZipOutputStream out = new ZipOutputStream(file)) {
            for (ZipEntry e; (e = in.getNextEntry()) != null; ) {
                out.putNextEntry(new ZipEntry(e.getName()));
                if (e.getName().equals(WORK)) {
                    out.write(("tokens=" + tokens + "\n").getBytes(StandardCharsets.UTF_8));
                } else {
                    in.transferTo(out);
                }
                out.closeEntry();
            }
        }
        return into;
    }

    @Test
    void halfAgainTheWorkIsSlowerNearTwoThirds() throws Exception {
        assertTrue(Files.isRegularFile(JAR), "package the CLI first: " + JAR.toAbsolutePath());
        Path light = variant(dir.resolve("light.jar"), 10_000);
        Path heavy = variant(dir.resolve("heavy.jar"), 15_000);
        Path out = dir.resolve("out");
        InProcess c = new InProcess();
        int code = c.run("compare", "--baseline", light.toString(), "--candidate", heavy.toString(), "--rounds", "8",
                "--out-dir", out.toString(), "--fail-on", "slower", "FixedWorkBenchmark", "--",
                "-wi", "2", "-w", "200ms", "-i", "3", "-r", "200ms");
        assertEquals(1, code, "--fail-on slower: " + c.out() + c.err());
        List<ResultRecord> records = ResultsFile.read(out.resolve(ResultsFile.NAME));
        ResultRecord candidate = records.stream().filter(r -> "candidate".equals(r.params().get("build"))).findFirst()
                .orElseThrow();
        assertEquals("slower", candidate.comparison().verdict().label(), c.out());
        // The ratio, not the interval's ends: a 95% interval misses the truth one run in twenty, and a CI run must not
        // fail on that; the recorded runs in docs/compare.md show intervals holding 0.8 for a quarter more work.
        double ratio = candidate.comparison().ratio();
        assertTrue(ratio > 0.55 && ratio < 0.8, "about 2/3: " + c.out());
        assertTrue(c.out().contains("robust"), c.out());

        // The evidence stays with the verdict: every round's fork of both sides, in the order they ran, traced to a
        // described run, and judged again from those rounds to the same ratio and interval.
        ResultsFile.Contents stored = ResultsFile.readContents(out.resolve(ResultsFile.NAME));
        ResultRecord baseline = records.stream().filter(r -> "baseline".equals(r.params().get("build"))).findFirst()
                .orElseThrow();
        for (ResultRecord r : List.of(baseline, candidate)) {
            assertEquals(8, r.samples().size(), r.toString());
            assertEquals(8, r.iterations().size(), r.toString());
            r.iterations().forEach(fork -> assertEquals(3, fork.size(), "three measured iterations: " + fork));
            assertTrue(stored.runs().containsKey(r.run()), "the record's run is described: " + r.run());
        }
        assertEquals(List.of(0, 1, 0, 1, 0, 1, 0, 1), baseline.positions(), "baseline first in odd rounds");
        assertEquals(List.of(1, 0, 1, 0, 1, 0, 1, 0), candidate.positions());
        RunInfo run = stored.runs().get(candidate.run());
        assertEquals("compare", run.mode());
        assertTrue(run.peers().get("candidate").startsWith("heavy.jar sha256:"), run.peers().toString());
        assertTrue(run.commit().matches("[0-9a-f]{40}(-dirty)?|unknown"), run.commit());
        assertEquals(List.of("-wi", "2", "-w", "200ms", "-i", "3", "-r", "200ms"), run.jvmArguments(),
                "the forks' options, not this JVM's arguments, which do not reach them");
        assertTrue(candidate.error() != null && candidate.error() > 0, "the mean fork score's interval: " + candidate);
        assertTrue(java.time.Instant.parse(run.started()).isBefore(java.time.Instant.parse(run.ended())),
                "the run lasted from its first fork to its file: " + run);
        double[] byHand = new double[8];
        for (int i = 0; i < 8; i++) {
            // avgt: lower is better, so the candidate's ratio is the baseline's time over its own
            byHand[i] = baseline.samples().get(i) / candidate.samples().get(i);
        }
        RatioEstimate expected = RatioEstimate.ofRatios(byHand, RatioEstimate.CONFIDENCE);
        assertEquals(expected.ratio(), candidate.comparison().ratio(), 1e-9);
        ComparisonResult again = Rejudge.of(List.of(stored), Judge.MARGIN).records().get(1).comparison();
        assertEquals(expected.ratio(), again.ratio(), 1e-9);
        assertEquals(expected.low(), again.ratioLow(), 1e-9);
        assertEquals(expected.high(), again.ratioHigh(), 1e-9);
    }
}

package io.contend.cli.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.InProcess;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
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

        InProcess report = new InProcess();
        assertEquals(0, report.run("report", out.toString()), report.err());
        assertTrue(Files.readString(out.resolve("index.html")).contains("FixedWorkBenchmark.work"));
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
}

package io.contend.cli.hdr;

import io.contend.cli.InProcess;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The hdr commands run in-process on temporary logs. */
class HdrCommandTest {
    private static final String[] TAGS = {"read-rt", "read-st", "read-wt", "write-rt", "write-st"};

    @TempDir
    Path dir;

    private Path log;
    private long total;
    private final InProcess contend = new InProcess();

    @BeforeEach
    void writeLog() throws IOException {
        log = dir.resolve("run.hlog");
        total = HdrTestLogs.write(log, 1, 6, TAGS);
    }

    private int run(String... args) {
        return contend.run(args);
    }

    @Test
    void summarizeEveryTagAsATable() {
        assertEquals(0, run("hdr", "summarize", log.toString()), contend.err());
        List<String> lines = contend.out().lines().toList();
        assertEquals(log + " (values in ms)", lines.get(0));
        assertTrue(lines.get(1).matches("tag +count +min +mean +p50 +p90 +p99 +p99\\.9 +p99\\.99 +max"), lines.get(1));
        for (int i = 0; i < TAGS.length; i++) {
            assertTrue(lines.get(2 + i).startsWith(TAGS[i] + " "), lines.get(2 + i));
        }
        assertEquals(2 + TAGS.length, lines.size());
    }

    @Test
    void summarizeFiltersFormatsAndUnits() {
        assertEquals(0, run("hdr", "summarize", log.toString(), "--tag", "read-rt", "--tag", "write-rt", "--format", "csv",
                "--unit-ratio", "1e3"));
        List<String> csv = contend.out().lines().toList();
        assertEquals("file,tag,unit,count,min,mean,p50,p90,p99,p99.9,p99.99,max", csv.get(0));
        assertEquals(List.of("read-rt", "write-rt"), csv.subList(1, 3).stream().map(l -> l.split(",")[1]).toList());
        assertEquals(List.of("us", "us"), csv.subList(1, 3).stream().map(l -> l.split(",")[2]).toList());

        assertEquals(0, run("hdr", "summarize", log.toString(), "--tag", "read-rt", "--format", "json"));
        com.google.gson.JsonObject json = com.google.gson.JsonParser.parseString(contend.out()).getAsJsonObject();
        assertEquals("ms", json.get("unit").getAsString());
        assertEquals(1e6, json.get("unitRatio").getAsDouble());
        com.google.gson.JsonObject tag = json.getAsJsonArray("logs").get(0).getAsJsonObject().getAsJsonArray("tags")
                .get(0).getAsJsonObject();
        assertEquals("read-rt", tag.get("tag").getAsString());
        assertEquals(log.toString(), json.getAsJsonArray("logs").get(0).getAsJsonObject().get("source").getAsString());
        assertTrue(tag.get("count").getAsLong() > 0, contend.out());
        assertTrue(tag.get("p50").getAsDouble() <= tag.get("p99").getAsDouble()
                && tag.get("p99").getAsDouble() <= tag.get("max").getAsDouble(), contend.out());

        assertEquals(0, run("hdr", "summarize", log.toString(), "--ignore-tags", "--exclude-tag", "read-wt", "--start", "1",
                "--end", "3", "--unit-ratio", "1000"));
        List<String> lines = contend.out().lines().toList();
        assertEquals(log + " (values in us)", lines.get(0));
        assertEquals(3, lines.size(), contend.out());
        assertTrue(lines.get(2).startsWith("untagged "), lines.get(2));

        assertEquals(0, run("hdr", "summarize", log.toString(), "--format", "HGRM", "--tag", "read-st"));
        assertTrue(contend.out().startsWith("#[File: " + log + "]\n#[Tag: read-st]\n"), contend.out());
        assertTrue(contend.out().contains("#[Max "), contend.out());
    }

    /** Several logs are added up per tag, as HdrLogProcessing's summarize does; --per-file keeps them apart. */
    @Test
    void summarizeAddsUpSeveralLogsPerTag() throws IOException {
        Path other = dir.resolve("other.hlog");
        long otherTotal = HdrTestLogs.write(other, 2, 4, "read-rt", "extra-rt");
        assertEquals(0, run("hdr", "summarize", log.toString(), other.toString(), "--format", "csv"), contend.err());
        List<String> rows = contend.out().lines().toList();
        assertEquals(1 + TAGS.length + 1, rows.size(), contend.out());
        long sum = 0;
        for (String row : rows.subList(1, rows.size())) {
            assertTrue(row.startsWith(log + " + " + other + ","), row);
            sum += Long.parseLong(row.split(",")[3]);
        }
        assertEquals(total + otherTotal, sum, "every interval of both logs, once");
        long readRt = countOf(log, "read-rt") + countOf(other, "read-rt");
        assertTrue(rows.stream().anyMatch(r -> r.contains(",read-rt,ms," + readRt + ",")), "read-rt added up: " + rows);

        assertEquals(0, run("hdr", "summarize", log.toString(), other.toString(), "--per-file", "--format", "csv"));
        rows = contend.out().lines().toList();
        assertEquals(1 + TAGS.length + 2, rows.size(), contend.out());
        assertEquals(0, run("hdr", "summarize", log.toString(), other.toString()));
        assertTrue(contend.out().startsWith(log + " + " + other + " (values in ms)\n"), contend.out());
    }

    private static long countOf(Path file, String tag) throws IOException {
        return readWithHdrHistogram(file).stream().filter(h -> tag.equals(h.getTag()))
                .mapToLong(h -> ((Histogram) h).getTotalCount()).sum();
    }

    @Test
    void userErrorsAreUsageErrorsWithoutStackTraces() {
        assertEquals(2, run("hdr", "summarize", dir.resolve("missing.hlog").toString()));
        assertTrue(contend.err().contains("no such file: " + dir.resolve("missing.hlog")), contend.err());
        assertEquals(2, run("hdr", "summarize", log.toString(), "--unit-ratio", "0"));
        assertTrue(contend.err().contains("--unit-ratio: the output value unit ratio must be a positive number, got 0.0"),
                contend.err());
        assertEquals(2, run("hdr", "summarize", log.toString(), "--format", "pdf"));
        assertTrue(contend.err().contains("pdf"), contend.err());
        assertEquals(2, run("hdr", "summarize", log.toString(), "--start", "5", "--end", "2"));
        assertTrue(contend.err().contains("start 5.0 s and end 2.0 s"), contend.err());
        assertEquals(2, run("hdr", "summarize", log.toString(), "--start", "soon"));
        assertEquals(2, run("hdr", "union", log.toString()));
        assertTrue(contend.err().contains("--out"), contend.err());
        assertEquals(2, run("hdr", "union", log.toString(), "--out", log.toString()));
        assertTrue(contend.err().contains("is also an input"), contend.err());
        assertEquals(2, run("hdr", "split", dir.toString()));
        assertTrue(contend.err().contains("not a file: " + dir), contend.err());
        assertEquals(2, run("hdr"));
        assertTrue(contend.err().contains("Missing command"), contend.err());
        assertFalse(contend.err().contains("\tat "), contend.err());
    }

    /** The window counts from the log's StartTime: a negative bound is a usage error naming it, in either form. */
    @Test
    void aNegativeStartOrEndIsAUsageError() {
        String since = ": must be 0 or more seconds since the log's StartTime, got ";
        for (String command : new String[]{"summarize", "to-csv", "plot"}) {
            assertEquals(2, run("hdr", command, log.toString(), "--start", "-1"), command);
            assertEquals("--start" + since + "-1.0 (see 'contend hdr " + command + " --help')\n", contend.err());
            assertEquals(2, run("hdr", command, log.toString(), "--end=-0.5"), command);
            assertEquals("--end" + since + "-0.5 (see 'contend hdr " + command + " --help')\n", contend.err());
            assertEquals("", contend.out(), command);
        }
        assertEquals(2, run("hdr", "summarize", log.toString(), "--start", "-Infinity"));
        assertTrue(contend.err().contains("--start: must be 0 or more seconds"), contend.err());
        assertEquals(0, run("hdr", "summarize", log.toString(), "--start", "0", "--end", "0"), contend.err());
    }

    @Test
    void aMalformedLogIsExitOneWithTheLine() throws IOException {
        List<String> lines = Files.readAllLines(log);
        lines.set(6, lines.get(6).replace("HISTF", "HIST*"));
        Files.write(log, lines);
        for (String command : new String[]{"summarize", "split", "to-csv", "plot"}) {
            assertEquals(1, run("hdr", command, log.toString()), command);
            assertTrue(contend.err().startsWith("contend hdr " + command + ": malformed log: " + log + ":7: "), contend.err());
            assertFalse(contend.err().contains("\tat "), contend.err());
        }
        Path csv = dir.resolve("bad.csv");
        assertEquals(1, run("hdr", "to-csv", log.toString(), "--out", csv.toString()));
        assertEquals(1, run("hdr", "union", log.toString(), "--out", dir.resolve("bad-union.hlog").toString()));
        try (var files = Files.list(dir)) {
            assertEquals(List.of("run.hlog"), files.map(p -> p.getFileName().toString()).toList(), "no half outputs");
        }
    }

    /** An empty file is not a log with no intervals: one line, exit 1 as any malformed log, nothing written. */
    @Test
    void anEmptyFileIsAMalformedLog() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.hlog"));
        Path out = dir.resolve("out");
        String[][] commands = {{"summarize"}, {"summarize", log.toString()}, {"to-csv"},
                {"plot", "--out-dir", out.toString()}, {"split", "--out-dir", out.toString()},
                {"union", "--out", out.resolve("all.hlog").toString()}};
        for (String[] command : commands) {
            List<String> args = new java.util.ArrayList<>(List.of("hdr", command[0], empty.toString()));
            args.addAll(List.of(command).subList(1, command.length));
            assertEquals(1, run(args.toArray(String[]::new)), args.toString());
            assertEquals("contend hdr " + command[0] + ": malformed log: " + empty
                    + ":1: empty, not an HDR interval log\n", contend.err(), args.toString());
        }
        try (var files = Files.walk(dir)) {
            assertEquals(List.of(empty, log), files.filter(Files::isRegularFile).sorted().toList(), "nothing written");
        }
    }

    /** Every hdr command refuses an output that is an input, through links too; exit 2. */
    @Test
    void everyCommandRefusesAnOutputThatIsAnInput() throws IOException {
        byte[] before = Files.readAllBytes(log);
        assertEquals(2, run("hdr", "to-csv", log.toString(), "--out", log.toString()));
        assertTrue(contend.err().contains("the output " + log + " is also an input"), contend.err());
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), log);
        assertEquals(2, run("hdr", "to-csv", log.toString(), "--out", link.toString()));
        assertEquals(2, run("hdr", "union", log.toString(), "--out", dir.resolve(".").resolve("run.hlog").toString()));
        Path parts = Files.createDirectory(dir.resolve("parts"));
        Files.createLink(parts.resolve("run.read-st.hlog"), log);
        assertEquals(2, run("hdr", "split", log.toString(), "--out-dir", parts.toString()));
        assertTrue(contend.err().contains("is also an input"), contend.err());
        Path plots = Files.createDirectory(dir.resolve("plots"));
        Files.createSymbolicLink(plots.resolve("run.write.percentiles.svg"), log);
        assertEquals(2, run("hdr", "plot", log.toString(), "--out-dir", plots.toString()));
        assertTrue(contend.err().contains("is also an input"), contend.err());
        assertArrayEquals(before, Files.readAllBytes(log));
        try (var files = Files.list(parts)) {
            assertEquals(1, files.count(), "split wrote nothing");
        }
        try (var files = Files.list(plots)) {
            assertEquals(1, files.count(), "plot wrote nothing");
        }
    }

    /** A temporary output file never destroys an input of its name (it was once <out>.tmp). */
    @Test
    void anInputNamedLikeAnOutputsTemporaryFileIsKept() throws IOException {
        Path input = dir.resolve("x.hlog.tmp");
        long total = HdrTestLogs.write(input, 9, 30, TAGS); // 150 intervals, about 100 KB
        byte[] before = Files.readAllBytes(input);
        Path output = dir.resolve("x.hlog");
        assertEquals(0, run("hdr", "union", input.toString(), "--out", output.toString()), contend.err());
        assertEquals("Wrote 150 intervals (total count " + total + ") from 1 logs to " + output, contend.out().strip());
        assertArrayEquals(before, Files.readAllBytes(input));
        assertEquals(0, run("hdr", "to-csv", input.toString(), "--out", dir.resolve("x.hlog.tmp.csv").toString()));
        assertArrayEquals(before, Files.readAllBytes(input));
    }

    /** On a full device: one line naming the output, exit 1, the input unchanged. */
    @Test
    void aFullDeviceIsOneLineAndExitOne() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full on this platform");
        byte[] before = Files.readAllBytes(log);
        assertEquals(1, run("hdr", "to-csv", log.toString(), "--out", full.toString()));
        assertEquals("contend hdr to-csv: cannot write /dev/full: no space left on device\n", contend.err());
        assertEquals(1, run("hdr", "union", log.toString(), "--out", full.toString()));
        assertEquals("contend hdr union: cannot write /dev/full: no space left on device\n", contend.err());
        assertArrayEquals(before, Files.readAllBytes(log));
    }

    /** Plot writes all of its SVG files or none (here one name is taken by a directory). */
    @Test
    void plotWritesAllOrNothing() throws IOException {
        Path plots = Files.createDirectory(dir.resolve("plots"));
        Path taken = Files.createDirectory(plots.resolve("run.write-st.over-time.svg"));
        assertEquals(1, run("hdr", "plot", log.toString(), "--out-dir", plots.toString()));
        assertEquals("contend hdr plot: cannot write " + taken + ": is a directory\n", contend.err());
        try (var files = Files.list(plots)) {
            assertEquals(List.of(taken), files.toList(), "no plot written, no temporary file left");
        }
    }

    /**
     * A base64 character changed in the middle of a payload, at a place where HdrHistogram's
     * own reader decodes the line into other counts without an error: a malformed log with its line, exit 1.
     */
    @Test
    void aPayloadThatFailsItsZlibCheckIsAMalformedLog() throws IOException {
        List<String> lines = Files.readAllLines(log);
        String line = lines.get(6);
        long count = readWithHdrHistogram(log).stream().filter(h -> "read-wt".equals(h.getTag()))
                .mapToLong(h -> ((Histogram) h).getTotalCount()).findFirst().orElseThrow();
        Path changed = dir.resolve("changed.hlog");
        for (int i = (line.lastIndexOf(',') + line.length()) / 2; i < line.length() - 4; i++) {
            lines.set(6, line.substring(0, i) + (line.charAt(i) == 'A' ? 'B' : 'A') + line.substring(i + 1));
            Files.write(changed, lines);
            List<EncodableHistogram> read;
            try {
                read = readWithHdrHistogram(changed);
            } catch (IOException | RuntimeException e) {
                continue; // HdrHistogram notices this one itself
            }
            long changedCount = read.stream().filter(h -> "read-wt".equals(h.getTag()))
                    .mapToLong(h -> ((Histogram) h).getTotalCount()).findFirst().orElse(-1);
            if (read.size() == 6 * TAGS.length && changedCount != count) {
                assertEquals(1, run("hdr", "summarize", changed.toString()));
                assertEquals("contend hdr summarize: malformed log: " + changed + ":7: corrupted histogram payload: "
                        + "incorrect data check: '" + lines.get(6).substring(0, 60) + "...'\n", contend.err());
                return;
            }
        }
        throw new AssertionError("no character change that HdrHistogram accepts with other counts");
    }

    @Test
    void countsThatAddUpToMoreThanALongHoldsAreOneLineAndExitOne() throws IOException {
        Path huge = dir.resolve("huge.hlog");
        HdrTestLogs.writeHugeCounts(huge, "read-rt", 3);
        for (String command : new String[]{"summarize", "plot"}) {
            assertEquals(1, run("hdr", command, huge.toString()), command);
            assertEquals("contend hdr " + command + ": " + huge + ":5: the counts of tag read-rt add up to more than "
                    + Long.MAX_VALUE + "\n", contend.err());
        }
        assertEquals(1, run("hdr", "union", huge.toString(), "--out", dir.resolve("all.hlog").toString()));
        assertEquals("contend hdr union: " + huge + ":5: the counts of the union add up to more than "
                + Long.MAX_VALUE + "\n", contend.err());
        assertEquals(0, run("hdr", "to-csv", huge.toString()), contend.err()); // each interval's count fits
        assertTrue(contend.out().lines().toList().get(3).startsWith("read-rt,2.000,3.000," + ((1L << 62) - 1) + ","),
                contend.out());
        assertEquals(0, run("hdr", "summarize", huge.toString(), "--end", "1.5"), contend.err());
        assertTrue(contend.out().contains(" " + (Long.MAX_VALUE - 1) + " "), "two intervals fit: " + contend.out());
        try (var files = Files.list(dir)) {
            assertEquals(List.of("huge.hlog", "run.hlog"), files.map(p -> p.getFileName().toString()).sorted().toList(),
                    "no plot, no union");
        }
    }

    /** Tags that make the same safe file name get their own plots: x_y, x_y-2, x_y-3 in the order they come. */
    @Test
    void plotGivesTagsWithTheSameSafeNameTheirOwnFiles() throws IOException {
        Path mixed = dir.resolve("mixed.hlog");
        HdrTestLogs.write(mixed, 3, 2, "x/y", "x_y", "x:y");
        Path plots = dir.resolve("plots");
        assertEquals(0, run("hdr", "plot", mixed.toString(), "--out-dir", plots.toString()), contend.err());
        List<String> names = contend.out().lines().map(f -> Path.of(f).getFileName().toString()).toList();
        assertEquals(List.of("mixed.x_y.percentiles.svg", "mixed.x_y-2.percentiles.svg", "mixed.x_y-3.percentiles.svg",
                "mixed.x_y.over-time.svg", "mixed.x_y-2.over-time.svg", "mixed.x_y-3.over-time.svg"), names);
        String[] tags = {"x/y", "x_y", "x:y"};
        String[] suffixes = {"", "-2", "-3"};
        for (int i = 0; i < tags.length; i++) {
            String overTime = Files.readString(plots.resolve("mixed.x_y" + suffixes[i] + ".over-time.svg"));
            assertTrue(overTime.contains("mixed.hlog: " + tags[i] + " latency over time"), tags[i]);
            String percentiles = Files.readString(plots.resolve("mixed.x_y" + suffixes[i] + ".percentiles.svg"));
            assertTrue(percentiles.contains(">" + tags[i] + "<"), tags[i]);
        }
        try (var files = Files.list(plots)) {
            assertEquals(6, files.count());
        }
    }

    /** "-" is standard input, read once, as a pipe is: its summary is the file's. */
    @Test
    void standardInputIsALog() throws IOException {
        assertEquals(0, run("hdr", "summarize", log.toString(), "--format", "csv"));
        String fromFile = contend.out().replace(log.toString(), "-");
        java.io.InputStream stdin = System.in;
        try (java.io.InputStream in = Files.newInputStream(log)) {
            System.setIn(in);
            assertEquals(0, run("hdr", "summarize", "-", "--format", "csv"), contend.err());
        } finally {
            System.setIn(stdin);
        }
        assertEquals(fromFile, contend.out());
    }

    /** A FIFO (a named pipe) can be read once and not measured: it is a log like a file. */
    @Test
    void aNamedPipeIsALog() throws Exception {
        Path fifo = dir.resolve("run.fifo");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no mkfifo on this platform");
        assertEquals(0, run("hdr", "to-csv", log.toString()));
        String fromFile = contend.out();
        Thread writer = new Thread(() -> {
            try {
                Files.write(fifo, Files.readAllBytes(log)); // blocks until the command opens the pipe
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        assertEquals(0, run("hdr", "to-csv", fifo.toString()), contend.err());
        writer.join();
        assertEquals(fromFile, contend.out());
    }

    @Test
    void splitThenUnionIsLossless() throws IOException {
        Path parts = dir.resolve("parts");
        assertEquals(0, run("hdr", "split", log.toString(), "--out-dir", parts.toString()), contend.err());
        List<String> files = contend.out().lines().toList();
        assertEquals(TAGS.length, files.size());
        for (int i = 0; i < TAGS.length; i++) {
            assertEquals(parts.resolve("run." + TAGS[i] + ".hlog").toString(), files.get(i));
            List<EncodableHistogram> read = readWithHdrHistogram(Path.of(files.get(i)));
            assertEquals(6, read.size());
            String tag = TAGS[i];
            assertTrue(read.stream().allMatch(h -> tag.equals(h.getTag())));
        }
        Path joined = dir.resolve("new-dir").resolve("joined.hlog");
        String[] args = new String[3 + TAGS.length];
        args[0] = "hdr";
        args[1] = "union";
        for (int i = 0; i < TAGS.length; i++) {
            args[2 + i] = files.get(i);
        }
        args[args.length - 1] = "--out=" + joined;
        assertEquals(0, run(args), contend.err());
        assertEquals("Wrote " + 6 * TAGS.length + " intervals (total count " + total + ") from " + TAGS.length
                + " logs to " + joined, contend.out().strip());
        List<EncodableHistogram> read = readWithHdrHistogram(joined);
        assertEquals(total, read.stream().mapToLong(h -> ((Histogram) h).getTotalCount()).sum());
        assertEquals(readWithHdrHistogram(log).stream().map(EncodableHistogram::getTag).sorted().toList(),
                read.stream().map(EncodableHistogram::getTag).sorted().toList());
    }

    /** Split again into the same directory: each log replaced is named on stderr; a first split says nothing. */
    @Test
    void splitNamesTheLogsItReplaces() throws IOException {
        Path parts = dir.resolve("parts");
        assertEquals(0, run("hdr", "split", log.toString(), "--out-dir", parts.toString()), contend.err());
        assertEquals("", contend.err());
        Path other = dir.resolve("other").resolve("run.hlog");
        Files.createDirectories(other.getParent());
        HdrTestLogs.write(other, 7, 2, "read-rt", "new-rt");
        Files.writeString(parts.resolve("kept.txt"), "not a split's");
        assertEquals(0, run("hdr", "split", other.toString(), "--out-dir", parts.toString()), contend.err());
        assertEquals("contend hdr split: replaced " + parts.resolve("run.read-rt.hlog") + ", which was already there\n",
                contend.err());
        assertEquals(List.of(parts.resolve("run.read-rt.hlog").toString(), parts.resolve("run.new-rt.hlog").toString()),
                contend.out().lines().toList());
        assertEquals(2, readWithHdrHistogram(parts.resolve("run.read-rt.hlog")).size(), "the new split's");
        assertEquals("not a split's", Files.readString(parts.resolve("kept.txt")));
    }

    @Test
    void toCsvOnStandardOutputAndToAFile() throws IOException {
        assertEquals(0, run("hdr", "to-csv", log.toString(), "--tag", "read-rt"));
        List<String> rows = contend.out().lines().toList();
        assertEquals("tag,start,end,count,p50,p90,p99,p99.9,max,mean", rows.get(0));
        assertEquals(7, rows.size());
        assertTrue(rows.get(1).startsWith("read-rt,0.002,1.002,"), rows.get(1));

        Path csv = dir.resolve("run.csv");
        assertEquals(0, run("hdr", "to-csv", log.toString(), "--out", csv.toString()));
        assertEquals("Wrote " + 6 * TAGS.length + " rows to " + csv, contend.out().strip());
        assertEquals(1 + 6 * TAGS.length, Files.readAllLines(csv).size());
    }

    @Test
    void plotWritesBothKindsPerOperationAndTag() throws Exception {
        Path plots = dir.resolve("plots");
        assertEquals(0, run("hdr", "plot", log.toString(), "--out-dir", plots.toString()), contend.err());
        List<String> files = contend.out().lines().toList();
        assertEquals(List.of("run.read.percentiles.svg", "run.write.percentiles.svg", "run.read-rt.over-time.svg",
                        "run.read-st.over-time.svg", "run.read-wt.over-time.svg", "run.write-rt.over-time.svg",
                        "run.write-st.over-time.svg"),
                files.stream().map(f -> Path.of(f).getFileName().toString()).toList());
        for (String file : files) {
            String svg = Files.readString(Path.of(file));
            assertTrue(svg.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), file);
            DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of(file).toFile()); // well-formed
        }
        String read = Files.readString(plots.resolve("run.read.percentiles.svg"));
        assertTrue(read.contains(">read-rt<") && read.contains(">read-st<") && read.contains(">read-wt<"), read);
        assertTrue(read.contains("run.hlog: read latency by percentile"), read);
        String overTime = Files.readString(plots.resolve("run.read-rt.over-time.svg"));
        assertTrue(overTime.contains(">p50<") && overTime.contains(">p99<") && overTime.contains(">max<"), overTime);
        assertEquals("", contend.err(), "nothing was there to replace");
    }

    @Test
    void plotNamesThePlotsItReplaces() throws IOException {
        Path plots = dir.resolve("plots");
        Files.createDirectories(plots);
        Files.writeString(plots.resolve("run.read.percentiles.svg"), "a user's file");
        assertEquals(0, run("hdr", "plot", log.toString(), "--out-dir", plots.toString()), contend.err());
        assertEquals("contend hdr plot: replaced " + plots.resolve("run.read.percentiles.svg")
                + ", which was already there\n", contend.err());
        assertTrue(Files.readString(plots.resolve("run.read.percentiles.svg")).startsWith("<?xml"), "the new plot");
    }

    @Test
    void operationsGroupTheirTimeKinds() {
        assertEquals("read", PlotCommand.operation("read-rt"));
        assertEquals("read", PlotCommand.operation("read-wt"));
        assertEquals("read-xt", PlotCommand.operation("read-xt"));
        assertEquals("-rt", PlotCommand.operation("-rt"));
        assertEquals("untagged", PlotCommand.operation("untagged"));
    }

    private static List<EncodableHistogram> readWithHdrHistogram(Path file) throws IOException {
        List<EncodableHistogram> read = new java.util.ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                read.add(h);
            }
        }
        return read;
    }
}

package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogSplitterTest {
    private static final String[] TAGS = {"read-rt", "read-st", "write-rt", "write-st"};

    @TempDir
    Path dir;

    @Test
    void oneLogPerTagThatHdrHistogramReadsBackUnchanged() throws IOException {
        Path log = dir.resolve("run.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 7, 12, TAGS);
        List<Path> files = LogSplitter.split(log, dir.resolve("split"));

        assertEquals(TAGS.length, files.size());
        for (int t = 0; t < TAGS.length; t++) {
            String tag = TAGS[t];
            assertEquals(dir.resolve("split").resolve("run." + tag + ".hlog"), files.get(t));
            List<EncodableHistogram> expected = written.stream().filter(h -> tag.equals(h.getTag())).toList();
            List<EncodableHistogram> hdr = TestLogs.readWithHdrHistogram(files.get(t));
            assertEquals(expected.size(), hdr.size(), tag);
            List<HdrInterval> ours = HdrLogReader.readAll(files.get(t), IntervalFilter.ALL);
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(tag, hdr.get(i).getTag());
                assertEquals(expected.get(i), hdr.get(i), tag + " interval " + i);
                assertEquals(expected.get(i).getStartTimeStamp(), Math.round(ours.get(i).startSeconds() * 1000));
                assertEquals(expected.get(i).getEndTimeStamp(), Math.round(ours.get(i).endSeconds() * 1000));
            }
            String text = Files.readString(files.get(t));
            assertTrue(text.contains("#[StartTime: 1700000000.123 ") && text.contains("#[BaseTime: 1700000000.123 ")
                    && text.contains("#[Histogram log format version 1.3]"), text.substring(0, 300));
            // The same relative timestamps as the input's lines of this tag.
            List<String> inputLines = Files.readAllLines(log).stream().filter(l -> l.startsWith("Tag=" + tag + ",")).toList();
            List<String> outputLines = Files.readAllLines(files.get(t)).stream().filter(l -> l.startsWith("Tag=")).toList();
            assertEquals(inputLines.size(), outputLines.size());
            for (int i = 0; i < inputLines.size(); i++) {
                assertEquals(timestamps(inputLines.get(i)), timestamps(outputLines.get(i)));
            }
        }
    }

    @Test
    void untaggedAndUnsafeTagsGetSafeDistinctNames() throws IOException {
        Path log = dir.resolve("mixed");
        Files.writeString(log, String.join("\n",
                line(null, 0), line("a/b", 1), line("a_b", 2), line("A_B", 3), line("a/b", 4)) + "\n");
        List<Path> files = LogSplitter.split(log, dir);
        assertEquals(List.of("mixed.untagged.hlog", "mixed.a_b.hlog", "mixed.a_b-2.hlog", "mixed.A_B-3.hlog"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(2, TestLogs.readWithHdrHistogram(files.get(1)).size());
        assertEquals("a/b", TestLogs.readWithHdrHistogram(files.get(1)).get(0).getTag());
    }

    /**
     * 1,500 tags, each with an interval in two passes over all of them, so that every log is closed and reopened:
     * no more than {@link LogSplitter#MAX_OPEN_LOGS} files are ever open at once (under {@code ulimit -n 1024} one
     * file per tag fails), and every log holds both of its intervals.
     */
    @Test
    void aLogOfManyTagsKeepsFewFilesOpen() throws IOException {
        int tags = 1500;
        StringBuilder text = new StringBuilder();
        for (int pass = 0; pass < 2; pass++) {
            for (int t = 0; t < tags; t++) {
                text.append(line("t" + t, pass)).append('\n');
            }
        }
        Path log = Files.writeString(dir.resolve("tags.hlog"), text);
        AtomicInteger open = new AtomicInteger();
        AtomicInteger mostOpen = new AtomicInteger();
        OutputFile.Opener counting = (file, options) -> {
            OutputStream out = Files.newOutputStream(file, options);
            mostOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
            return new FilterOutputStream(out) {
                private boolean closed;

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    out.write(b, off, len);
                }

                @Override
                public void close() throws IOException {
                    if (!closed) {
                        closed = true;
                        open.decrementAndGet();
                    }
                    super.close();
                }
            };
        };
        List<Path> files = LogSplitter.split(log, dir.resolve("split"), counting);
        assertEquals(tags, files.size());
        assertTrue(mostOpen.get() <= LogSplitter.MAX_OPEN_LOGS && LogSplitter.MAX_OPEN_LOGS < 1000,
                mostOpen.get() + " files open at once");
        assertEquals(0, open.get(), "every file is closed at the end");
        for (int t = 0; t < tags; t++) {
            assertEquals(dir.resolve("split").resolve("tags.t" + t + ".hlog"), files.get(t));
            List<EncodableHistogram> read = TestLogs.readWithHdrHistogram(files.get(t));
            assertEquals(2, read.size(), files.get(t).toString());
            assertEquals("t" + t, read.get(1).getTag());
            assertEquals(1001, ((org.HdrHistogram.Histogram) read.get(1)).getMaxValue(), "the second pass's value");
        }
    }

    @Test
    void standardInputIsSplitIntoStdinLogs() throws IOException {
        Path log = dir.resolve("run.hlog");
        TestLogs.writeTagged(log, 9, 3, TAGS);
        java.io.InputStream stdin = System.in;
        try (java.io.InputStream in = Files.newInputStream(log)) {
            System.setIn(in);
            List<Path> files = LogSplitter.split(LogFiles.STANDARD_INPUT, dir.resolve("from-stdin"));
            assertEquals(dir.resolve("from-stdin").resolve("stdin.read-rt.hlog"), files.get(0));
            assertEquals(TAGS.length, files.size());
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void aMalformedInputLeavesNoFiles() throws IOException {
        Path log = dir.resolve("bad.hlog");
        TestLogs.writeTagged(log, 8, 3, TAGS);
        Files.writeString(log, Files.readString(log) + "Tag=read-rt,9.000,1.000,0.5,not-base64!\n");
        Path out = dir.resolve("out");
        assertThrows(HdrLogFormatException.class, () -> LogSplitter.split(log, out));
        try (var files = Files.list(out)) {
            assertFalse(files.findAny().isPresent());
        }
    }

    static String line(String tag, int second) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValue(1000 + second);
        h.setTag(tag);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(bytes);
        writer.outputIntervalHistogram(second, second + 1, h);
        writer.close();
        return bytes.toString(java.nio.charset.StandardCharsets.UTF_8).strip();
    }

    private static String timestamps(String line) {
        String[] fields = line.split(",");
        return fields[1] + "," + fields[2];
    }
}

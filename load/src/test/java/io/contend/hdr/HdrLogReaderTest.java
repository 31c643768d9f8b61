package io.contend.hdr;

import org.HdrHistogram.DoubleHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HdrLogReaderTest {
    private static final String[] TAGS = {"read-rt", "read-st", "read-wt", "write-rt", "write-st", "write-wt"};

    @TempDir
    Path dir;

    @Test
    void readsATaggedLogAsHdrHistogramDoesButWithExactTimes() throws IOException {
        Path log = dir.resolve("tagged.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 1, 10, TAGS);
        List<EncodableHistogram> hdr = TestLogs.readWithHdrHistogram(log);
        List<HdrInterval> ours = HdrLogReader.readAll(log, IntervalFilter.ALL);

        assertEquals(written.size(), ours.size());
        assertEquals(hdr.size(), ours.size());
        int truncatedByHdrHistogram = 0;
        for (int i = 0; i < ours.size(); i++) {
            HdrInterval interval = ours.get(i);
            assertEquals(written.get(i).getTag(), interval.tag());
            assertEquals(hdr.get(i).getTag(), interval.tag());
            assertEquals(written.get(i), interval.histogram(), "interval " + i);
            assertEquals(hdr.get(i), interval.histogram(), "interval " + i);
            assertEquals(written.get(i).getStartTimeStamp(), Math.round(interval.startSeconds() * 1000));
            assertEquals(written.get(i).getEndTimeStamp(), Math.round(interval.endSeconds() * 1000));
            // HistogramLogReader truncates to whole milliseconds: equal, or one early.
            long hdrStart = hdr.get(i).getStartTimeStamp();
            long exact = Math.round(interval.startSeconds() * 1000);
            assertTrue(hdrStart == exact || hdrStart == exact - 1, hdrStart + " vs " + exact);
            truncatedByHdrHistogram += hdrStart == exact ? 0 : 1;
        }
        assertTrue(truncatedByHdrHistogram > 0, "HistogramLogReader's truncation shows on this log");
        try (HdrLogReader reader = HdrLogReader.open(log, IntervalFilter.ALL)) {
            reader.next();
            assertEquals(TestLogs.START_MS / 1000.0, reader.startTimeSeconds());
            assertEquals(TestLogs.START_MS / 1000.0, reader.baseTimeSeconds());
        }
    }

    @Test
    void readsAnUntaggedLogWithAbsoluteTimestamps() throws IOException {
        Path log = dir.resolve("untagged.hlog");
        List<EncodableHistogram> written = TestLogs.writeUntaggedAbsolute(log, 2, 8);
        List<HdrInterval> ours = HdrLogReader.readAll(log, IntervalFilter.ALL);
        assertEquals(written.size(), ours.size());
        for (int i = 0; i < ours.size(); i++) {
            assertNull(ours.get(i).tag());
            assertEquals("untagged", ours.get(i).label());
            assertEquals(written.get(i), ours.get(i).histogram());
            assertEquals(written.get(i).getStartTimeStamp(), Math.round(ours.get(i).startSeconds() * 1000));
        }
        try (HdrLogReader reader = HdrLogReader.open(log, IntervalFilter.ALL)) {
            reader.next();
            assertEquals(TestLogs.START_MS / 1000.0, reader.startTimeSeconds());
            assertEquals(0.0, reader.baseTimeSeconds(), "no BaseTime and absolute stamps: base 0");
        }
    }

    @Test
    void withoutHeadersTheFirstTimestampIsTheStart() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistogramLogWriter writer = new HistogramLogWriter(bytes);
        Histogram h = new Histogram(3);
        h.recordValue(1000);
        writer.outputIntervalHistogram(0.5, 1.5, h);
        writer.outputIntervalHistogram(1.5, 2.5, h);
        writer.close();
        try (HdrLogReader reader = reader(bytes.toByteArray(), IntervalFilter.ALL.withWindow(1, 2))) {
            HdrInterval only = reader.next();
            assertEquals(1.5, only.startSeconds());
            assertEquals(2.5, only.endSeconds());
            assertEquals(0.5, reader.startTimeSeconds());
            assertNull(reader.next());
        }
    }

    @Test
    void tagFiltersAndIgnoreTags() throws IOException {
        Path log = dir.resolve("tagged.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 3, 5, TAGS);

        List<HdrInterval> included = HdrLogReader.readAll(log, IntervalFilter.ALL.withIncludeTags(Set.of("read-rt", "write-st")));
        assertEquals(written.stream().filter(h -> Set.of("read-rt", "write-st").contains(h.getTag())).count(), included.size());
        assertTrue(included.stream().allMatch(i -> Set.of("read-rt", "write-st").contains(i.tag())));

        List<HdrInterval> excluded = HdrLogReader.readAll(log, IntervalFilter.ALL.withExcludeTags(Set.of("read-wt", "write-wt")));
        assertEquals(written.size() * 4 / 6, excluded.size());
        assertTrue(excluded.stream().noneMatch(i -> i.tag().endsWith("-wt")));

        List<HdrInterval> untagged = HdrLogReader.readAll(log,
                IntervalFilter.ALL.withExcludeTags(Set.of("read-wt")).withIgnoreTags(true));
        assertEquals(written.size() * 5 / 6, untagged.size());
        assertTrue(untagged.stream().allMatch(i -> i.tag() == null));
    }

    @Test
    void theWindowIsHistogramLogProcessorsRelativeStartWindow() throws IOException {
        Path log = dir.resolve("tagged.hlog");
        TestLogs.writeTagged(log, 4, 10, TAGS);
        List<HdrInterval> ours = HdrLogReader.readAll(log, IntervalFilter.ALL.withWindow(2, 4));
        List<EncodableHistogram> hdr = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(2, 4); h != null; h = reader.nextIntervalHistogram(2, 4)) {
                hdr.add(h);
            }
        }
        assertEquals(2 * TAGS.length, ours.size(), "seconds 2 and 3 start inside [2, 4]; second 4 starts at 4.0xx");
        assertEquals(hdr.size(), ours.size());
        for (int i = 0; i < ours.size(); i++) {
            assertEquals(hdr.get(i), ours.get(i).histogram());
            assertEquals(hdr.get(i).getTag(), ours.get(i).tag());
        }
    }

    @Test
    void blankLinesAreSkipped() throws IOException {
        Path log = dir.resolve("tagged.hlog");
        List<EncodableHistogram> written = TestLogs.writeTagged(log, 5, 3, TAGS);
        rewrite(log, lines -> {
            List<String> spaced = new ArrayList<>();
            lines.forEach(l -> {
                spaced.add(l);
                spaced.add("");
            });
            return spaced;
        });
        assertEquals(written.size(), HdrLogReader.readAll(log, IntervalFilter.ALL).size());
    }

    @Test
    void aMissingFileIsNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> HdrLogReader.readAll(dir.resolve("nope.hlog"), IntervalFilter.ALL));
    }

    /** No bytes at all is not a log; a log of headers only is one with no intervals. */
    @Test
    void anEmptyFileIsMalformedButHeadersWithoutIntervalsAreALog() throws IOException {
        Path empty = Files.createFile(dir.resolve("empty.hlog"));
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class,
                () -> HdrLogReader.readAll(empty, IntervalFilter.ALL));
        assertEquals(empty + ":1: empty, not an HDR interval log", e.getMessage());
        assertEquals(1, e.line());
        assertThrows(HdrLogFormatException.class, () -> reader(new byte[0], IntervalFilter.ALL).next());

        Path headers = dir.resolve("headers.hlog");
        Files.writeString(headers, "#[StartTime: 1700000000.000 (seconds since epoch)]\n\n");
        assertEquals(List.of(), HdrLogReader.readAll(headers, IntervalFilter.ALL));
    }

    @Test
    void aBadBase64CharacterNamesTheLine() throws IOException {
        Path log = taggedLog();
        int line = firstIntervalLine(log) + 3;
        rewrite(log, lines -> replaceLine(lines, line, l -> l.substring(0, l.length() - 10) + "*" + l.substring(l.length() - 9)));
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
        assertEquals(line, e.line());
        assertEquals(log.toString(), e.source());
        assertTrue(e.getMessage().startsWith(log + ":" + line + ": the histogram payload is not a base64 histogram"),
                e.getMessage());
    }

    @Test
    void aCorruptedCompressedPayloadNamesTheLine() throws IOException {
        Path log = taggedLog();
        int line = firstIntervalLine(log) + 2;
        // Another base64 letter in the middle of the payload: still base64, no longer the deflated histogram.
        rewrite(log, lines -> replaceLine(lines, line, l -> {
            int at = l.lastIndexOf(',') + 40;
            return l.substring(0, at) + (l.charAt(at) == 'A' ? 'B' : 'A') + l.substring(at + 1);
        }));
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
        assertEquals(line, e.line());
        assertTrue(e.getMessage().contains("histogram"), e.getMessage());
    }

    @Test
    void aTruncatedFileNamesItsLastLine() throws IOException {
        Path log = taggedLog();
        byte[] bytes = Files.readAllBytes(log);
        for (int cut : new int[]{bytes.length - 30, bytes.length - 200}) {
            Path truncated = dir.resolve("truncated-" + cut + ".hlog");
            Files.write(truncated, Arrays.copyOf(bytes, cut));
            long lastLine = Files.readAllLines(truncated).size();
            HdrLogFormatException e = assertThrows(HdrLogFormatException.class,
                    () -> HdrLogReader.readAll(truncated, IntervalFilter.ALL), "cut at " + cut);
            assertEquals(lastLine, e.line(), e.getMessage());
        }
        Path inFields = dir.resolve("cut-in-fields.hlog");
        String text = Files.readString(log);
        int lastTag = text.lastIndexOf("Tag=");
        Files.writeString(inFields, text.substring(0, text.indexOf(',', text.indexOf(',', lastTag) + 1)));
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(inFields, IntervalFilter.ALL));
        assertTrue(e.getMessage().contains("malformed line"), e.getMessage());
    }

    @Test
    void aMalformedNumberIsAnErrorWhereHistogramLogReaderSilentlyStops() throws IOException {
        Path log = taggedLog();
        int total = HdrLogReader.readAll(log, IntervalFilter.ALL).size();
        int line = firstIntervalLine(log) + 5;
        rewrite(log, lines -> replaceLine(lines, line, l -> l.replaceFirst(",", ",x")));
        assertEquals(5, TestLogs.readWithHdrHistogram(log).size(), "HistogramLogReader returns what it read so far, of " + total);
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
        assertEquals(line, e.line());
        assertTrue(e.getMessage().contains("malformed line, expected [Tag=T,]start,length,max,base64-histogram"), e.getMessage());
    }

    @Test
    void nonFiniteTimesAreErrors() throws IOException {
        for (String bad : new String[]{"NaN", "Infinity"}) {
            Path log = taggedLog();
            int line = firstIntervalLine(log);
            rewrite(log, lines -> replaceLine(lines, line, l -> l.replaceFirst("Tag=([^,]*),[^,]*,", "Tag=$1," + bad + ",")));
            HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
            assertTrue(e.getMessage().contains("finite timestamp"), e.getMessage());
        }
    }

    @Test
    void textThatIsNotUtf8NamesTheLine() throws IOException {
        Path log = taggedLog();
        byte[] original = Files.readAllBytes(log);
        List<String> lines = Files.readAllLines(log);
        int last = lines.size();
        for (int line : new int[]{1, last}) {
            byte[] bytes = original.clone();
            int offset = 0;
            for (int i = 0; i < line - 1; i++) {
                offset += lines.get(i).length() + 1;
            }
            bytes[offset + 1] = (byte) 0xFF;
            Files.write(log, bytes);
            HdrLogFormatException e = assertThrows(HdrLogFormatException.class, () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
            assertEquals(line, e.line(), e.getMessage());
            assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
        }
    }

    @Test
    void aDoubleHistogramIsRefusedClearly() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistogramLogWriter writer = new HistogramLogWriter(bytes);
        DoubleHistogram h = new DoubleHistogram(3);
        h.recordValue(1.5);
        writer.outputIntervalHistogram(0, 1, h);
        writer.close();
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class,
                () -> reader(bytes.toByteArray(), IntervalFilter.ALL).next());
        assertTrue(e.getMessage().contains("not an integer-valued Histogram (DoubleHistogram)"), e.getMessage());
    }

    @Test
    void filtersRejectBadArguments() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IntervalFilter.ALL.withWindow(5, 2));
        assertTrue(e.getMessage().contains("start 5.0 s and end 2.0 s"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> IntervalFilter.ALL.withWindow(Double.NaN, 2));
        assertThrows(IllegalArgumentException.class, () -> OutputUnit.of(0));
        assertThrows(IllegalArgumentException.class, () -> OutputUnit.of(Double.NaN));
        assertEquals("us", OutputUnit.of(1e3).label());
        assertEquals("ns/2500.0", OutputUnit.of(2500).label());
    }

    private Path taggedLog() throws IOException {
        Path log = Files.createTempFile(dir, "log", ".hlog");
        TestLogs.writeTagged(log, 6, 4, TAGS);
        return log;
    }

    private static HdrLogReader reader(byte[] bytes, IntervalFilter filter) {
        return new HdrLogReader(new ByteArrayInputStream(bytes), "bytes", filter);
    }

    /** @return the 1-based number of the first interval line */
    private static int firstIntervalLine(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("Tag=")) {
                return i + 1;
            }
        }
        throw new AssertionError("no interval line in " + log);
    }

    private static List<String> replaceLine(List<String> lines, int oneBased, UnaryOperator<String> change) {
        List<String> copy = new ArrayList<>(lines);
        copy.set(oneBased - 1, change.apply(copy.get(oneBased - 1)));
        return copy;
    }

    private static void rewrite(Path file, UnaryOperator<List<String>> change) throws IOException {
        Files.write(file, change.apply(Files.readAllLines(file, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
    }
}

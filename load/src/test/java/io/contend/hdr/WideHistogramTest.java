package io.contend.hdr;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Histograms whose header declares a far wider range than their values need, such as
 * {@code Histogram(1, 2^62, 5)} holding a few milliseconds in nanoseconds: HdrHistogram's decoder allocates
 * 49 MB for each. The reader sizes them for their values; the counts, and every number the tools print, stay
 * those of HdrHistogram's own decoding.
 */
class WideHistogramTest {
    /** What one decoded interval may cost: the values' slots at 5 digits, far below the declared 49 MB. */
    private static final int FOOTPRINT_BOUND = 8 << 20;

    @TempDir
    Path dir;

    @Test
    void aWideHistogramCostsWhatItsValuesNeed() throws IOException {
        Path log = dir.resolve("wide.hlog");
        List<Histogram> written = writeWide(log, 50);

        List<HdrInterval> read = HdrLogReader.readAll(log, IntervalFilter.ALL);
        assertEquals(written.size(), read.size());
        TagAccumulator sums = new TagAccumulator();
        for (int i = 0; i < read.size(); i++) {
            Histogram h = read.get(i).histogram();
            assertTrue(h.getEstimatedFootprintInBytes() < FOOTPRINT_BOUND, "interval " + i + ": "
                    + h.getEstimatedFootprintInBytes() + " bytes");
            assertEquals(written.get(i), h, "interval " + i + ": the same counts");
            assertEquals(5, h.getNumberOfSignificantValueDigits());
            assertEquals(statsByHdrHistogram(written.get(i)), LatencyStats.of(h, OutputUnit.MILLISECONDS));
            sums.add(read.get(i));
        }
        Histogram sum = sums.sums().get(0).histogram();
        assertTrue(sum.getEstimatedFootprintInBytes() < FOOTPRINT_BOUND, sum.getEstimatedFootprintInBytes() + " bytes");
        Histogram expected = new Histogram(5);
        written.forEach(expected::add);
        assertEquals(expected, sum);
        assertEquals(statsByHdrHistogram(expected), LatencyStats.of(sum, OutputUnit.MILLISECONDS));
    }

    /** Every precision and a range of lowest values (one just below a power of two): decoded equal to the original. */
    @Test
    void everyShapeDecodesToTheSameCounts() {
        Random random = new Random(5);
        long[] lowests = {1, 2, 3, 1000, 1024, (1L << 20) - 1, 12_345};
        int compact = 0;
        for (int digits = 0; digits <= 5; digits++) {
            for (long lowest : lowests) {
                for (int trial = 0; trial < 4; trial++) {
                    Histogram original = new Histogram(lowest, 1L << 40, digits);
                    long top = lowest * (2 + random.nextInt(1 << (trial * 6)));
                    for (int i = 0, n = 1 + random.nextInt(50); i < n; i++) {
                        original.recordValueWithCount((long) (random.nextDouble() * top), 1 + random.nextInt(1000));
                    }
                    Histogram decoded = CompactHistogramDecoder.decode(payload(original));
                    assertNotNull(decoded, digits + " digits, lowest " + lowest);
                    assertEquals(original, decoded, digits + " digits, lowest " + lowest);
                    OutputUnit asRecorded = OutputUnit.of(1);
                    assertEquals(statsByHdrHistogram(original, asRecorded), LatencyStats.of(decoded, asRecorded));
                    assertTrue(decoded.getHighestTrackableValue() < original.getHighestTrackableValue());
                    compact++;
                }
            }
        }
        assertEquals(6 * lowests.length * 4, compact);
    }

    @Test
    void aHistogramWithoutSpareRangeKeepsItsRange() {
        Histogram tight = new Histogram(3); // auto-resizing: its range is what its values needed
        tight.recordValue(123_456);
        Histogram decoded = CompactHistogramDecoder.decode(payload(tight));
        assertEquals(tight, decoded);
        assertEquals(tight.getHighestTrackableValue(), decoded.getHighestTrackableValue());
        assertEquals(tight.getEstimatedFootprintInBytes(), decoded.getEstimatedFootprintInBytes());
    }

    @Test
    void olderEncodingsAndBadPayloadsAreLeftToHdrHistogram() {
        Histogram h = new Histogram(3);
        h.recordValue(1000);
        java.nio.ByteBuffer uncompressed = java.nio.ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        h.encodeIntoByteBuffer(uncompressed);
        byte[] bytes = java.util.Arrays.copyOf(uncompressed.array(), uncompressed.position());
        assertNull(CompactHistogramDecoder.decode(java.util.Base64.getEncoder().encodeToString(bytes)), "not compressed");
        String good = payload(h);
        assertNull(CompactHistogramDecoder.decode(good.substring(0, good.length() - 8)), "cut short");
        assertNull(CompactHistogramDecoder.decode("not base64!"));
    }

    @Test
    void countsThatOverflowInOneIntervalAreAMalformedLine() throws IOException {
        Histogram h = new Histogram(1, 1L << 62, 3);
        h.recordValueWithCount(1000, Long.MAX_VALUE / 2 + 1);
        h.recordValueWithCount(2000, Long.MAX_VALUE / 2 + 1); // the encoding keeps both counts; their sum wraps
        Path log = dir.resolve("overflow.hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, StandardCharsets.UTF_8)) {
            new HistogramLogWriter(out).outputIntervalHistogram(0, 1, h);
        }
        HdrLogFormatException e = assertThrows(HdrLogFormatException.class,
                () -> HdrLogReader.readAll(log, IntervalFilter.ALL));
        assertTrue(e.getMessage().startsWith(log + ":1: the histogram's total count overflows"), e.getMessage());
    }

    /** LatencyStats in one pass gives HdrHistogram's getters' numbers exactly, whatever the histogram. */
    @Test
    void statsInOnePassAreHdrHistogramsNumbers() {
        Random random = new Random(17);
        Histogram zeros = new Histogram(2);
        zeros.recordValueWithCount(0, 5);
        assertSameStats(zeros);
        assertSameStats(new Histogram(3));
        for (int i = 0; i < 200; i++) {
            long lowest = 1 + random.nextInt(2000);
            Histogram h = new Histogram(lowest, 2 * lowest, random.nextInt(6));
            h.setAutoResize(true);
            for (int v = 0, n = random.nextInt(3000); v < n; v++) {
                h.recordValue((long) Math.exp(random.nextDouble() * 25));
            }
            assertSameStats(h);
        }
    }

    private static void assertSameStats(Histogram h) {
        for (OutputUnit unit : new OutputUnit[]{OutputUnit.MILLISECONDS, OutputUnit.of(1), OutputUnit.of(2500)}) {
            assertEquals(statsByHdrHistogram(h, unit), LatencyStats.of(h, unit), h.getNumberOfSignificantValueDigits()
                    + " digits, lowest " + h.getLowestDiscernibleValue());
        }
    }

    private static LatencyStats statsByHdrHistogram(Histogram h) {
        return statsByHdrHistogram(h, OutputUnit.MILLISECONDS);
    }

    private static LatencyStats statsByHdrHistogram(Histogram h, OutputUnit unit) {
        return new LatencyStats(h.getTotalCount(), unit.scale(h.getMinValue()), unit.scale(h.getMean()),
                unit.scale(h.getValueAtPercentile(50.0)), unit.scale(h.getValueAtPercentile(90.0)),
                unit.scale(h.getValueAtPercentile(99.0)), unit.scale(h.getValueAtPercentile(99.9)),
                unit.scale(h.getValueAtPercentile(99.99)), unit.scale(h.getMaxValue()));
    }

    /** @return the payload HistogramLogWriter writes for the histogram */
    private static String payload(EncodableHistogram h) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HistogramLogWriter writer = new HistogramLogWriter(bytes);
        writer.outputIntervalHistogram(0, 1, h);
        writer.close();
        String line = bytes.toString(StandardCharsets.UTF_8).strip();
        return line.substring(line.lastIndexOf(',') + 1);
    }

    /** @return what was written, each in an auto-resizing copy (holding 50 wide ones would take 2.5 GB) */
    private static List<Histogram> writeWide(Path file, int intervals) throws IOException {
        Random random = new Random(3);
        List<Histogram> written = new ArrayList<>();
        Histogram wide = new Histogram(1, 1L << 62, 5);
        assertTrue(wide.getEstimatedFootprintInBytes() > 40 << 20, "HdrHistogram's own decoding allocates this much");
        wide.setTag("wide-rt");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(TestLogs.START_MS);
            writer.outputBaseTime(TestLogs.START_MS);
            for (int i = 0; i < intervals; i++) {
                wide.reset();
                for (int v = 0; v < 3; v++) {
                    wide.recordValue(1_000_000 + random.nextInt(100_000));
                }
                writer.outputIntervalHistogram(i, i + 1, wide);
                Histogram copy = new Histogram(5);
                copy.add(wide);
                written.add(copy);
            }
        }
        return written;
    }
}

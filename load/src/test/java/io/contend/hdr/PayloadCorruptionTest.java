package io.contend.hdr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One base64 character changed in a payload. HdrHistogram's decoder stops inflating before the
 * zlib check, so some changes decode into different counts without an error. The reader must never return
 * changed counts: each change either leaves the histogram as it was or is a format error naming file and line.
 */
class PayloadCorruptionTest {
    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

    @TempDir
    Path dir;

    @Test
    void noChangedCharacterChangesCountsSilently() throws IOException {
        Path original = dir.resolve("run.hlog");
        TestLogs.writeTagged(original, 11, 1, "sleep-st");
        List<String> lines = Files.readAllLines(original);
        int at = lines.size() - 1; // the one interval line
        String line = lines.get(at);
        int payloadStart = line.lastIndexOf(',') + 1;
        Histogram expected = HdrLogReader.readAll(original, IntervalFilter.ALL).get(0).histogram();

        Path changed = dir.resolve("changed.hlog");
        int silentInHdrHistogram = 0;
        int rejected = 0;
        for (int i = payloadStart + 12; i < line.length() - 4; i++) { // inside the deflate data
            char replacement = BASE64.charAt((BASE64.indexOf(line.charAt(i)) + 17) % 64);
            lines.set(at, line.substring(0, i) + replacement + line.substring(i + 1));
            Files.write(changed, lines);
            if (decodesToOtherCounts(changed, expected)) {
                silentInHdrHistogram++;
            }
            try {
                Histogram read = HdrLogReader.readAll(changed, IntervalFilter.ALL).get(0).histogram();
                assertEquals(expected, read, "character " + i + " changed the counts without an error");
            } catch (HdrLogFormatException e) {
                assertEquals(changed.toString(), e.source());
                assertEquals(at + 1, e.line());
                assertTrue(e.getMessage().startsWith(changed + ":" + (at + 1) + ": "), e.getMessage());
                rejected++;
            }
        }
        assertTrue(silentInHdrHistogram > 0, "the test must include changes HdrHistogram alone accepts");
        assertTrue(rejected >= silentInHdrHistogram, rejected + " rejected, " + silentInHdrHistogram + " silent");
    }

    /** Whether HdrHistogram's own reader returns the line's histogram with other counts, without an error. */
    private static boolean decodesToOtherCounts(Path log, Histogram expected) {
        List<EncodableHistogram> read = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                read.add(h);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return read.size() == 1 && !expected.equals(read.get(0));
    }
}

package io.contend.hdr;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.HdrHistogram.Histogram;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes the log reader with arbitrary bytes: every input either reads as intervals that the tools can use
 * (sane times, non-negative counts, percentiles and the percentile curve computable) or is rejected with an
 * HdrLogFormatException; anything else (an ArrayIndexOutOfBoundsException from the decoder, a
 * NoSuchElementException from the scanner, an IllegalArgumentException) fails the test.
 *
 * <p>{@code mvn verify} replays the inputs under
 * {@code src/test/resources/io/contend/hdr/HdrLogReaderFuzzTestInputs/fuzzRead/} (a valid log, a truncated
 * one, one with a bad base64 character, an untagged one without headers). To fuzz:
 * {@code JAZZER_FUZZ=1 mvn -pl load test -Dtest=HdrLogReaderFuzzTest -Djazzer.max_duration=5m} (after the
 * other modules are built); crashes land in that directory and become regression inputs.
 */
class HdrLogReaderFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void fuzzRead(byte[] data) throws IOException {
        try (HdrLogReader reader = new HdrLogReader(new ByteArrayInputStream(data), "fuzz", IntervalFilter.ALL)) {
            for (HdrInterval interval = reader.next(); interval != null; interval = reader.next()) {
                assertTrue(Double.isFinite(interval.startSeconds()) && interval.endSeconds() >= interval.startSeconds());
                Histogram histogram = interval.histogram();
                assertTrue(histogram.getTotalCount() >= 0);
                assertEquals(histogram.getTotalCount(), LatencyStats.of(histogram, OutputUnit.MILLISECONDS).count());
                PercentileCurve.of(histogram, OutputUnit.MILLISECONDS);
            }
        } catch (HdrLogFormatException rejected) {
            // the only acceptable failure
        }
    }
}

package io.contend.hdr;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.HdrHistogram.Histogram;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzes the log reader with arbitrary bytes: every input either reads as intervals that the tools can use
 * (sane times; stats, percentile curve and every summary format computable) or is rejected with an
 * HdrLogFormatException, or with an HdrLogLimitException when a tag's counts add up to more than a long holds;
 * anything else (an ArrayIndexOutOfBoundsException from the decoder, a
 * NoSuchElementException from the scanner, an IllegalArgumentException) fails the test.
 *
 * <p>{@code mvn verify} replays the inputs under
 * {@code src/test/resources/io/contend/hdr/HdrLogReaderFuzzTestInputs/fuzzRead/} (a valid log, a truncated
 * one, one with a bad base64 character, an untagged one without headers). To fuzz (two minutes):
 * {@code JAZZER_FUZZ=1 mvn -pl load -am test -Dtest=HdrLogReaderFuzzTest -Dsurefire.failIfNoSpecifiedTests=false};
 * {@code JAZZER_INSTRUMENTATION_INCLUDES='org.HdrHistogram.**:io.contend.**'} lets it see HdrHistogram's decoder
 * too. Crashes land in that directory and become regression inputs.
 */
class HdrLogReaderFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void fuzzRead(byte[] data) throws IOException {
        TagAccumulator sums = new TagAccumulator();
        try (HdrLogReader reader = new HdrLogReader(new ByteArrayInputStream(data), "fuzz", IntervalFilter.ALL)) {
            reader.forEachRemaining(interval -> {
                assertTrue(Double.isFinite(interval.startSeconds()) && interval.endSeconds() >= interval.startSeconds());
                Histogram histogram = interval.histogram();
                assertTrue(histogram.getTotalCount() >= 0);
                assertEquals(histogram.getTotalCount(), LatencyStats.of(histogram, OutputUnit.MILLISECONDS).count());
                PercentileCurve.of(histogram, OutputUnit.MILLISECONDS);
                sums.add(interval);
            });
        } catch (HdrLogFormatException | HdrLogLimitException rejected) {
            return; // the only acceptable failures
        }
        // What summarize does with what was read.
        List<LogSummary> summary = List.of(new LogSummary("fuzz", sums.sums()));
        for (SummaryFormat format : SummaryFormat.values()) {
            format.render(summary, OutputUnit.MILLISECONDS);
        }
    }
}

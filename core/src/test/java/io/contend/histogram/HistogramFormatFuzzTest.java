package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzzes the deserializer. Every input either reads as a histogram whose encoding is exactly the input (the
 * format is canonical and fully validated) or is rejected with a HistogramFormatException; anything else (an
 * ArrayIndexOutOfBoundsException, an OutOfMemoryError from an absurd allocation, a NegativeArraySizeException)
 * fails the test.
 *
 * <p>{@code mvn verify} runs it in Jazzer's regression mode: the inputs under
 * {@code src/test/resources/io/contend/histogram/HistogramFormatFuzzTestInputs/fuzzDeserialize/} (valid,
 * truncated, corrupted and hostile encodings) plus an empty input. To fuzz, run with {@code JAZZER_FUZZ=1}, e.g.
 * {@code JAZZER_FUZZ=1 mvn -pl core test -Dtest=HistogramFormatFuzzTest -Djazzer.max_duration=5m}; crashes land
 * in that directory and become regression inputs.
 */
class HistogramFormatFuzzTest {

    @FuzzTest(maxDuration = "2m")
    void fuzzDeserialize(byte[] data) {
        StreamingHistogram histogram;
        try {
            histogram = HistogramFormat.fromByteArray(data);
        } catch (HistogramFormatException rejected) {
            return;
        }
        assertArrayEquals(data, HistogramFormat.toByteArray(histogram));
    }
}

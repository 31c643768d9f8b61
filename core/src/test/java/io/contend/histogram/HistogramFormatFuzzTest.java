package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;

/**
 * Fuzzes the deserializer. Every input either reads as a histogram or is rejected with a
 * HistogramFormatException; anything else (an ArrayIndexOutOfBoundsException, an OutOfMemoryError from an absurd
 * allocation, a NegativeArraySizeException) fails the test. A version 2 input that reads is exactly the encoding
 * of what it read (the format is canonical and fully validated); a version 1 input is re-encoded as version 2,
 * which reads back as the same histogram. The same bytes read through a ByteBuffer give the same answer.
 *
 * <p>{@code mvn verify} runs it in Jazzer's regression mode: the inputs under
 * {@code src/test/resources/io/contend/histogram/HistogramFormatFuzzTestInputs/fuzzDeserialize/} (valid,
 * truncated, corrupted and hostile encodings, in versions 1 and 2) plus an empty input. To fuzz, run with {@code JAZZER_FUZZ=1}, e.g.
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
            assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteBuffer(ByteBuffer.wrap(data)));
            return;
        }
        byte[] encoded = HistogramFormat.toByteArray(histogram);
        if (data[3] == HistogramFormat.VERSION) {
            assertArrayEquals(data, encoded);
        } else {
            assertEquals(histogram, HistogramFormat.fromByteArray(encoded));
        }
        assertEquals(histogram, HistogramFormat.read(ByteBuffer.wrap(data)));
    }
}

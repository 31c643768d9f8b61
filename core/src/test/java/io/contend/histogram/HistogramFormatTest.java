package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HistogramFormatTest {

    static StreamingHistogram sample() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(20, 100, 1);
        Random r = new Random(9);
        for (int i = 0; i < 5000; i++) {
            b.update(r.nextInt(100_000) - 50_000, 1 + r.nextInt(3));
        }
        b.update(Long.MIN_VALUE);
        b.update(Long.MAX_VALUE, Long.MAX_VALUE);
        return b.build();
    }

    @Test
    void roundTripsExactly() throws IOException {
        for (StreamingHistogram h : new StreamingHistogram[] {sample(), StreamingHistogram.empty(3)}) {
            byte[] bytes = HistogramFormat.toByteArray(h);
            StreamingHistogram read = HistogramFormat.fromByteArray(bytes);
            assertEquals(h, read);
            assertArrayEquals(bytes, HistogramFormat.toByteArray(read), "the encoding is canonical");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            HistogramFormat.write(h, new DataOutputStream(out));
            HistogramFormat.write(h, new DataOutputStream(out));
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(out.toByteArray()));
            assertEquals(h, HistogramFormat.read(in));
            assertEquals(h, HistogramFormat.read(in));
        }
    }

    @Test
    void everyTruncationIsRejectedClearly() {
        byte[] bytes = HistogramFormat.toByteArray(sample());
        for (int length = 0; length < bytes.length; length++) {
            byte[] cut = Arrays.copyOf(bytes, length);
            assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteArray(cut), "length " + length);
        }
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteArray(longer));
    }

    @Test
    void everySingleByteCorruptionIsRejected() {
        byte[] bytes = HistogramFormat.toByteArray(sample());
        for (int i = 0; i < bytes.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] bad = bytes.clone();
                bad[i] ^= (byte) (1 << bit);
                int at = i;
                assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteArray(bad), "byte " + at);
            }
        }
    }

    @Test
    void messagesNameTheProblem() {
        assertMessage("not a contend histogram", new byte[] {'X', 'S', 'H', 1, 0, 0, 0, 0, 0, 0, 0});
        assertMessage("unsupported version 2", new byte[] {'C', 'S', 'H', 2, 0, 0, 0, 0, 0, 0, 0});
        assertMessage("truncated: 3 bytes", new byte[] {'C', 'S', 'H'});
        byte[] bytes = HistogramFormat.toByteArray(sample());
        bytes[bytes.length - 1] ^= 1;
        assertMessage("checksum mismatch", bytes);
    }

    private static void assertMessage(String expected, byte[] bytes) {
        String message = assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteArray(bytes)).getMessage();
        assertTrue(message.contains(expected), () -> "'" + message + "' does not contain '" + expected + "'");
    }

    @Test
    void streamLengthIsBoundedBeforeAllocating() {
        byte[] huge = {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        String message = assertThrows(HistogramFormatException.class,
                () -> HistogramFormat.read(new DataInputStream(new ByteArrayInputStream(huge)))).getMessage();
        assertTrue(message.startsWith("length 2147483647 is out of range"), message);
        byte[] shortStream = {0, 0, 0, 50, 'C', 'S'};
        assertThrows(HistogramFormatException.class,
                () -> HistogramFormat.read(new DataInputStream(new ByteArrayInputStream(shortStream))));
    }
}

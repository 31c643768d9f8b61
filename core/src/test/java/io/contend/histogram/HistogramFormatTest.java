package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
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
        assertMessage("unsupported version 3 (this reader knows 1 to 2)", new byte[] {'C', 'S', 'H', 3, 0, 0, 0, 0, 0, 0, 0});
        assertMessage("unsupported version 0", new byte[] {'C', 'S', 'H', 0, 0, 0, 0, 0, 0, 0, 0});
        assertMessage("truncated: 3 bytes", new byte[] {'C', 'S', 'H'});
        byte[] bytes = HistogramFormat.toByteArray(sample());
        bytes[bytes.length - 1] ^= 1;
        assertMessage("checksum mismatch", bytes);
    }

    private static void assertMessage(String expected, byte[] bytes) {
        assertMessage(expected, () -> HistogramFormat.fromByteArray(bytes));
    }

    private static void assertMessage(String expected, org.junit.jupiter.api.function.Executable read) {
        String message = assertThrows(HistogramFormatException.class, read).getMessage();
        assertTrue(message.contains(expected), () -> "'" + message + "' does not contain '" + expected + "'");
    }

    /** Version 1 (points in plain units) is still read; it is written back as version 2. */
    @Test
    void readsVersionOne() {
        for (StreamingHistogram h : new StreamingHistogram[] {sample(), rounded(), StreamingHistogram.empty(3)}) {
            byte[] v1 = versionOne(h);
            StreamingHistogram read = HistogramFormat.fromByteArray(v1);
            assertEquals(h, read);
            byte[] v2 = HistogramFormat.toByteArray(read);
            assertEquals(2, v2[3]);
            assertEquals(h, HistogramFormat.fromByteArray(v2));
        }
        byte[] offGrid = versionOne(rounded());
        offGrid[9] ^= 2; // the first point's varint: no longer a multiple of 60
        fixChecksum(offGrid);
        assertMessage("is not a multiple of roundTo 60", offGrid);
    }

    /** Version 2 counts points in units of roundTo: a histogram rounded to 60 s takes less than in version 1. */
    @Test
    void versionTwoIsSmallerWithRounding() {
        StreamingHistogram h = rounded();
        assertTrue(HistogramFormat.toByteArray(h).length < versionOne(h).length - h.size() / 2,
                HistogramFormat.toByteArray(h).length + " vs " + versionOne(h).length);
        assertEquals(HistogramFormat.toByteArray(h).length, HistogramFormat.serializedSize(h));
        assertEquals(HistogramFormat.toByteArray(sample()).length, HistogramFormat.serializedSize(sample()));
    }

    @Test
    void byteBuffersReadAndWriteAtTheirPosition() {
        StreamingHistogram a = sample();
        StreamingHistogram b = rounded();
        for (ByteBuffer buffer : new ByteBuffer[] {ByteBuffer.allocate(10_000), ByteBuffer.allocateDirect(10_000)}) {
            buffer.put((byte) 42);
            HistogramFormat.write(a, buffer);
            HistogramFormat.write(b, buffer);
            buffer.put((byte) 43);
            buffer.flip();
            assertEquals(42, buffer.get());
            assertEquals(a, HistogramFormat.read(buffer));
            int before = buffer.position();
            assertEquals(before - 1, HistogramFormat.serializedSize(a));
            assertEquals(b, HistogramFormat.read(buffer));
            assertEquals(43, buffer.get());
            assertFalse(buffer.hasRemaining());
        }
        ByteBuffer exact = ByteBuffer.wrap(HistogramFormat.toByteArray(a));
        assertEquals(a, HistogramFormat.fromByteBuffer(exact));
        assertFalse(exact.hasRemaining());
    }

    @Test
    void byteBufferFailuresLeaveThePositionAlone() {
        byte[] bytes = HistogramFormat.toByteArray(sample());
        ByteBuffer longer = ByteBuffer.allocate(bytes.length + 3).put(bytes).put(new byte[3]).flip();
        assertMessage("3 unexpected bytes after the checksum at offset " + bytes.length, () -> HistogramFormat.fromByteBuffer(longer));
        assertEquals(0, longer.position());
        ByteBuffer cut = ByteBuffer.wrap(bytes, 0, bytes.length - 1);
        assertThrows(HistogramFormatException.class, () -> HistogramFormat.read(cut));
        assertEquals(0, cut.position());
        ByteBuffer small = ByteBuffer.allocate(bytes.length - 1);
        assertThrows(BufferOverflowException.class, () -> HistogramFormat.write(sample(), small));
        assertEquals(0, small.position(), "nothing written");
    }

    /** Unchecked: a caller that cannot recover is not made to declare it; one that can catches it by name. */
    @Test
    void formatErrorsAreUncheckedIllegalArguments() {
        HistogramFormatException e = assertThrows(HistogramFormatException.class, () -> HistogramFormat.fromByteArray(new byte[3]));
        assertTrue(e instanceof IllegalArgumentException);
    }

    static StreamingHistogram rounded() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(100, 1000, 60);
        Random r = new Random(60);
        for (int i = 0; i < 100_000; i++) {
            b.update(1_700_000_000L + r.nextInt(86_400));
        }
        return b.build();
    }

    /** Version 1, written as it was: points and gaps in plain units. */
    static byte[] versionOne(StreamingHistogram h) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes(new byte[] {'C', 'S', 'H', 1});
        varlong(out, h.maxBins());
        varlong(out, h.roundTo());
        varlong(out, h.size());
        for (int i = 0; i < h.size(); i++) {
            long p = h.pointAt(i);
            varlong(out, i == 0 ? (p << 1) ^ (p >> 63) : p - h.pointAt(i - 1));
        }
        for (int i = 0; i < h.size(); i++) {
            varlong(out, h.countAt(i));
        }
        out.writeBytes(new byte[4]);
        byte[] bytes = out.toByteArray();
        fixChecksum(bytes);
        return bytes;
    }

    private static void varlong(java.io.ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static void fixChecksum(byte[] bytes) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        ByteBuffer.wrap(bytes, bytes.length - 4, 4).putInt((int) crc.getValue());
    }

    @Test
    void streamLengthIsBoundedBeforeAllocating() {
        byte[] huge = {0x7F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        String message = assertThrows(HistogramFormatException.class,
                () -> HistogramFormat.read(new DataInputStream(new ByteArrayInputStream(huge)))).getMessage();
        assertTrue(message.startsWith("length 2147483647 is out of range"), message);
        byte[] shortStream = {0, 0, 0, 50, 'C', 'S'};
        HistogramFormatException truncated = assertThrows(HistogramFormatException.class,
                () -> HistogramFormat.read(new DataInputStream(new ByteArrayInputStream(shortStream))));
        assertTrue(truncated.getCause() instanceof java.io.EOFException, String.valueOf(truncated.getCause()));
    }

    @Test
    void nullArgumentsAreNamed() {
        StreamingHistogram h = StreamingHistogram.empty(4);
        assertEquals("histogram", assertThrows(NullPointerException.class, () -> HistogramFormat.toByteArray(null))
                .getMessage());
        assertEquals("histogram", assertThrows(NullPointerException.class,
                () -> HistogramFormat.serializedSize(null)).getMessage());
        assertEquals("bytes", assertThrows(NullPointerException.class,
                () -> HistogramFormat.fromByteArray(null)).getMessage());
        assertEquals("in", assertThrows(NullPointerException.class,
                () -> HistogramFormat.fromByteBuffer(null)).getMessage());
        assertEquals("out", assertThrows(NullPointerException.class,
                () -> HistogramFormat.write(h, (ByteBuffer) null)).getMessage());
        assertEquals("other", assertThrows(NullPointerException.class, () -> h.merge(null)).getMessage());
        assertEquals("other", assertThrows(NullPointerException.class, () -> h.merge(null, 5)).getMessage());
        assertEquals("consumer", assertThrows(NullPointerException.class, () -> h.forEach(null)).getMessage());
    }
}

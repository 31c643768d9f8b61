package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChunkedBytesTest {
    private static final int CHUNK = ChunkedBytes.CHUNK_BYTES;

    /** Pieces of lengths around the chunk size land across chunk boundaries; each reads back as written. */
    @Test
    void piecesAcrossChunkBoundariesReadBackAndChecksumAsOneFlatArray() {
        Random random = new Random(42);
        int[] lengths = {0, 1, CHUNK - 1, 2, CHUNK, CHUNK + 1, 3 * CHUNK + 17, 0, 5, 1 << 20};
        ChunkedBytes bytes = new ChunkedBytes();
        ByteArrayOutputStream flat = new ByteArrayOutputStream();
        long[] starts = new long[lengths.length];
        byte[][] pieces = new byte[lengths.length][];
        for (int i = 0; i < lengths.length; i++) {
            pieces[i] = new byte[lengths[i]];
            random.nextBytes(pieces[i]);
            byte[] padded = new byte[lengths[i] + 7];
            System.arraycopy(pieces[i], 0, padded, 3, lengths[i]);
            starts[i] = bytes.append(ByteBuffer.wrap(padded), 3, lengths[i]);
            assertEquals(flat.size(), starts[i], "piece " + i + " starts where the last ended");
            flat.writeBytes(pieces[i]);
        }
        bytes.trim();
        assertEquals(flat.size(), bytes.length());
        byte[] all = flat.toByteArray();
        for (int i = 0; i < lengths.length; i++) {
            assertArrayEquals(pieces[i], bytes.copy(starts[i], lengths[i]), "piece " + i);
            CRC32C expected = new CRC32C();
            expected.update(pieces[i]);
            CRC32C actual = new CRC32C();
            bytes.update(actual, starts[i], lengths[i]);
            assertEquals(expected.getValue(), actual.getValue(), "checksum of piece " + i);
        }
        assertArrayEquals(Arrays.copyOfRange(all, CHUNK - 5, 2 * CHUNK + 9), bytes.copy(CHUNK - 5, CHUNK + 14));
    }

    @Test
    void aRangeOfAnotherRunIsCopiedAcrossBoundariesOfBoth() {
        ChunkedBytes source = new ChunkedBytes();
        byte[] data = new byte[3 * CHUNK];
        new Random(7).nextBytes(data);
        source.append(ByteBuffer.wrap(data), 0, data.length);
        ChunkedBytes target = new ChunkedBytes();
        target.append(ByteBuffer.wrap(data), 0, 100); // so the copy starts mid-chunk in the target too
        long at = target.append(source, CHUNK - 50, 2 * CHUNK);
        assertEquals(100, at);
        assertArrayEquals(Arrays.copyOfRange(data, CHUNK - 50, 3 * CHUNK - 50), target.copy(100, 2 * CHUNK));
    }

    @Test
    void aSmallRunKeepsNoWholeChunkOnceTrimmedAndTakesNoMoreBytes() {
        ChunkedBytes bytes = new ChunkedBytes();
        bytes.append(ByteBuffer.wrap(new byte[] {1, 2, 3}), 0, 3);
        bytes.trim();
        assertEquals(3, bytes.chunkHolding(0).length);
        assertThrows(IllegalStateException.class, () -> bytes.append(ByteBuffer.wrap(new byte[1]), 0, 1));
        new ChunkedBytes().trim(); // an empty run trims to nothing
    }

    @Test
    void aRangeBeyondTheBytesIsRefusedWithItsBounds() {
        ChunkedBytes bytes = new ChunkedBytes();
        bytes.append(ByteBuffer.wrap(new byte[10]), 0, 10);
        IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> bytes.copy(5, 6));
        assertTrue(e.getMessage().contains("[5, 11) of 10"), e::getMessage);
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.copy(-1, 1));
        assertThrows(IndexOutOfBoundsException.class, () -> bytes.update(new CRC32C(), 0, 11));
    }
}

package io.contend.writepath;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * An append-only run of bytes kept in chunks of {@value #CHUNK_BYTES} bytes, addressed by a long position: what a
 * {@link Segment} keeps its values in.
 *
 * <p>Why chunks: one growing array doubles, so a flush of d bytes held up to 2d for the array plus d for the old
 * one while it was copied, and d more for the exact copy at the end. It also needs one contiguous run of heap:
 * G1 places every array larger than half a heap region in contiguous regions of its own, and before JDK 21 no
 * collection moves them (JDK-8191565 lets the last-ditch full collection do so), so a heap with free space in
 * pieces can still refuse a large array. A chunk is at most 256 KiB, under G1's threshold for the smallest region
 * (1 MiB), so appending d bytes takes d bytes, allocated a chunk at a time, and never copies.
 *
 * <p>Not thread-safe while appending; a segment publishes its chunks only after the last append (see Segment).
 */
final class ChunkedBytes {
    /** Bytes per chunk: under half of G1's smallest region, so no chunk is a humongous object. */
    static final int CHUNK_BYTES = 256 << 10;

    private final List<byte[]> chunks = new ArrayList<>();
    private long length;
    private boolean trimmed;

    /** @return bytes appended so far */
    long length() {
        return length;
    }

    /**
     * Appends bytes from a buffer (its position and limit are ignored).
     *
     * @return the position of the first appended byte
     */
    long append(ByteBuffer source, int offset, int length) {
        return append(length, (done, chunk, at, n) -> source.get(offset + done, chunk, at, n));
    }

    /**
     * Appends a range of another run.
     *
     * @return the position of the first appended byte
     */
    long append(ChunkedBytes source, long from, int length) {
        return append(length, (done, chunk, at, n) -> source.copyTo(from + done, chunk, at, n));
    }

    /** One piece of a range that lies in one chunk: bytes [done, done + n) of the range, at chunk[at]. */
    private interface Piece {
        void piece(int done, byte[] chunk, int at, int n);
    }

    private long append(int length, Piece fill) {
        long start = this.length;
        int done = 0;
        while (done < length) {
            byte[] chunk = room();
            int at = (int) (this.length % CHUNK_BYTES);
            int n = Math.min(length - done, chunk.length - at);
            fill.piece(done, chunk, at, n);
            done += n;
            this.length += n;
        }
        return start;
    }

    /** The chunk the next byte goes to, added when the last one is full. */
    private byte[] room() {
        if (trimmed) {
            throw new IllegalStateException("appended after trim: " + this);
        }
        if (length == (long) chunks.size() * CHUNK_BYTES) {
            chunks.add(new byte[CHUNK_BYTES]);
        }
        return chunks.get(chunks.size() - 1);
    }

    /**
     * Trims the last chunk to the bytes it holds, so that a small run does not keep a whole chunk. Ends the
     * appends: one after this throws.
     */
    void trim() {
        trimmed = true;
        int used = (int) (length - (long) (chunks.size() - 1) * CHUNK_BYTES);
        if (!chunks.isEmpty() && used < CHUNK_BYTES) {
            chunks.set(chunks.size() - 1, Arrays.copyOf(chunks.get(chunks.size() - 1), used));
        }
    }

    /** @return a new array holding bytes [from, from + length) */
    byte[] copy(long from, int length) {
        byte[] out = new byte[length];
        copyTo(from, out, 0, length);
        return out;
    }

    private void copyTo(long from, byte[] target, int offset, int length) {
        read(from, length, (done, chunk, at, n) -> System.arraycopy(chunk, at, target, offset + done, n));
    }

    /** Adds bytes [from, from + length) to a checksum. */
    void update(CRC32C crc, long from, int length) {
        read(from, length, (done, chunk, at, n) -> crc.update(chunk, at, n));
    }

    /** Hands bytes [from, from + length) to {@code visit} a chunk's piece at a time. */
    private void read(long from, int length, Piece visit) {
        checkRange(from, length);
        int done = 0;
        while (done < length) {
            long position = from + done;
            byte[] chunk = chunks.get((int) (position / CHUNK_BYTES));
            int at = (int) (position % CHUNK_BYTES);
            int n = Math.min(length - done, chunk.length - at);
            visit.piece(done, chunk, at, n);
            done += n;
        }
    }

    private void checkRange(long from, int length) {
        if (from < 0 || length < 0 || from + length > this.length) {
            throw new IndexOutOfBoundsException("bytes [" + from + ", " + (from + length) + ") of " + this.length);
        }
    }

    /** For tests that corrupt a stored byte. */
    byte[] chunkHolding(long position) {
        checkRange(position, 1);
        return chunks.get((int) (position / CHUNK_BYTES));
    }

    @Override
    public String toString() {
        return "ChunkedBytes[" + length + " bytes in " + chunks.size() + " chunks]";
    }
}

package io.contend.histogram;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.util.zip.CRC32C;

/**
 * The binary format of a {@link StreamingHistogram}, version 1, compact and validated:
 *
 * <pre>
 *   "CSH" 0x01                  magic and version (4 bytes)
 *   varint  maxBins              1 .. StreamingHistogramBuilder.MAX_BINS
 *   varlong roundTo              at least 1
 *   varint  bins                 0 .. maxBins
 *   zigzag varlong first point   then bins - 1 unsigned varlong gaps to the next point (each at least 1)
 *   varlong count                per bin, at least 1
 *   int     CRC32C               of every byte before it, big-endian
 * </pre>
 *
 * Varints are LEB128 (7 bits per byte, low first, at most 5 or 10 bytes, no padding bytes). Reading checks
 * everything: magic, version, every range, that points increase without overflow and are multiples of
 * roundTo, that nothing follows the checksum, and the checksum itself. Bad input gets a
 * {@link HistogramFormatException} naming what is wrong and the byte offset, never an
 * ArrayIndexOutOfBoundsException, and nothing is allocated beyond what the input's own length and maxBins
 * justify.
 */
public final class HistogramFormat {
    /** Format version written. */
    public static final int VERSION = 1;
    private static final byte[] MAGIC = {'C', 'S', 'H'};
    /** Largest encoding: header, 3 varints, and 20 bytes per bin. */
    public static final int MAX_SERIALIZED_SIZE = 4 + 5 + 10 + 5 + 20 * StreamingHistogramBuilder.MAX_BINS + 4;

    private HistogramFormat() {
    }

    /** @return the histogram in this format */
    public static byte[] toByteArray(StreamingHistogram histogram) {
        int n = histogram.size();
        Writer w = new Writer(4 + 20 + 20 * n + 4);
        for (byte b : MAGIC) {
            w.put(b);
        }
        w.put((byte) VERSION);
        w.varlong(histogram.maxBins());
        w.varlong(histogram.roundTo());
        w.varlong(n);
        for (int i = 0; i < n; i++) {
            long p = histogram.pointAt(i);
            w.varlong(i == 0 ? (p << 1) ^ (p >> 63) : p - histogram.pointAt(i - 1));
        }
        for (int i = 0; i < n; i++) {
            w.varlong(histogram.countAt(i));
        }
        CRC32C crc = new CRC32C();
        crc.update(w.bytes, 0, w.size);
        w.int32((int) crc.getValue());
        return w.bytes.length == w.size ? w.bytes : java.util.Arrays.copyOf(w.bytes, w.size);
    }

    /**
     * Reads a histogram from exactly the given bytes.
     *
     * @throws HistogramFormatException if the bytes are not one valid version-1 histogram
     */
    public static StreamingHistogram fromByteArray(byte[] bytes) throws HistogramFormatException {
        return fromByteArray(bytes, 0, bytes.length);
    }

    /**
     * Reads a histogram from exactly bytes[offset, offset + length).
     *
     * @throws HistogramFormatException if the range is not one valid version-1 histogram
     * @throws IndexOutOfBoundsException if the range is not inside the array
     */
    public static StreamingHistogram fromByteArray(byte[] bytes, int offset, int length) throws HistogramFormatException {
        java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
        Reader r = new Reader(bytes, offset, length);
        if (length < MAGIC.length + 1 + 4) {
            throw new HistogramFormatException("truncated: " + length + " bytes, a histogram takes at least 11");
        }
        for (byte b : MAGIC) {
            if (r.get() != b) {
                throw new HistogramFormatException("not a contend histogram: bad magic at offset " + (r.pos - 1));
            }
        }
        int version = r.get() & 0xFF;
        if (version != VERSION) {
            throw new HistogramFormatException("unsupported version " + version + " (this reader knows " + VERSION + ")");
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length - 4);
        int stored = ((bytes[offset + length - 4] & 0xFF) << 24) | ((bytes[offset + length - 3] & 0xFF) << 16)
                | ((bytes[offset + length - 2] & 0xFF) << 8) | (bytes[offset + length - 1] & 0xFF);
        if (stored != (int) crc.getValue()) {
            throw new HistogramFormatException("corrupted: checksum mismatch (stored " + Integer.toHexString(stored)
                    + ", computed " + Long.toHexString(crc.getValue()) + ")");
        }
        r.end = offset + length - 4; // the body ends at the checksum
        int maxBins = (int) r.range("maxBins", r.varlong(), 1, StreamingHistogramBuilder.MAX_BINS);
        long roundTo = r.range("roundTo", r.varlong(), 1, Long.MAX_VALUE);
        int n = (int) r.range("bins", r.varlong(), 0, maxBins);
        if (n > r.remaining() / 2) { // every bin takes at least 2 bytes: refuse before allocating
            throw new HistogramFormatException("truncated: " + n + " bins announced, " + r.remaining() + " bytes left");
        }
        long[] points = new long[n];
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            int at = r.pos;
            long v = r.varlong();
            if (i == 0) {
                points[0] = (v >>> 1) ^ -(v & 1);
            } else {
                long room = Long.MAX_VALUE - points[i - 1]; // unsigned: up to 2^64 - 1
                if (v == 0 || Long.compareUnsigned(v, room) > 0) {
                    throw new HistogramFormatException("gap " + Long.toUnsignedString(v) + " at offset " + at
                            + " must be in [1, " + Long.toUnsignedString(room) + "]: points increase and fit in a long");
                }
                points[i] = points[i - 1] + v;
            }
            if (Math.floorMod(points[i], roundTo) != 0) {
                throw new HistogramFormatException("point " + points[i] + " at offset " + at
                        + " is not a multiple of roundTo " + roundTo);
            }
        }
        for (int i = 0; i < n; i++) {
            int at = r.pos;
            counts[i] = r.varlong();
            if (counts[i] < 1) {
                throw new HistogramFormatException("count " + Long.toUnsignedString(counts[i]) + " at offset " + at
                        + " must be in [1, " + Long.MAX_VALUE + "]");
            }
        }
        if (r.remaining() != 0) {
            throw new HistogramFormatException(r.remaining() + " unexpected bytes before the checksum at offset " + r.pos);
        }
        return new StreamingHistogram(points, counts, n, maxBins, roundTo);
    }

    /** Writes the histogram as an int length followed by {@link #toByteArray}. */
    public static void write(StreamingHistogram histogram, DataOutput out) throws IOException {
        byte[] bytes = toByteArray(histogram);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /**
     * Reads what {@link #write} wrote.
     *
     * @throws HistogramFormatException if the length is out of range, the stream ends early or the bytes are
     *         not a valid histogram
     * @throws IOException if the stream fails
     */
    public static StreamingHistogram read(DataInput in) throws IOException {
        int length;
        byte[] bytes;
        try {
            length = in.readInt();
            if (length < 0 || length > MAX_SERIALIZED_SIZE) {
                throw new HistogramFormatException("length " + length + " is out of range [0, " + MAX_SERIALIZED_SIZE + "]");
            }
            bytes = new byte[length];
            in.readFully(bytes);
        } catch (EOFException e) {
            throw new HistogramFormatException("truncated: the stream ended inside a histogram");
        }
        return fromByteArray(bytes);
    }

    private static final class Writer {
        byte[] bytes;
        int size;

        Writer(int capacity) {
            bytes = new byte[capacity];
        }

        void put(byte b) {
            if (size == bytes.length) {
                bytes = java.util.Arrays.copyOf(bytes, 2 * size + 16);
            }
            bytes[size++] = b;
        }

        void varlong(long v) {
            while ((v & ~0x7FL) != 0) {
                put((byte) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            put((byte) v);
        }

        void int32(int v) {
            put((byte) (v >>> 24));
            put((byte) (v >>> 16));
            put((byte) (v >>> 8));
            put((byte) v);
        }
    }

    private static final class Reader {
        final byte[] bytes;
        int pos;
        int end;

        Reader(byte[] bytes, int offset, int length) {
            this.bytes = bytes;
            this.pos = offset;
            this.end = offset + length;
        }

        int remaining() {
            return end - pos;
        }

        byte get() throws HistogramFormatException {
            if (pos >= end) {
                throw new HistogramFormatException("truncated at offset " + pos);
            }
            return bytes[pos++];
        }

        /** An unsigned LEB128 value of at most 10 bytes, without redundant trailing zero bytes. */
        long varlong() throws HistogramFormatException {
            int start = pos;
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = get();
                if (shift == 63 && (b & 0xFE) != 0) {
                    throw new HistogramFormatException("varint at offset " + start + " does not fit in 64 bits");
                }
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    if (b == 0 && shift > 0) {
                        throw new HistogramFormatException("varint at offset " + start + " has a redundant zero byte");
                    }
                    return value;
                }
            }
            throw new HistogramFormatException("varint at offset " + start + " is longer than 10 bytes");
        }

        long range(String name, long value, long min, long max) throws HistogramFormatException {
            if (value < min || value > max) {
                throw new HistogramFormatException(name + " " + Long.toUnsignedString(value) + " at offset before "
                        + pos + " must be in [" + min + ", " + max + "]");
            }
            return value;
        }
    }
}

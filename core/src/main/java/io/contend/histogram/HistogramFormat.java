package io.contend.histogram;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The binary format of a {@link StreamingHistogram}, compact and validated. Version 2, written by this release:
 *
 * <pre>
 *   "CSH" 0x02                  magic and version (4 bytes)
 *   varint  maxBins              1 .. StreamingHistogramBuilder.MAX_BINS
 *   varlong roundTo              at least 1
 *   varint  bins                 0 .. maxBins
 *   zigzag varlong first point / roundTo, then bins - 1 unsigned varlong gaps / roundTo to the next point (each
 *                                at least 1)
 *   varlong count                per bin, at least 1
 *   int     CRC32C               of every byte before it, big-endian
 * </pre>
 *
 * Version 1 had the same layout with points and gaps in plain units (so each had to be checked to be a multiple of
 * roundTo). Version 2 counts them in units of roundTo: every point is on the grid by construction, and a histogram
 * rounded to 60 s takes about a byte less per bin. It came with the size-bounded merge rule
 * ({@link StreamingHistogramBuilder}); the bins mean the same in both (a point and its count), so version 1 is still read, and written back as version 2.
 *
 * <p>Varints are LEB128 (7 bits per byte, low first, at most 5 or 10 bytes, no padding bytes). Reading checks
 * everything: magic, version, every range, that points increase without overflow, that nothing follows the
 * checksum where the input's extent is given, and the checksum itself. Bad input gets a
 * {@link HistogramFormatException} (unchecked) naming what is wrong and the byte offset, never an
 * ArrayIndexOutOfBoundsException, and nothing is allocated beyond what the input's own length and maxBins
 * justify.
 */
public final class HistogramFormat {
    /** Format version written. */
    public static final int VERSION = 2;
    /** The oldest version read. */
    public static final int OLDEST_READ_VERSION = 1;
    /** Largest encoding: header, 3 varints, and 20 bytes per bin. */
    public static final int MAX_SERIALIZED_SIZE = 4 + 5 + 10 + 5 + 20 * StreamingHistogramBuilder.MAX_BINS + 4;

    private HistogramFormat() {
    }

    /**
     * @param histogram the histogram to encode
     * @return the histogram in this format
     */
    public static byte[] toByteArray(StreamingHistogram histogram) {
        Objects.requireNonNull(histogram, "histogram");
        return FormatWriter.encode(histogram);
    }

    /**
     * @param histogram the histogram to measure
     * @return the length of {@link #toByteArray}'s result, without encoding
     */
    public static int serializedSize(StreamingHistogram histogram) {
        Objects.requireNonNull(histogram, "histogram");
        return FormatWriter.size(histogram);
    }

    /**
     * Puts the histogram's encoding (as {@link #toByteArray}) at the buffer's position and advances it.
     *
     * @param histogram the histogram to encode
     * @param out where to put it
     * @throws java.nio.BufferOverflowException if the buffer has fewer than {@link #serializedSize} bytes
     *         remaining; then nothing is written
     */
    public static void write(StreamingHistogram histogram, ByteBuffer out) {
        Objects.requireNonNull(out, "out");
        out.put(toByteArray(histogram));
    }

    /**
     * Reads a histogram from exactly the given bytes.
     *
     * @param bytes one encoded histogram, version 1 or 2
     * @return the histogram
     * @throws HistogramFormatException if the bytes are not one valid histogram
     */
    public static StreamingHistogram fromByteArray(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        return fromByteArray(bytes, 0, bytes.length);
    }

    /**
     * Reads a histogram from exactly bytes[offset, offset + length).
     *
     * @param bytes holds one encoded histogram, version 1 or 2, in the range
     * @param offset where it starts
     * @param length how long it is
     * @return the histogram
     * @throws HistogramFormatException if the range is not one valid histogram
     * @throws IndexOutOfBoundsException if the range is not inside the array
     */
    public static StreamingHistogram fromByteArray(byte[] bytes, int offset, int length) {
        Objects.requireNonNull(bytes, "bytes");
        Objects.checkFromIndexSize(offset, length, bytes.length);
        return fromByteBuffer(ByteBuffer.wrap(bytes, offset, length));
    }

    /**
     * Reads a histogram from exactly the buffer's remaining bytes and advances its position to its limit.
     *
     * @param in holds one encoded histogram, version 1 or 2, from its position to its limit
     * @return the histogram
     * @throws HistogramFormatException if the remaining bytes are not one valid histogram; the position is then
     *         unchanged
     */
    public static StreamingHistogram fromByteBuffer(ByteBuffer in) {
        Objects.requireNonNull(in, "in");
        FormatReader reader = new FormatReader(in);
        StreamingHistogram histogram = reader.histogram();
        reader.requireEnd();
        in.position(in.limit());
        return histogram;
    }

    /**
     * Reads one histogram at the buffer's position, which may be followed by other data: the encoding says
     * where it ends. Advances the position past it.
     *
     * @param in holds an encoded histogram, version 1 or 2, at its position
     * @return the histogram
     * @throws HistogramFormatException if the bytes at the position are not a valid histogram; the position is
     *         then unchanged
     */
    public static StreamingHistogram read(ByteBuffer in) {
        Objects.requireNonNull(in, "in");
        FormatReader reader = new FormatReader(in);
        StreamingHistogram histogram = reader.histogram();
        in.position(reader.position());
        return histogram;
    }

    /**
     * Writes the histogram as an int length followed by {@link #toByteArray}.
     *
     * @param histogram the histogram to encode
     * @param out where to write it
     * @throws IOException if the stream fails
     */
    public static void write(StreamingHistogram histogram, DataOutput out) throws IOException {
        Objects.requireNonNull(out, "out");
        byte[] bytes = toByteArray(histogram);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    /**
     * Reads what {@link #write(StreamingHistogram, DataOutput)} wrote.
     *
     * @param in the stream, at a length-prefixed histogram
     * @return the histogram
     * @throws HistogramFormatException if the length is out of range, the stream ends early or the bytes are
     *         not a valid histogram
     * @throws IOException if the stream fails
     */
    public static StreamingHistogram read(DataInput in) throws IOException {
        Objects.requireNonNull(in, "in");
        byte[] bytes;
        try {
            int length = in.readInt();
            if (length < 0 || length > MAX_SERIALIZED_SIZE) {
                throw new HistogramFormatException("length " + length + " is out of range [0, " + MAX_SERIALIZED_SIZE + "]");
            }
            bytes = new byte[length];
            in.readFully(bytes);
        } catch (EOFException e) {
            HistogramFormatException truncated = new HistogramFormatException("truncated: the stream ended inside a "
                    + "histogram");
            truncated.initCause(e);
            throw truncated;
        }
        return fromByteArray(bytes);
    }
}

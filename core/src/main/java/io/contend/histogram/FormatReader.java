package io.contend.histogram;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Decodes and validates one histogram in {@link HistogramFormat} (versions 1 and 2) from a buffer's position,
 * without moving the buffer's position. Offsets in messages count from the histogram's first byte.
 */
final class FormatReader {
    private static final int MIN_SIZE = FormatWriter.MAGIC.length + 1 + 3 + 4;

    private final ByteBuffer in;
    private final int start;
    private final int end;
    private int pos;
    private int version;
    private long roundTo;

    FormatReader(ByteBuffer in) {
        this.in = in;
        this.start = in.position();
        this.end = in.limit();
        this.pos = start;
    }

    /** @return the histogram; afterwards {@link #position()} is just past its checksum */
    StreamingHistogram histogram() {
        if (end - start < MIN_SIZE) {
            throw new HistogramFormatException("truncated: " + (end - start) + " bytes, a histogram takes at least " + MIN_SIZE);
        }
        header();
        int maxBins = (int) range("maxBins", varlong(), 1, StreamingHistogramBuilder.MAX_BINS);
        roundTo = range("roundTo", varlong(), 1, Long.MAX_VALUE);
        int n = (int) range("bins", varlong(), 0, maxBins);
        if (n > (end - pos - 4) / 2) { // every bin takes at least 2 bytes: refuse before allocating
            throw new HistogramFormatException("truncated: " + n + " bins announced, " + (end - pos) + " bytes left");
        }
        long[] points = new long[n];
        long[] counts = new long[n];
        for (int i = 0; i < n; i++) {
            points[i] = i == 0 ? firstPoint() : nextPoint(points[i - 1]);
        }
        for (int i = 0; i < n; i++) {
            int at = pos;
            counts[i] = varlong();
            if (counts[i] < 1) {
                throw new HistogramFormatException("count " + Long.toUnsignedString(counts[i]) + " at offset " + offset(at)
                        + " must be in [1, " + Long.MAX_VALUE + "]");
            }
        }
        checksum();
        return new StreamingHistogram(points, counts, n, maxBins, roundTo);
    }

    /** @throws HistogramFormatException if bytes follow the histogram */
    void requireEnd() {
        if (pos != end) {
            throw new HistogramFormatException((end - pos) + " unexpected bytes after the checksum at offset " + offset(pos));
        }
    }

    int position() {
        return pos;
    }

    private void header() {
        for (byte b : FormatWriter.MAGIC) {
            if (get() != b) {
                throw new HistogramFormatException("not a contend histogram: bad magic at offset " + offset(pos - 1));
            }
        }
        version = get() & 0xFF;
        if (version < HistogramFormat.OLDEST_READ_VERSION || version > HistogramFormat.VERSION) {
            throw new HistogramFormatException("unsupported version " + version + " (this reader knows "
                    + HistogramFormat.OLDEST_READ_VERSION + " to " + HistogramFormat.VERSION + ")");
        }
    }

    /** Version 2: zigzag units of roundTo; version 1: a zigzag point that must be a multiple of roundTo. */
    private long firstPoint() {
        int at = pos;
        long v = varlong();
        long decoded = (v >>> 1) ^ -(v & 1);
        if (version == 1) {
            return onGrid(decoded, at);
        }
        if (decoded < Long.MIN_VALUE / roundTo || decoded > Long.MAX_VALUE / roundTo) {
            throw new HistogramFormatException("first point " + decoded + " x roundTo " + roundTo + " at offset "
                    + offset(at) + " does not fit in a long");
        }
        return decoded * roundTo;
    }

    /** The next point after previous: a gap of at least one unit (version 2: of roundTo), without overflow. */
    private long nextPoint(long previous) {
        int at = pos;
        long gap = varlong();
        long unit = version == 1 ? 1 : roundTo;
        long room = Long.divideUnsigned(Long.MAX_VALUE - previous, unit); // unsigned: up to 2^64 - 1
        if (gap == 0 || Long.compareUnsigned(gap, room) > 0) {
            throw new HistogramFormatException("gap " + Long.toUnsignedString(gap) + " at offset " + offset(at)
                    + " must be in [1, " + Long.toUnsignedString(room) + "]: points increase and fit in a long");
        }
        long point = previous + gap * unit;
        return version == 1 ? onGrid(point, at) : point;
    }

    private long onGrid(long point, int at) {
        if (Math.floorMod(point, roundTo) != 0) {
            throw new HistogramFormatException("point " + point + " at offset " + offset(at)
                    + " is not a multiple of roundTo " + roundTo);
        }
        return point;
    }

    private void checksum() {
        int bodyEnd = pos;
        int stored = 0;
        for (int i = 0; i < 4; i++) {
            stored = (stored << 8) | (get() & 0xFF);
        }
        CRC32C crc = new CRC32C();
        crc.update(in.duplicate().limit(bodyEnd).position(start));
        if (stored != (int) crc.getValue()) {
            throw new HistogramFormatException("corrupted: checksum mismatch (stored " + Integer.toHexString(stored)
                    + ", computed " + Long.toHexString(crc.getValue()) + ")");
        }
    }

    private int offset(int at) {
        return at - start;
    }

    private byte get() {
        if (pos >= end) {
            throw new HistogramFormatException("truncated at offset " + offset(pos));
        }
        return in.get(pos++);
    }

    /** An unsigned LEB128 value of at most 10 bytes, without redundant trailing zero bytes. */
    private long varlong() {
        int at = pos;
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = get();
            if (shift == 63 && (b & 0xFE) != 0) {
                throw new HistogramFormatException("varint at offset " + offset(at) + " does not fit in 64 bits");
            }
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (b == 0 && shift > 0) {
                    throw new HistogramFormatException("varint at offset " + offset(at) + " has a redundant zero byte");
                }
                return value;
            }
        }
        throw new HistogramFormatException("varint at offset " + offset(at) + " is longer than 10 bytes");
    }

    private long range(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new HistogramFormatException(name + " " + Long.toUnsignedString(value) + " at offset before "
                    + offset(pos) + " must be in [" + min + ", " + max + "]");
        }
        return value;
    }
}

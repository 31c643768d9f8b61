package io.contend.histogram;

import java.util.zip.CRC32C;

/** Encodes a histogram in {@link HistogramFormat}'s current version. */
final class FormatWriter {
    static final byte[] MAGIC = {'C', 'S', 'H'};

    private final byte[] bytes;
    private int size;

    private FormatWriter(int capacity) {
        bytes = new byte[capacity];
    }

    static byte[] encode(StreamingHistogram h) {
        FormatWriter w = new FormatWriter(size(h));
        for (byte b : MAGIC) {
            w.put(b);
        }
        w.put((byte) HistogramFormat.VERSION);
        w.varlong(h.maxBins());
        w.varlong(h.roundTo());
        w.varlong(h.size());
        for (int i = 0; i < h.size(); i++) {
            w.varlong(pointField(h, i));
        }
        for (int i = 0; i < h.size(); i++) {
            w.varlong(h.countAt(i));
        }
        CRC32C crc = new CRC32C();
        crc.update(w.bytes, 0, w.size);
        w.int32((int) crc.getValue());
        return w.bytes;
    }

    /** The encoded size: every field's varint length. */
    static int size(StreamingHistogram h) {
        int size = MAGIC.length + 1 + varlongSize(h.maxBins()) + varlongSize(h.roundTo()) + varlongSize(h.size()) + 4;
        for (int i = 0; i < h.size(); i++) {
            size += varlongSize(pointField(h, i)) + varlongSize(h.countAt(i));
        }
        return size;
    }

    /** The first point in units of roundTo, zigzag-encoded; after it, the gap to the previous point in units. */
    private static long pointField(StreamingHistogram h, int i) {
        long r = h.roundTo();
        if (i == 0) {
            long units = h.pointAt(0) / r; // exact: points are multiples of roundTo
            return (units << 1) ^ (units >> 63);
        }
        return Long.divideUnsigned(h.pointAt(i) - h.pointAt(i - 1), r);
    }

    private static int varlongSize(long v) {
        int bits = 64 - Long.numberOfLeadingZeros(v | 1);
        return (bits + 6) / 7;
    }

    private void put(byte b) {
        bytes[size++] = b;
    }

    private void varlong(long v) {
        while ((v & ~0x7FL) != 0) {
            put((byte) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        put((byte) v);
    }

    private void int32(int v) {
        put((byte) (v >>> 24));
        put((byte) (v >>> 16));
        put((byte) (v >>> 8));
        put((byte) v);
    }
}

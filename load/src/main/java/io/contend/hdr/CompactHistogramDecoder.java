package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decodes an interval's histogram into a {@link Histogram} sized for the values it holds, not for the range its
 * header declares. HdrHistogram's decoder allocates the declared range: a {@code Histogram(1, 2^62, 5)} that
 * holds three values costs a 49 MB counts array, and every later pass over it (adding it to a sum, copying it)
 * walks 6 million slots. The payload says how many slots it fills, so this class lowers the header's highest
 * trackable value to the smallest one whose array holds them and lets HdrHistogram decode the rest. Lowest
 * discernible value, precision and counts are unchanged, so every percentile is the same.
 *
 * <p>The payload is HdrHistogram's compressed V2 encoding: a cookie, the length of a zlib stream, and in that
 * stream a 40-byte header (cookie, payload length, normalizing index offset, significant digits, lowest and
 * highest trackable value, conversion ratio) followed by the counts, ZigZag LEB128 numbers of up to 9 bytes,
 * where a negative number is a run of that many empty slots.
 *
 * <p>Whole V2 payloads (the encoding HdrHistogram 2.x writes) are inflated once, which also checks the zlib
 * stream to its end, and decoded from those bytes. For anything else {@link #decode} returns null and the reader
 * uses HdrHistogram's decoder as it is, which also says what is wrong with a bad payload.
 */
final class CompactHistogramDecoder {
    /** Cookies without their word-size bits (4 to 7). */
    private static final int COMPRESSED_V2_COOKIE = 0x1c849304;
    private static final int V2_COOKIE = 0x1c849303;
    private static final int WORD_SIZE_BITS = 0xf0;
    /** The inner header: where each field starts, and its length. */
    private static final int PAYLOAD_LENGTH_AT = 4;
    private static final int NORMALIZING_INDEX_OFFSET_AT = 8;
    private static final int SIGNIFICANT_DIGITS_AT = 12;
    private static final int LOWEST_DISCERNIBLE_VALUE_AT = 16;
    private static final int HIGHEST_TRACKABLE_VALUE_AT = 24;
    private static final int HEADER_BYTES = 40;
    /** HdrHistogram reads at most this many payload bytes per slot of a Histogram's array (its word size). */
    private static final int BYTES_READ_PER_SLOT = Long.BYTES;
    private static final int MAX_ENCODED_BYTES_PER_SLOT = 9;

    private CompactHistogramDecoder() {
    }

    /**
     * @param base64 an interval line's payload
     * @return the histogram, with a range that fits its values where the declared one is wider; or null to leave
     *         the payload to HdrHistogram's decoder (not a whole compressed V2 payload of a Histogram)
     * @throws ArithmeticException if the payload is whole and its counts add up to more than Long.MAX_VALUE
     */
    static Histogram decode(String base64) {
        byte[] inner = innerEncoding(base64);
        if (inner == null) {
            return null;
        }
        ByteBuffer header = ByteBuffer.wrap(inner);
        int payloadBytes = header.getInt(PAYLOAD_LENGTH_AT);
        long lowest = header.getLong(LOWEST_DISCERNIBLE_VALUE_AT);
        HistogramShape shape = HistogramShape.of(lowest, header.getInt(SIGNIFICANT_DIGITS_AT));
        long declaredHighest = header.getLong(HIGHEST_TRACKABLE_VALUE_AT);
        if (shape == null || header.getInt(NORMALIZING_INDEX_OFFSET_AT) != 0 || declaredHighest < 2 * lowest) {
            return null; // an offset ties indexes to the array's length: nothing may be resized
        }
        long slots = filledSlots(inner, HEADER_BYTES, payloadBytes); // throws on a total count overflow
        if (slots < 0) {
            return null;
        }
        long needed = Math.max(slots, (payloadBytes + BYTES_READ_PER_SLOT - 1L) / BYTES_READ_PER_SLOT);
        long highest = shape.highestFor(needed);
        if (highest < declaredHighest && shape.lengthFor(highest) < shape.lengthFor(declaredHighest)) {
            header.putLong(HIGHEST_TRACKABLE_VALUE_AT, highest); // fewer buckets; else the header stays as written
        }
        try {
            return Histogram.decodeFromByteBuffer(header, 0);
        } catch (RuntimeException e) {
            WrappedErrors.rethrow(e);
            return null;
        }
    }

    /**
     * @return the inflated header and payload of a whole compressed V2 payload: the zlib stream complete and its
     *         check passed, exactly the payload length its header announces; else null
     */
    private static byte[] innerEncoding(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (bytes.length < 8) {
            return null;
        }
        ByteBuffer outer = ByteBuffer.wrap(bytes);
        int streamBytes = outer.getInt(4);
        if ((outer.getInt(0) & ~WORD_SIZE_BITS) != COMPRESSED_V2_COOKIE || streamBytes < 0
                || streamBytes > bytes.length - 8) {
            return null;
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(bytes, 8, streamBytes);
            byte[] header = new byte[HEADER_BYTES];
            if (!inflateFully(inflater, header, 0)) {
                return null;
            }
            ByteBuffer view = ByteBuffer.wrap(header);
            int payloadBytes = view.getInt(PAYLOAD_LENGTH_AT);
            HistogramShape shape = HistogramShape.of(view.getLong(LOWEST_DISCERNIBLE_VALUE_AT),
                    view.getInt(SIGNIFICANT_DIGITS_AT));
            if ((view.getInt(0) & ~WORD_SIZE_BITS) != V2_COOKIE || shape == null || payloadBytes < 0) {
                return null;
            }
            long declaredSlots = shape.lengthFor(view.getLong(HIGHEST_TRACKABLE_VALUE_AT));
            if (payloadBytes > MAX_ENCODED_BYTES_PER_SLOT * declaredSlots) {
                return null; // more than HdrHistogram's encoder writes for the declared range
            }
            byte[] inner = inflateGrowing(inflater, header, HEADER_BYTES + payloadBytes);
            return inner != null && streamEndsHere(inflater) ? inner : null;
        } catch (DataFormatException e) {
            return null;
        } finally {
            inflater.end();
        }
    }

    /** Fills the array from the offset on; false if the stream ends first. */
    private static boolean inflateFully(Inflater inflater, byte[] into, int from) throws DataFormatException {
        int at = from;
        while (at < into.length) {
            int n = inflater.inflate(into, at, into.length - at);
            if (n == 0) { // finished, or needs input or a dictionary: the stream ends early
                return false;
            }
            at += n;
        }
        return true;
    }

    /**
     * Inflates up to the announced length into an array that grows with what the stream really holds, so a
     * header that announces megabytes over a stream of a few bytes costs a few bytes.
     */
    private static byte[] inflateGrowing(Inflater inflater, byte[] header, int length) throws DataFormatException {
        byte[] into = Arrays.copyOf(header, Math.min(length, 64 * 1024));
        int at = header.length;
        while (at < length) {
            if (at == into.length) {
                into = Arrays.copyOf(into, (int) Math.min(length, 2L * into.length));
            }
            int n = inflater.inflate(into, at, into.length - at);
            if (n == 0) {
                return null;
            }
            at += n;
        }
        return into;
    }

    /** Whether nothing follows the payload in the stream, and the stream's Adler-32 check passed. */
    private static boolean streamEndsHere(Inflater inflater) throws DataFormatException {
        // zlib checks the Adler-32 value when it reaches the end; a mismatch is a DataFormatException
        return inflater.inflate(new byte[1]) == 0 && inflater.finished();
    }

    /**
     * Reads the counts as HdrHistogram's decoder reads them.
     *
     * @param bytes the inflated encoding
     * @param from where the counts start
     * @param length their length in bytes
     * @return the number of slots the counts fill, from index 0 to the last count or run of empty slots; -1 if
     *         the counts are not what HdrHistogram's encoder writes (a number cut off by the end, a run too long
     *         for an int index, an impossible negative count)
     * @throws ArithmeticException if the counts add up to more than Long.MAX_VALUE
     */
    private static long filledSlots(byte[] bytes, int from, int length) {
        int end = from + length;
        int at = from;
        long slots = 0;
        long total = 0;
        boolean overflow = false;
        while (at < end) {
            long raw = 0; // LEB128: 7 bits a byte, low bits first, the top bit set while more follow
            for (int i = 0; ; i++) {
                if (at == end) {
                    return -1;
                }
                int b = bytes[at++] & 0xff;
                if (i == 8) {
                    raw |= (long) b << 56; // the ninth byte carries 8 bits, with no continuation bit
                    break;
                }
                raw |= (long) (b & 0x7f) << (7 * i);
                if ((b & 0x80) == 0) {
                    break;
                }
            }
            long value = (raw >>> 1) ^ -(raw & 1); // ZigZag: 0, -1, 1, -2 ... as 0, 1, 2, 3 ...
            if (value == Long.MIN_VALUE || -value > Integer.MAX_VALUE) {
                return -1;
            }
            if (value < 0) {
                slots -= value;
            } else {
                slots++;
                overflow |= total > Long.MAX_VALUE - value;
                total = overflow ? total : total + value;
            }
            if (slots > Integer.MAX_VALUE) {
                return -1;
            }
        }
        if (overflow) {
            throw new ArithmeticException("the histogram's total count overflows");
        }
        return slots;
    }
}

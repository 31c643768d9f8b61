package io.contend.writepath;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;

/**
 * The fields of {@link RequestCodec}'s lines read from and written into ranges of a byte array: base64 (RFC 4648's
 * basic alphabet, unpadded, as {@code Base64.getEncoder().withoutPadding()} writes it) and decimal longs.
 *
 * <p>Why not {@code String.split}, {@link Base64} and {@link Long#parseLong}: a request then costs a String of the
 * line, one per field and one copy per decoded key (over 1 KB of garbage for a write of a 256-byte value, more
 * than the path's own allocations), which would hide what the path's components allocate. Here a field allocates
 * only its decoded array.
 *
 * <p>The fast paths accept exactly what the encoder writes. Anything else (padding, a character outside the
 * alphabet, a bad length, a sign, an overflow) is handed to the JDK's decoder or {@link Long#parseLong}, so the
 * accepted inputs and the exceptions are the JDK's. Stateless and thread-safe.
 */
final class AsciiFields {
    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".getBytes(StandardCharsets.US_ASCII);
    /** Each byte's 6-bit value, or -1 for a byte outside the alphabet. */
    private static final int[] VALUES = new int[256];
    /** A decimal field this long or shorter cannot overflow a long. */
    private static final int SAFE_DIGITS = 18;
    private static final int MAX_DIGITS = 19;

    static {
        Arrays.fill(VALUES, -1);
        for (int i = 0; i < ALPHABET.length; i++) {
            VALUES[ALPHABET[i]] = i;
        }
    }

    private AsciiFields() {
    }

    /**
     * @param src the line
     * @param from first byte of the field
     * @param to end of the field, exclusive
     * @return the decoded bytes, a new array of exactly their length
     * @throws IllegalArgumentException if the field is not base64, as {@link Base64.Decoder#decode(byte[])} says
     */
    static byte[] decodeBase64(byte[] src, int from, int to) {
        int length = to - from;
        int tail = length % 4;
        if (tail != 1) {
            byte[] out = new byte[length / 4 * 3 + (tail == 0 ? 0 : tail - 1)];
            int o = 0;
            int i = from;
            boolean valid = true;
            for (; i + 4 <= to; i += 4) {
                // a byte outside the alphabet is -1, which shifted and or-ed makes the whole unit negative
                int bits = value(src[i]) << 18 | value(src[i + 1]) << 12 | value(src[i + 2]) << 6 | value(src[i + 3]);
                if (bits < 0) {
                    valid = false;
                    break;
                }
                out[o++] = (byte) (bits >> 16);
                out[o++] = (byte) (bits >> 8);
                out[o++] = (byte) bits;
            }
            if (valid && tail >= 2) {
                int bits = value(src[i]) << 18 | value(src[i + 1]) << 12 | (tail == 3 ? value(src[i + 2]) << 6 : 0);
                if (bits < 0) {
                    valid = false;
                } else {
                    out[o++] = (byte) (bits >> 16);
                    if (tail == 3) {
                        out[o] = (byte) (bits >> 8);
                    }
                }
            }
            if (valid) {
                return out;
            }
        }
        return Base64.getDecoder().decode(Arrays.copyOfRange(src, from, to));
    }

    private static int value(byte b) {
        return VALUES[b & 0xff];
    }

    /**
     * @param length bytes to encode
     * @return the length of their unpadded base64
     */
    static int base64Length(int length) {
        int tail = length % 3;
        return length / 3 * 4 + (tail == 0 ? 0 : tail + 1);
    }

    /**
     * Writes {@code src} as unpadded base64 into {@code dst} from {@code at}.
     *
     * @return the index after the last byte written
     */
    static int encodeBase64(byte[] src, byte[] dst, int at) {
        int o = at;
        int i = 0;
        for (; i + 3 <= src.length; i += 3) {
            int bits = (src[i] & 0xff) << 16 | (src[i + 1] & 0xff) << 8 | (src[i + 2] & 0xff);
            dst[o++] = ALPHABET[bits >>> 18];
            dst[o++] = ALPHABET[bits >>> 12 & 0x3f];
            dst[o++] = ALPHABET[bits >>> 6 & 0x3f];
            dst[o++] = ALPHABET[bits & 0x3f];
        }
        int tail = src.length - i;
        if (tail > 0) {
            int bits = (src[i] & 0xff) << 16 | (tail == 2 ? (src[i + 1] & 0xff) << 8 : 0);
            dst[o++] = ALPHABET[bits >>> 18];
            dst[o++] = ALPHABET[bits >>> 12 & 0x3f];
            if (tail == 2) {
                dst[o++] = ALPHABET[bits >>> 6 & 0x3f];
            }
        }
        return o;
    }

    /**
     * @param src the line
     * @param from first byte of the field
     * @param to end of the field, exclusive
     * @return the field's value
     * @throws NumberFormatException if the field is not a decimal long, as {@link Long#parseLong(String)} says
     */
    static long parseLong(byte[] src, int from, int to) {
        if (to - from >= 1 && to - from <= SAFE_DIGITS) {
            long value = 0;
            int i = from;
            for (; i < to; i++) {
                int digit = src[i] - '0';
                if (digit < 0 || digit > 9) {
                    break;
                }
                value = value * 10 + digit;
            }
            if (i == to) {
                return value;
            }
        }
        return Long.parseLong(new String(src, from, to - from, StandardCharsets.US_ASCII));
    }

    /** @return the length of {@code value} in decimal, its sign included */
    static int decimalLength(long value) {
        // counted on the negative side, where Long.MIN_VALUE has a magnitude
        long negative = value < 0 ? value : -value;
        int digits = 1;
        long bound = -10;
        while (negative <= bound) {
            digits++;
            if (digits == MAX_DIGITS) {
                break;
            }
            bound *= 10;
        }
        return value < 0 ? digits + 1 : digits;
    }

    /**
     * Writes {@code value} in decimal into {@code dst} from {@code at}, as {@link Long#toString(long)} would.
     *
     * @return the index after the last byte written
     */
    static int putLong(long value, byte[] dst, int at) {
        int end = at + decimalLength(value);
        long negative = value < 0 ? value : -value;
        int i = end;
        do {
            dst[--i] = (byte) ('0' - negative % 10);
            negative /= 10;
        } while (negative != 0);
        if (value < 0) {
            dst[--i] = '-';
        }
        return end;
    }
}

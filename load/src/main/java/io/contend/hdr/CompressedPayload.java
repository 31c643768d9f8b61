package io.contend.hdr;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Checks the zlib stream of a compressed histogram payload to its end. HdrHistogram's decoder inflates only as
 * many bytes as the histogram's header asks for, so it never reaches the stream's Adler-32 check: a payload with
 * one character changed in its middle decodes into different counts without an error. Inflating the whole
 * stream (RFC 1950: the check value follows the deflate data) finds that change.
 *
 * <p>The layout is HdrHistogram's compressed encoding: a 4-byte cookie, the 4-byte length of the compressed
 * data, then a zlib stream (a Deflater's output) of that length.
 */
final class CompressedPayload {
    /** Cookie bases of HdrHistogram's compressed encodings V0, V1 and V2; bits 4-7 carry the word size. */
    private static final int[] COMPRESSED_COOKIE_BASES = {0x1c849309, 0x1c849302, 0x1c849304};
    private static final int WORD_SIZE_BITS = 0xf0;

    private CompressedPayload() {
    }

    /**
     * @param base64 an interval line's payload, which HdrHistogram has already decoded
     * @return null if the payload's zlib stream is whole and passes its check (or the payload is not a
     *         compressed histogram, which HdrHistogram has then judged), else what is wrong
     */
    static String problem(String base64) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return "the histogram payload is not base64 (" + e.getMessage() + ")";
        }
        if (bytes.length < 8) {
            return null;
        }
        ByteBuffer header = ByteBuffer.wrap(bytes);
        int cookie = header.getInt() & ~WORD_SIZE_BITS;
        int length = header.getInt();
        boolean compressed = false;
        for (int base : COMPRESSED_COOKIE_BASES) {
            compressed |= cookie == (base & ~WORD_SIZE_BITS);
        }
        if (!compressed) {
            return null;
        }
        if (length < 0 || length > bytes.length - 8) {
            return "corrupted histogram payload: " + length + " compressed bytes announced, " + (bytes.length - 8)
                    + " present";
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(bytes, 8, length);
            byte[] sink = new byte[16 * 1024];
            while (!inflater.finished()) {
                if (inflater.inflate(sink) == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return "corrupted histogram payload: the compressed data ends before its stream does";
                }
            }
            return null;
        } catch (DataFormatException e) {
            return "corrupted histogram payload: " + e.getMessage();
        } finally {
            inflater.end();
        }
    }
}

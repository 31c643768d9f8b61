package io.contend.writepath;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The row a {@code /rows/<partition>/<clustering>} path names. Each key is the raw bytes of its path segment with
 * percent-escapes decoded, so any byte string is addressable ({@code %2F} is a {@code /} inside a key, {@code %FF}
 * the byte 0xFF) and two different segments never name one key. A path too long is refused before it is decoded.
 *
 * @param partition the partition key
 * @param clustering the clustering key
 */
record RowAddress(Key partition, Key clustering) {
    /** The longest raw request path accepted, in characters; longer ones are answered 414. */
    static final int MAX_PATH_LENGTH = 16_384;

    /**
     * @param rawPath the request's path as sent, not decoded
     * @return the row it names
     * @throws HttpFailure 414 if too long, 400 for a bad escape, 404 if it is not a row's path
     */
    static RowAddress parse(String rawPath) throws HttpFailure {
        if (rawPath.length() > MAX_PATH_LENGTH) {
            throw new HttpFailure(414, "the path has " + rawPath.length() + " characters, more than "
                    + MAX_PATH_LENGTH);
        }
        String[] parts = rawPath.split("/", -1);
        if (parts.length != 4 || !parts[0].isEmpty() || !parts[1].equals("rows") || parts[2].isEmpty()
                || parts[3].isEmpty()) {
            throw new HttpFailure(404, "no such resource: " + printable(rawPath)
                    + " (POST /request, PUT, GET or HEAD /rows/<partition>/<clustering>, POST /check)");
        }
        return new RowAddress(Key.of(decode(parts[2])), Key.of(decode(parts[3])));
    }

    /** Percent-decodes one path segment into bytes; other characters stand for their UTF-8 bytes. */
    static byte[] decode(String segment) throws HttpFailure {
        ByteArrayOutputStream out = new ByteArrayOutputStream(segment.length());
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%') {
                int high = i + 1 < segment.length() ? Character.digit(segment.charAt(i + 1), 16) : -1;
                int low = i + 2 < segment.length() ? Character.digit(segment.charAt(i + 2), 16) : -1;
                if (high < 0 || low < 0) {
                    throw new HttpFailure(400, "a bad percent-escape at character " + i + " of the key '"
                            + printable(segment) + "': '%' must be followed by two hex digits");
                }
                out.write(high << 4 | low);
                i += 2;
            } else if (c < 0x80) {
                out.write(c);
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < segment.length() ? i + 2 : i + 1;
                out.writeBytes(segment.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        return out.toByteArray();
    }

    /** @return text safe to echo in a one-line message: control characters escaped, long text cut */
    static String printable(String text) {
        StringBuilder b = new StringBuilder(Math.min(text.length(), 200));
        for (int i = 0; i < text.length() && b.length() < 200; i++) {
            char c = text.charAt(i);
            b.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", (int) c) : String.valueOf(c));
        }
        return text.length() > 200 ? b + "..." : b.toString();
    }

    @Override
    public String toString() {
        return "RowAddress[" + partition + ", " + clustering + "]";
    }
}

package io.contend.writepath;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/**
 * The wire format of the request pipeline: one line of ASCII text per request and per response, so that the parse
 * and respond stages do real work and a socket front can carry the same bytes. Keys and values are base64.
 *
 * <pre>
 * W &lt;partition&gt; &lt;clustering&gt; &lt;timestamp&gt; &lt;deletionTime or -&gt; &lt;value&gt;   -&gt; OK
 * R &lt;partition&gt; &lt;clustering&gt;                                             -&gt; ROW &lt;timestamp&gt; &lt;deletionTime or -&gt; &lt;value&gt; | NONE
 * any failure                                                            -&gt; ERR &lt;message&gt;
 * </pre>
 *
 * Stateless and thread-safe.
 */
public final class RequestCodec {
    /** The response to an acknowledged write. */
    public static final String OK = "OK";
    /** The response to a read of a row no source has. */
    public static final String NONE = "NONE";

    private static final Base64.Encoder ENCODER = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder DECODER = Base64.getDecoder();
    private static final byte[] ROW_PREFIX = "ROW ".getBytes(StandardCharsets.US_ASCII);

    private RequestCodec() {
    }

    /** A parsed request: a write, or a read of one row. */
    sealed interface Op permits WriteOp, ReadOp {
    }

    record WriteOp(Write write) implements Op {
    }

    record ReadOp(Key partition, Key clustering) implements Op {
    }

    /**
     * @param write a write
     * @return its request bytes
     */
    public static byte[] encodeWrite(Write write) {
        Objects.requireNonNull(write, "write");
        return ("W " + key(write.partition()) + " " + key(write.clustering()) + " " + write.timestamp() + " "
                + deletion(write.deletionTime()) + " " + ENCODER.encodeToString(write.value()))
                .getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * @param partition the partition key
     * @param clustering the clustering key
     * @return the request bytes of a read of that row
     */
    public static byte[] encodeRead(Key partition, Key clustering) {
        return ("R " + key(partition) + " " + key(clustering)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Parses a request. Reads the fields in place ({@link AsciiFields}): a write allocates its decoded keys and
     * value and the objects that hold them, nothing more.
     *
     * @param request request bytes
     * @return the operation
     * @throws IllegalArgumentException naming the request if it is malformed
     */
    static Op parse(byte[] request) {
        int fields = 1;
        for (byte b : request) {
            if (b == ' ') {
                fields++;
            }
        }
        int end = fieldEnd(request, 0);
        boolean oneLetter = end == 1;
        try {
            if (oneLetter && request[0] == 'W' && fields == 6) {
                int p = end + 1;
                int pEnd = fieldEnd(request, p);
                int c = pEnd + 1;
                int cEnd = fieldEnd(request, c);
                int ts = cEnd + 1;
                int tsEnd = fieldEnd(request, ts);
                int dt = tsEnd + 1;
                int dtEnd = fieldEnd(request, dt);
                Key partition = Key.ofOwned(AsciiFields.decodeBase64(request, p, pEnd));
                Key clustering = Key.ofOwned(AsciiFields.decodeBase64(request, c, cEnd));
                long timestamp = AsciiFields.parseLong(request, ts, tsEnd);
                long deletionTime = dtEnd - dt == 1 && request[dt] == '-' ? Write.NO_DELETION
                        : AsciiFields.parseLong(request, dt, dtEnd);
                byte[] value = AsciiFields.decodeBase64(request, dtEnd + 1, request.length);
                return new WriteOp(Write.of(partition, clustering, value, timestamp, deletionTime));
            }
            if (oneLetter && request[0] == 'R' && fields == 3) {
                int p = end + 1;
                int pEnd = fieldEnd(request, p);
                return new ReadOp(Key.ofOwned(AsciiFields.decodeBase64(request, p, pEnd)),
                        Key.ofOwned(AsciiFields.decodeBase64(request, pEnd + 1, request.length)));
            }
        } catch (IllegalArgumentException e) { // bad base64 or number (NumberFormatException is one)
            throw new IllegalArgumentException("malformed request: '" + abbreviate(text(request)) + "': "
                    + e.getMessage(), e);
        }
        throw new IllegalArgumentException("request must be 'W p c ts dt value' or 'R p c': '"
                + abbreviate(text(request)) + "'");
    }

    /** @return the index of the first space at or after {@code from}, or the request's length */
    private static int fieldEnd(byte[] request, int from) {
        int i = from;
        while (i < request.length && request[i] != ' ') {
            i++;
        }
        return i;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /** Runs an operation against the path. @return {@link #OK}, a {@link Row}, or null (no row) */
    static Object apply(Op op, WritePath path) {
        if (op instanceof WriteOp w) {
            path.write(w.write());
            return OK;
        }
        ReadOp r = (ReadOp) op;
        return path.read(r.partition(), r.clustering());
    }

    /**
     * Encodes what {@link #apply} returned. A row is written straight into its response array, with no String
     * between.
     */
    static byte[] respond(Object result) {
        if (result instanceof Row row) {
            byte[] value = row.sharedValue();
            long timestamp = row.timestamp();
            long deletionTime = row.deletionTime();
            boolean deleting = deletionTime != Write.NO_DELETION;
            byte[] out = new byte[ROW_PREFIX.length + AsciiFields.decimalLength(timestamp) + 1
                    + (deleting ? AsciiFields.decimalLength(deletionTime) : 1) + 1
                    + AsciiFields.base64Length(value.length)];
            System.arraycopy(ROW_PREFIX, 0, out, 0, ROW_PREFIX.length);
            int at = AsciiFields.putLong(timestamp, out, ROW_PREFIX.length);
            out[at++] = ' ';
            if (deleting) {
                at = AsciiFields.putLong(deletionTime, out, at);
            } else {
                out[at++] = '-';
            }
            out[at++] = ' ';
            AsciiFields.encodeBase64(value, out, at);
            return out;
        }
        return (result == null ? NONE : String.valueOf(result)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * @param failure why a request failed
     * @return the response bytes {@code ERR <message>} (one line)
     */
    static byte[] error(Throwable failure) {
        String message = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return ("ERR " + message.replace('\n', ' ')).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Reads a read's response back into a row.
     *
     * @param partition the partition key that was read
     * @param clustering the clustering key that was read
     * @param response the response bytes
     * @return the row, or null for {@link #NONE}
     * @throws IllegalArgumentException if the response is an error or malformed
     */
    public static Row decodeRow(Key partition, Key clustering, byte[] response) {
        String text = new String(response, StandardCharsets.US_ASCII);
        if (text.equals(NONE)) {
            return null;
        }
        String[] f = text.split(" ", -1);
        if (!f[0].equals("ROW") || f.length != 4) {
            throw new IllegalArgumentException("not a row response: '" + abbreviate(text) + "'");
        }
        return new Row(partition, clustering, DECODER.decode(f[3]), Long.parseLong(f[1]),
                f[2].equals("-") ? Write.NO_DELETION : Long.parseLong(f[2]));
    }

    /**
     * @param response response bytes
     * @return whether it is {@link #OK}
     */
    public static boolean isOk(byte[] response) {
        return response.length == 2 && response[0] == 'O' && response[1] == 'K';
    }

    private static String key(Key key) {
        return ENCODER.encodeToString(key.toByteArray());
    }

    private static String deletion(long deletionTime) {
        return deletionTime == Write.NO_DELETION ? "-" : Long.toString(deletionTime);
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}

package io.contend.cli.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a JSON file into gson's tree within bounds that a crafted file cannot get round: at most
 * {@link #MAX_BYTES} bytes holding at most {@link #MAX_VALUES} values, arrays and objects nested at most
 * {@link #MAX_DEPTH} deep, strict UTF-8 and strict JSON (no comments, no NaN, no lone surrogate escape such as
 * {@code "\ud800"}, which RFC 7493 forbids and gson's strict reader refuses), so every string read can be written out
 * again as UTF-8. Anything else is a {@link ResultsFormatException} naming the file.
 *
 * <p>The tree is built with an explicit stack rather than by recursion, so depth costs heap, never the thread's
 * stack, and the depth bound is checked as each level opens.
 */
final class BoundedJson {
    /** Files larger than this are refused unread: the lab writes about 1 KiB per record. */
    static final int MAX_BYTES = 16 << 20;
    /**
     * More values are refused: a tree node costs about 40 times its text ("0," is 2 bytes), so without this
     * bound 16 MiB of zeros would take a gigabyte of heap. A record has about 45 values.
     */
    static final int MAX_VALUES = 1_000_000;
    /** Deeper nesting is refused: the schema nests 7 deep. */
    static final int MAX_DEPTH = 64;

    /** Gson's position suffix, e.g. {@code at line 1 column 5 path $.a[0]}; the path can be long. */
    private static final Pattern POSITION = Pattern.compile("^(.*? at line \\d+ column \\d+) path .*$");
    private static final String GSON_HINT = "Use JsonReader.setStrictness(Strictness.LENIENT) to accept ";

    private BoundedJson() {
    }

    /**
     * @param file a JSON file
     * @return its root element
     * @throws IOException if the file cannot be read
     * @throws ResultsFormatException if it is too large, not UTF-8, not JSON or nested too deep
     */
    static JsonElement parse(Path file) throws IOException {
        JsonReader reader = new JsonReader(new StringReader(text(file)));
        reader.setStrictness(Strictness.STRICT);
        try {
            JsonElement root = tree(file, reader);
            reader.peek(); // throws unless the document ends here
            return root;
        } catch (IOException e) { // the text is in memory: only syntax errors are left
            throw new ResultsFormatException(file, "not JSON: " + syntaxError(e));
        }
    }

    private static String text(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new ResultsFormatException(file, "not a regular file");
        }
        long size = Files.size(file);
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = size > MAX_BYTES ? null : in.readNBytes(MAX_BYTES + 1);
        }
        if (bytes == null || bytes.length > MAX_BYTES) { // the second test: a file that grew after its size was read
            throw new ResultsFormatException(file, "it has " + Math.max(size, MAX_BYTES + 1L)
                    + " bytes, more than the " + (MAX_BYTES >> 20) + " MiB a results file may have");
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(buffer).toString();
        } catch (CharacterCodingException e) {
            throw new ResultsFormatException(file, "not UTF-8 text: malformed byte at offset " + buffer.position());
        }
    }

    private static JsonElement tree(Path file, JsonReader reader) throws IOException {
        Deque<JsonElement> open = new ArrayDeque<>(); // the arrays and objects being filled, innermost first
        JsonElement root = null;
        int values = 0;
        while (true) {
            JsonElement parent = open.peek();
            if (parent != null && !reader.hasNext()) {
                if (parent.isJsonArray()) {
                    reader.endArray();
                } else {
                    reader.endObject();
                }
                open.pop();
                if (open.isEmpty()) {
                    return root;
                }
                continue;
            }
            String name = parent != null && parent.isJsonObject() ? reader.nextName() : null;
            JsonElement value = switch (reader.peek()) {
                case BEGIN_ARRAY -> {
                    reader.beginArray();
                    yield new JsonArray();
                }
                case BEGIN_OBJECT -> {
                    reader.beginObject();
                    yield new JsonObject();
                }
                case STRING -> new JsonPrimitive(reader.nextString());
                case NUMBER -> new JsonPrimitive(new JsonNumber(reader.nextString()));
                case BOOLEAN -> new JsonPrimitive(reader.nextBoolean());
                case NULL -> {
                    reader.nextNull();
                    yield JsonNull.INSTANCE;
                }
                // hasNext() above and peek()'s own syntax checks leave no other token here
                default -> throw new IllegalStateException("unexpected " + reader.peek());
            };
            if (++values > MAX_VALUES) {
                throw new ResultsFormatException(file, "it holds more than " + MAX_VALUES + " values");
            }
            if (parent == null) {
                root = value;
            } else if (parent.isJsonArray()) {
                parent.getAsJsonArray().add(value);
            } else {
                parent.getAsJsonObject().add(name, value);
            }
            if (value.isJsonArray() || value.isJsonObject()) {
                if (open.size() == MAX_DEPTH) {
                    throw new ResultsFormatException(file, "arrays and objects nest more than " + MAX_DEPTH
                            + " deep");
                }
                open.push(value);
            } else if (parent == null) {
                return root;
            }
        }
    }

    /** Gson's message, one line and without its hint and path: e.g. {@code unterminated array at line 1 column 9}. */
    private static String syntaxError(IOException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        if (message.startsWith(GSON_HINT)) {
            message = message.substring(GSON_HINT.length());
        }
        Matcher m = POSITION.matcher(message);
        if (m.matches()) {
            message = m.group(1);
        }
        return message.isEmpty() ? message : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
    }

    /**
     * A JSON number as written, so that a parameter written as {@code 4} reads back as "4", not "4.0"; its value
     * is parsed when asked for (the reader has checked the syntax, so it parses).
     */
    private static final class JsonNumber extends Number {
        private static final long serialVersionUID = 1L;
        private final String text;

        JsonNumber(String text) {
            this.text = text;
        }

        @Override
        public int intValue() {
            return (int) doubleValue();
        }

        @Override
        public long longValue() {
            return (long) doubleValue();
        }

        @Override
        public float floatValue() {
            return (float) doubleValue();
        }

        @Override
        public double doubleValue() {
            return Double.parseDouble(text);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}

package io.contend.cli.results;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * One JSON object of a results file, read field by field. Every complaint is a {@link ResultsFormatException}
 * naming the file, the field's path from the root (e.g. {@code results[3].threads}) and the value found, shortened:
 * a missing field, a value of the wrong type, a number that is not finite or an integer out of range.
 *
 * <p>A field that is absent or {@code null} counts as missing; the {@code optional} readers return a fallback
 * for it instead.
 */
final class JsonFields {
    /** Values in messages are cut to this many characters. */
    private static final int SHOWN = 40;
    /** Messages of the model's checks are cut to this many characters. */
    private static final int MESSAGE = 200;
    /** A field name shown after a dot; any other is shown quoted in brackets. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]{0," + SHOWN + "}");

    private final Path file;
    private final String path;
    private final JsonObject object;

    private JsonFields(Path file, String path, JsonObject object) {
        this.file = file;
        this.path = path;
        this.object = object;
    }

    /**
     * @param file the file, for messages
     * @param root the document's root
     * @return its fields
     * @throws ResultsFormatException if the root is not an object
     */
    static JsonFields root(Path file, JsonElement root) {
        if (!root.isJsonObject()) {
            throw new ResultsFormatException(file, "the top level is " + shown(root) + ", not an object");
        }
        return new JsonFields(file, "", root.getAsJsonObject());
    }

    /** @return this object's path, e.g. {@code results[3]}, or "the top level" */
    String path() {
        return path.isEmpty() ? "the top level" : path;
    }

    /** @return the names of this object's fields, in file order */
    List<String> names() {
        return List.copyOf(object.keySet());
    }

    /** @return a failure of this object as a whole, e.g. a check of a constructor */
    ResultsFormatException invalid(String reason) {
        return new ResultsFormatException(file, path() + ": " + reason);
    }

    /**
     * Builds a value from this object's fields; an argument check that refuses them becomes a message naming
     * this object.
     */
    <T> T build(Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (IllegalArgumentException e) {
            throw invalid(oneLine(String.valueOf(e.getMessage())));
        }
    }

    boolean has(String name) {
        JsonElement e = object.get(name);
        return e != null && !e.isJsonNull();
    }

    String string(String name) {
        return string(name, required(name));
    }

    String optionalString(String name, String fallback) {
        return has(name) ? string(name) : fallback;
    }

    /** A string, or any other JSON primitive as it is written (a parameter may be written as {@code 4}). */
    String text(String name) {
        JsonElement e = required(name);
        if (!e.isJsonPrimitive()) {
            throw wrongType(name, e, "a string");
        }
        return e.getAsString();
    }

    /**
     * @param min the smallest value allowed
     * @return the field, an integer from {@code min} to {@link Integer#MAX_VALUE}
     */
    int integer(String name, int min) {
        JsonElement e = required(name);
        double value = e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.NaN;
        if (!(value >= min && value <= Integer.MAX_VALUE && value == Math.rint(value))) {
            throw wrongType(name, e, "an integer from " + min + " to " + Integer.MAX_VALUE);
        }
        return (int) value;
    }

    int optionalInteger(String name, int min, int fallback) {
        return has(name) ? integer(name, min) : fallback;
    }

    Integer nullableInteger(String name, int min) {
        return has(name) ? integer(name, min) : null;
    }

    /** @return the field, a finite number */
    double number(String name) {
        JsonElement e = required(name);
        double value = e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.NaN;
        if (!Double.isFinite(value)) {
            throw wrongType(name, e, "a finite number");
        }
        return value;
    }

    /** @return the field, a finite number; NaN when it is missing (the lab writes a number it lacks as null) */
    double numberOrNaN(String name) {
        return has(name) ? number(name) : Double.NaN;
    }

    Double nullableNumber(String name) {
        return has(name) ? number(name) : null;
    }

    double optionalNumber(String name, double fallback) {
        return has(name) ? number(name) : fallback;
    }

    boolean optionalBoolean(String name, boolean fallback) {
        if (!has(name)) {
            return fallback;
        }
        JsonElement e = object.get(name);
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
            throw wrongType(name, e, "true or false");
        }
        return e.getAsBoolean();
    }

    /**
     * @param parser one of the model's parsers, e.g. {@code Direction::parse}
     * @param expected what it takes, for the message, e.g. {@code "higher" or "lower"}
     * @return the field's text as the parser reads it
     */
    <T> T parsed(String name, Function<String, T> parser, String expected) {
        String text = string(name);
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw wrongType(name, object.get(name), expected);
        }
    }

    JsonFields object(String name) {
        return object(required(name), path(name));
    }

    JsonFields optionalObject(String name) {
        return has(name) ? object(name) : null;
    }

    /** @return the field, an array of objects */
    List<JsonFields> objects(String name) {
        JsonArray array = array(name);
        List<JsonFields> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            out.add(object(array.get(i), path(name) + "[" + i + "]"));
        }
        return out;
    }

    /** @return the field, an object whose fields are all objects, by name */
    Map<String, JsonFields> objectsByName(String name) {
        JsonFields map = object(name);
        Map<String, JsonFields> out = new LinkedHashMap<>();
        for (String key : map.names()) {
            out.put(key, map.object(key));
        }
        return out;
    }

    /** @return the field, an object whose values are strings or other primitives, as text */
    Map<String, String> texts(String name) {
        JsonFields map = object(name);
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : map.names()) {
            out.put(key, map.text(key));
        }
        return out;
    }

    /** @return the field, an array of strings; null when it is missing */
    List<String> optionalStrings(String name) {
        return has(name) ? strings(array(name), path(name)) : null;
    }

    /** @return the field, an array of arrays of strings */
    List<List<String>> stringRows(String name) {
        JsonArray rows = array(name);
        List<List<String>> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonElement row = rows.get(i);
            String where = path(name) + "[" + i + "]";
            if (!row.isJsonArray()) {
                throw new ResultsFormatException(file, where + " is " + shown(row) + ", not an array");
            }
            out.add(strings(row.getAsJsonArray(), where));
        }
        return out;
    }

    List<String> strings(String name) {
        return strings(array(name), path(name));
    }

    /**
     * @param min the smallest value allowed
     * @return the field, an array of integers from {@code min} to {@link Integer#MAX_VALUE}; null when it is missing
     */
    List<Integer> optionalIntegers(String name, int min) {
        if (!has(name)) {
            return null;
        }
        JsonArray array = array(name);
        List<Integer> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonElement e = array.get(i);
            double value = e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() ? e.getAsDouble() : Double.NaN;
            if (!(value >= min && value <= Integer.MAX_VALUE && value == Math.rint(value))) {
                throw new ResultsFormatException(file, path(name) + "[" + i + "] is " + shown(e)
                        + ", not an integer from " + min + " to " + Integer.MAX_VALUE);
            }
            out.add((int) value);
        }
        return out;
    }

    /** @return the array of arrays of finite numbers (each inner one may be empty); empty if absent */
    List<List<Double>> optionalNumberRows(String name) {
        if (!has(name)) {
            return List.of();
        }
        JsonArray rows = array(name);
        List<List<Double>> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonElement row = rows.get(i);
            String where = path(name) + "[" + i + "]";
            if (!row.isJsonArray()) {
                throw new ResultsFormatException(file, where + " is " + shown(row) + ", not an array");
            }
            JsonArray values = row.getAsJsonArray();
            List<Double> numbers = new ArrayList<>(values.size());
            for (int j = 0; j < values.size(); j++) {
                JsonElement e = values.get(j);
                if (!(e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber() && Double.isFinite(e.getAsDouble()))) {
                    throw new ResultsFormatException(file, where + "[" + j + "] is " + shown(e)
                            + ", not a finite number");
                }
                numbers.add(e.getAsDouble());
            }
            out.add(numbers);
        }
        return out;
    }

    /** @return the array's numbers, a null as NaN (a round that measured nothing); empty if absent */
    List<Double> optionalNumbers(String name) {
        if (!has(name)) {
            return List.of();
        }
        JsonArray array = array(name);
        List<Double> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonElement e = array.get(i);
            if (e.isJsonNull()) {
                out.add(Double.NaN);
            } else if (e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber()
                    && Double.isFinite(e.getAsDouble())) {
                out.add(e.getAsDouble());
            } else {
                throw new ResultsFormatException(file, path(name) + "[" + i + "] is " + shown(e)
                        + ", not a finite number or null");
            }
        }
        return out;
    }

    private List<String> strings(JsonArray array, String where) {
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            JsonElement e = array.get(i);
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                throw new ResultsFormatException(file, where + "[" + i + "] is " + shown(e) + ", not a string");
            }
            out.add(e.getAsString());
        }
        return out;
    }

    private JsonArray array(String name) {
        JsonElement e = required(name);
        if (!e.isJsonArray()) {
            throw wrongType(name, e, "an array");
        }
        return e.getAsJsonArray();
    }

    private JsonFields object(JsonElement e, String where) {
        if (!e.isJsonObject()) {
            throw new ResultsFormatException(file, where + " is " + shown(e) + ", not an object");
        }
        return new JsonFields(file, where, e.getAsJsonObject());
    }

    private String string(String name, JsonElement e) {
        if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
            throw wrongType(name, e, "a string");
        }
        return e.getAsString();
    }

    private JsonElement required(String name) {
        JsonElement e = object.get(name);
        if (e == null) {
            throw new ResultsFormatException(file, path() + " has no " + quoted(name));
        }
        if (e.isJsonNull()) {
            throw new ResultsFormatException(file, path(name) + " is null");
        }
        return e;
    }

    private ResultsFormatException wrongType(String name, JsonElement e, String expected) {
        return new ResultsFormatException(file, path(name) + " is " + shown(e) + ", not " + expected);
    }

    /** @return e.g. {@code results[3].threads}, or {@code experiments["a b"]} for a name that is not a word */
    private String path(String name) {
        return WORD.matcher(name).matches() ? (path.isEmpty() ? name : path + "." + name)
                : path + "[" + quoted(name) + "]";
    }

    /** @return a value as a message shows it: a primitive as written (strings quoted and shortened), else its kind */
    static String shown(JsonElement e) {
        if (e.isJsonNull()) {
            return "null";
        }
        if (e.isJsonArray()) {
            return "an array";
        }
        if (e.isJsonObject()) {
            return "an object";
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        return p.isString() ? quoted(p.getAsString()) : shorten(p.getAsString(), SHOWN);
    }

    /** @return the text in double quotes, shortened, with quotes and control characters escaped: one line */
    static String quoted(String text) {
        String s = shorten(text, SHOWN).replace("\\", "\\\\").replace("\"", "\\\"");
        return "\"" + escaped(s) + "\"";
    }

    /** @return a check's message, which may quote the file, as one line of at most {@value #MESSAGE} characters */
    static String oneLine(String message) {
        return escaped(shorten(message, MESSAGE));
    }

    private static String escaped(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7f || c == 0x2028 || c == 0x2029) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static String shorten(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max; // keep pairs whole
        return text.substring(0, end) + "…";
    }
}

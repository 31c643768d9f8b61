package io.contend.cli.report;

import io.contend.cli.results.ResultsFormatException;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every field of a real results.json, one at a time, removed or replaced by a value of another type or out of
 * range: the report either renders the file or refuses it with a {@link ResultsFormatException}, one line naming
 * it (which {@code contend report} prints with exit 2, see {@link ReportCommandTest}); nothing else is thrown.
 */
class ReportHostileInputTest {
    /** Null, a negative, a fraction, a number beyond int, and two of the wrong type. */
    private static final List<String> VALUES = List.of("null", "-1", "2.5", "1e30", "\"x\"", "[]");

    @Test
    void everyFieldRemovedOrReplacedIsRenderedOrRefusedInOneLine(@TempDir Path dir) throws Exception {
        String fixture;
        try (InputStream in = getClass().getResourceAsStream("/report/results.json")) {
            fixture = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, List<Object>> places = new LinkedHashMap<>();
        walk(JsonParser.parseString(fixture), "", places);
        assertTrue(places.size() > 50, "the fixture has the schema's fields: " + places.keySet());
        Path results = dir.resolve("results.json");
        Path report = dir.resolve("index.html");
        int refused = 0;
        for (Map.Entry<String, List<Object>> place : places.entrySet()) {
            List<String> changes = new ArrayList<>(VALUES);
            changes.add(null); // removed
            for (String value : changes) {
                JsonElement root = JsonParser.parseString(fixture);
                change(root, place.getValue(), value);
                Files.writeString(results, root.toString());
                Files.deleteIfExists(report);
                String what = place.getKey() + (value == null ? " removed" : " = " + value);
                try {
                    new HtmlReport().write(dir);
                    assertTrue(Files.exists(report), what);
                } catch (ResultsFormatException e) {
                    refused++;
                    String message = e.getMessage();
                    assertFalse(message.contains("\n"), what + ": " + message);
                    assertTrue(message.startsWith(results + " is not a contend results file: ") && message.length() < 300,
                            what + ": " + message);
                }
            }
        }
        assertTrue(refused > places.size(), "most changes are refused: " + refused);
    }

    /** Records each field and element once per path with indices left out, as the steps that reach it. */
    private static void walk(JsonElement e, String path, Map<String, List<Object>> places) {
        walk(e, path, new ArrayList<>(), places);
    }

    private static void walk(JsonElement e, String path, List<Object> steps, Map<String, List<Object>> places) {
        if (e.isJsonObject()) {
            for (Map.Entry<String, JsonElement> field : e.getAsJsonObject().entrySet()) {
                step(field.getValue(), path + "." + field.getKey(), steps, field.getKey(), places);
            }
        } else if (e.isJsonArray()) {
            JsonArray array = e.getAsJsonArray();
            for (int i = 0; i < array.size(); i++) {
                step(array.get(i), path + "[]", steps, i, places);
            }
        }
    }

    private static void step(JsonElement child, String path, List<Object> steps, Object step,
                             Map<String, List<Object>> places) {
        List<Object> here = new ArrayList<>(steps);
        here.add(step);
        if (places.putIfAbsent(path, here) == null) {
            walk(child, path, here, places);
        }
    }

    /** Replaces the element at the steps by the JSON value, or removes it for null. */
    private static void change(JsonElement root, List<Object> steps, String value) {
        JsonElement parent = root;
        for (Object step : steps.subList(0, steps.size() - 1)) {
            parent = step instanceof Integer i ? parent.getAsJsonArray().get(i) : parent.getAsJsonObject().get((String) step);
        }
        Object last = steps.get(steps.size() - 1);
        JsonElement replacement = value == null ? null : JsonParser.parseString(value);
        Consumer<JsonElement> set;
        if (last instanceof Integer i) {
            JsonArray array = parent.getAsJsonArray();
            set = r -> {
                if (r == null) {
                    array.remove((int) i);
                } else {
                    array.set(i, r);
                }
            };
        } else {
            JsonObject object = parent.getAsJsonObject();
            set = r -> {
                if (r == null) {
                    object.remove((String) last);
                } else {
                    object.add((String) last, r.isJsonNull() ? JsonNull.INSTANCE : r);
                }
            };
        }
        set.accept(replacement);
    }
}

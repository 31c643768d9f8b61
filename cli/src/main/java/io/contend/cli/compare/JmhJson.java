package io.contend.cli.compare;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads the JSON that JMH writes with {@code -rf json} (format of JMH 1.x). */
public final class JmhJson {
    /** A JMH result file larger than this is refused: ours hold a few kilobytes per configuration. */
    static final long MAX_BYTES = 64L << 20;

    private JmhJson() {
    }

    /**
     * @param file a JMH JSON result file
     * @return its results, in file order
     * @throws IOException if it cannot be read, or is not JMH's JSON (the message names the file and what is wrong)
     */
    public static List<JmhResult> read(Path file) throws IOException {
        return read(file, null);
    }

    /**
     * @param file a JMH JSON result file
     * @param metric the secondary metric to read instead of the primary one (for example an {@code @AuxCounters}
     *        counter such as {@code pollsMade}, or {@code ·gc.alloc.rate.norm}), or null for the primary metric
     * @return its results that report the metric, in file order
     * @throws IOException if it cannot be read, is not JMH's JSON, or holds results of which none reports the
     *         secondary metric (the message lists the ones they report)
     */
    public static List<JmhResult> read(Path file, String metric) throws IOException {
        long size = Files.size(file);
        if (size > MAX_BYTES) {
            throw new IOException(file + ": " + size + " bytes, more than a JMH result file of " + (MAX_BYTES >> 20)
                    + " MiB");
        }
        try {
            Set<String> available = new TreeSet<>();
            JsonElement root = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8));
            List<JmhResult> results = parse(root, metric, available);
            if (metric != null && results.isEmpty() && root.getAsJsonArray().size() > 0) {
                throw new IOException(file + ": no result reports the secondary metric '" + metric + "'; they report "
                        + (available.isEmpty() ? "none" : String.join(", ", available)));
            }
            return results;
        } catch (JsonParseException | IllegalStateException | ClassCastException | NullPointerException
                 | NumberFormatException | UnsupportedOperationException e) {
            throw new IOException(file + " is not a JMH JSON result file (-rf json): " + e.getMessage(), e);
        }
    }

    private static List<JmhResult> parse(JsonElement root, String metric, Set<String> available) {
        List<JmhResult> results = new ArrayList<>();
        for (JsonElement e : root.getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            Map<String, String> params = new LinkedHashMap<>();
            if (o.has("params")) {
                for (Map.Entry<String, JsonElement> p : o.getAsJsonObject("params").entrySet()) {
                    params.put(p.getKey(), p.getValue().getAsString());
                }
            }
            BenchKey key = new BenchKey(o.get("benchmark").getAsString(), o.get("mode").getAsString(),
                    o.get("threads").getAsInt(), params);
            JsonObject primary = o.getAsJsonObject("primaryMetric");
            if (metric != null) {
                JsonObject secondary = o.has("secondaryMetrics") ? o.getAsJsonObject("secondaryMetrics") : new JsonObject();
                available.addAll(secondary.keySet());
                if (!secondary.has(metric)) {
                    continue;
                }
                primary = secondary.getAsJsonObject(metric);
            }
            List<double[]> forks = new ArrayList<>();
            if (primary.has("rawData")) {
                for (JsonElement fork : primary.getAsJsonArray("rawData")) {
                    JsonArray iterations = fork.getAsJsonArray();
                    double[] values = new double[iterations.size()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = iterations.get(i).getAsDouble();
                    }
                    if (values.length > 0) {
                        forks.add(values);
                    }
                }
            }
            if (forks.isEmpty()) { // sample mode keeps histograms only: one value, the score
                forks.add(new double[] {primary.get("score").getAsDouble()});
            }
            String vm = text(o, "vmName") + " " + text(o, "vmVersion");
            String unit = primary.get("scoreUnit").getAsString();
            results.add(new JmhResult(key, unit, forks, text(o, "jmhVersion"), vm.trim(),
                    metric == null ? JmhResult.modeDirection(key.mode()) : JmhResult.unitDirection(unit, key.mode())));
        }
        return results;
    }

    private static String text(JsonObject o, String name) {
        JsonElement e = o.get(name);
        return e == null || e.isJsonNull() ? "" : e.getAsString();
    }
}

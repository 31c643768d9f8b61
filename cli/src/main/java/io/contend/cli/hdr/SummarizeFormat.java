package io.contend.cli.hdr;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.contend.hdr.LatencyStats;
import io.contend.hdr.LogSummary;
import io.contend.hdr.OutputUnit;
import io.contend.hdr.SummaryFormat;
import io.contend.hdr.TaggedHistogram;

import java.util.List;

/**
 * {@code hdr summarize --format}: the library's text formats, and JSON for programs (what vegeta's
 * {@code report -type=json} is to its text report).
 */
enum SummarizeFormat {
    /** A table per log. */
    PERCENTILES,
    /** HdrHistogram's percentile distribution per log and tag. */
    HGRM,
    /** A CSV row per log and tag. */
    CSV,
    /**
     * One object: {@code unit}, {@code unitRatio}, and {@code logs}, each with its {@code source} and {@code tags}:
     * {@code tag} (null when untagged) and {@link LatencyJson}'s fields, in the unit.
     */
    JSON;

    String render(List<LogSummary> logs, OutputUnit unit) {
        if (this != JSON) {
            return SummaryFormat.valueOf(name()).render(logs, unit);
        }
        JsonObject root = new JsonObject();
        root.addProperty("unit", unit.label());
        root.addProperty("unitRatio", unit.ratio());
        JsonArray array = new JsonArray();
        for (LogSummary log : logs) {
            JsonObject l = new JsonObject();
            l.addProperty("source", log.source());
            JsonArray tags = new JsonArray();
            for (TaggedHistogram t : log.tags()) {
                JsonObject o = new JsonObject();
                o.addProperty("tag", t.tag());
                LatencyJson.of(LatencyStats.of(t.histogram(), unit)).entrySet().forEach(e -> o.add(e.getKey(), e.getValue()));
                tags.add(o);
            }
            l.add("tags", tags);
            array.add(l);
        }
        root.add("logs", array);
        return new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create().toJson(root) + "\n";
    }
}

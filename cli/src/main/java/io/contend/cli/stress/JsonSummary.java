package io.contend.cli.stress;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import io.contend.load.LateSends;
import io.contend.load.LatencyKind;
import io.contend.load.ShardHeader;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.cli.hdr.LatencyJson;
import io.contend.hdr.LatencyStats;
import io.contend.hdr.OutputUnit;

/**
 * The stress summary as JSON, for programs (as vegeta's {@code report -type=json} is to its text report): the same
 * numbers as the text summary, latencies in milliseconds.
 *
 * <p>Fields: {@code workload}, {@code rate}, {@code threads}, {@code end} (FINISHED, STOPPED or STOPPED_IN_WARMUP),
 * {@code elapsedSeconds}, {@code opsPerSecond}, {@code scheduled}, {@code completed}, {@code errors},
 * {@code unfinished}, {@code missed}, {@code gcCount}, {@code gcMillis}, {@code faults}, {@code shard} (its
 * {@code index}, {@code count}, {@code host} and agreed {@code startAt}, absent if none), {@code lateSends} (operations
 * that started over {@code thresholdMs} after their intended start: {@code operations}, {@code late},
 * {@code p99Ms}, {@code maxMs} of lateness and {@code behind}, true when over 10% were late), {@code reported} (which
 * latency the run reports: rt at a fixed rate, st otherwise) and {@code operations}: per operation its
 * {@code completed}, {@code errors}, {@code firstErrors}, {@code clampedValues} and per latency ({@code rt},
 * {@code st}, {@code wt}) {@link LatencyJson}'s fields in ms; a latency with no value has only its count.
 */
final class JsonSummary {
    private JsonSummary() {
    }

    static String of(String workload, StressConfig config, StressResult result) {
        JsonObject root = new JsonObject();
        root.addProperty("workload", workload);
        root.addProperty("rate", config.rate().toString());
        root.addProperty("threads", config.threads());
        root.addProperty("end", result.end().name());
        root.addProperty("elapsedSeconds", result.elapsedNanos() / 1e9);
        root.addProperty("opsPerSecond", result.opsPerSecond());
        root.addProperty("scheduled", result.scheduled());
        root.addProperty("completed", result.completed());
        root.addProperty("errors", result.errors());
        root.addProperty("unfinished", result.unfinished());
        root.addProperty("missed", result.missed());
        root.addProperty("gcCount", result.gcCount());
        root.addProperty("gcMillis", result.gcMillis());
        JsonArray faults = new JsonArray();
        result.faults().forEach(f -> faults.add(f.message()));
        root.add("faults", faults);
        JsonObject shard = new JsonObject();
        shard.addProperty("index", config.shard().index());
        shard.addProperty("count", config.shard().count());
        shard.addProperty("host", ShardHeader.localHost());
        shard.addProperty("startAt", config.startAt() == null ? null : config.startAt().toString());
        root.add("shard", shard);
        LateSends late = result.lateSends(LateSends.DEFAULT_THRESHOLD);
        JsonObject lateSends = new JsonObject();
        lateSends.addProperty("operations", late.operations());
        lateSends.addProperty("late", late.late());
        lateSends.addProperty("thresholdMs", late.thresholdNanos() / 1e6);
        lateSends.addProperty("p99Ms", late.p99Nanos() / 1e6);
        lateSends.addProperty("maxMs", late.maxNanos() / 1e6);
        lateSends.addProperty("behind", late.behind());
        root.add("lateSends", lateSends);
        root.addProperty("reported", config.rate().reportedLatency().suffix());
        root.addProperty("unit", "ms");
        JsonObject operations = new JsonObject();
        for (StressResult.Op op : result.operations()) {
            JsonObject o = new JsonObject();
            o.addProperty("completed", op.completed());
            o.addProperty("errors", op.errors());
            JsonArray first = new JsonArray();
            op.firstErrors().forEach(first::add);
            o.add("firstErrors", first);
            o.addProperty("clampedValues", op.clampedValues());
            for (LatencyKind kind : LatencyKind.values()) {
                o.add(kind.suffix(), LatencyJson.of(LatencyStats.of(op.metric(kind), OutputUnit.MILLISECONDS)));
            }
            operations.add(op.name(), o);
        }
        root.add("operations", operations);
        return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
    }

}

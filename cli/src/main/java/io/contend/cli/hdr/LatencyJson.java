package io.contend.cli.hdr;

import com.google.gson.JsonObject;
import io.contend.hdr.LatencyStats;

/** One latency summary as a JSON object: the fields both {@code hdr summarize --format json} and stress's --summary-json use. */
public final class LatencyJson {
    private LatencyJson() {
    }

    /**
     * @param s the summary, already in its output unit
     * @return {@code count}, and when there is a value {@code min}, {@code mean}, {@code p50}, {@code p90},
     *         {@code p99}, {@code p99.9}, {@code p99.99} and {@code max}
     */
    public static JsonObject of(LatencyStats s) {
        JsonObject o = new JsonObject();
        o.addProperty("count", s.count());
        if (s.count() > 0) {
            o.addProperty("min", s.min());
            o.addProperty("mean", s.mean());
            o.addProperty("p50", s.p50());
            o.addProperty("p90", s.p90());
            o.addProperty("p99", s.p99());
            o.addProperty("p99.9", s.p999());
            o.addProperty("p99.99", s.p9999());
            o.addProperty("max", s.max());
        }
        return o;
    }
}

package io.contend.cli.lab;


import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** Trials with scripted scores, for the round machinery's tests. */
final class Fixtures {
    private Fixtures() {
    }

    /** A trial whose round i scores scores[i % length] and counts its measurements in order. */
    static DirectTrial trial(String impl, List<String> log, double... scores) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("impl", impl);
        AtomicInteger calls = new AtomicInteger();
        return new DirectTrial("bench", params, 2, round -> {
            log.add(impl + "@" + round);
            calls.incrementAndGet();
            return new Sample(scores[round % scores.length], "ops/us",
                    Map.of("extra", new ResultRecord.Secondary(round, "n")));
        });
    }

    static Comparison comparison(Trial baseline, Trial... contenders) {
        return new Comparison(baseline, List.of(contenders), Direction.HIGHER);
    }
}

package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import java.util.List;
import java.util.Map;

/** Records of a queue table with a pair ("strict vs default"), each side compared with a peer, for the pair tests. */
public final class PairFixture {
    /** Compares impl against "peer", and pairs "strict" with "default". */
    public static final TableSpec SPEC = new TableSpec(List.of("queue", "impl"), "impl", "peer", Direction.HIGHER,
            List.of(), List.of()).withPairs(List.of(new TableSpec.Pair("strict", "default")));
    /** The peer's rounds. */
    public static final List<Double> PEER = List.of(10.0, 12.0, 9.0, 11.0, 10.5);
    /** The pair's reference's rounds. */
    public static final List<Double> DEFAULT = List.of(11.0, 12.5, 10.0, 12.0, 11.0);
    /** The pair's contender's rounds. */
    public static final List<Double> STRICT = List.of(9.5, 11.0, 8.0, 10.0, 9.9);

    private PairFixture() {
    }

    /** @return a throughput record of the queue and impl with these rounds, judged against {@link #PEER} */
    public static ResultRecord record(String queue, String impl, List<Double> samples) {
        ComparisonResult vsPeer = impl.equals("peer") ? null
                : StoppingRule.FIXED_PLAN.judge(Map.of("impl", "peer"), samples, PEER, Direction.HIGHER, Judge.MARGIN);
        return new ResultRecord("queues", "throughput", Map.of("queue", queue, "impl", impl), 2,
                samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), 0.5, "ops/us", Map.of(),
                "quick", false, samples.size(), vsPeer, samples, "r1");
    }
}

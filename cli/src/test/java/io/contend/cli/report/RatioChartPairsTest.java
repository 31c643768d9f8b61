package io.contend.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.StoppingRule;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report's forest plot carries the table's "A vs B" pair rows, with the ratio of A's rounds to B's. */
class RatioChartPairsTest {
    private static final TableSpec SPEC = new TableSpec(List.of("queue", "impl"), "impl", "peer", Direction.HIGHER,
            List.of(), List.of()).withPairs(List.of(new TableSpec.Pair("strict", "default")));
    private static final List<Double> PEER = List.of(10.0, 12.0, 9.0, 11.0, 10.5);
    private static final List<Double> DEFAULT = List.of(11.0, 12.5, 10.0, 12.0, 11.0);
    private static final List<Double> STRICT = List.of(9.5, 11.0, 8.0, 10.0, 9.9);

    private static ResultRecord record(String impl, List<Double> samples) {
        ComparisonResult vsPeer = impl.equals("peer") ? null
                : StoppingRule.FIXED_PLAN.judge(Map.of("impl", "peer"), samples, PEER, Direction.HIGHER, Judge.MARGIN);
        return new ResultRecord("queues", "throughput", Map.of("queue", "SpscArray", "impl", impl), 2,
                samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), 0.5, "ops/us", Map.of(),
                "quick", false, samples.size(), vsPeer, samples, "r1");
    }

    @Test
    void thePairRowFollowsItsContenderWithTheRatioOfThePairedRounds() {
        List<ResultRecord> records = List.of(record("peer", PEER), record("default", DEFAULT), record("strict", STRICT));
        String svg = HtmlReport.ratioChart("queues", SPEC, records);
        double logSum = 0;
        for (int i = 0; i < STRICT.size(); i++) {
            logSum += Math.log(STRICT.get(i) / DEFAULT.get(i));
        }
        String byHand = String.format(Locale.ROOT, "%.2f", Math.exp(logSum / STRICT.size())); // 0.85
        Matcher titles = Pattern.compile("<title>([^<]*)x \\[").matcher(svg);
        List<String> rows = titles.results().map(m -> m.group(1)).toList();
        assertEquals(3, rows.size(), svg);
        assertTrue(rows.get(0).startsWith("default"), rows.toString());
        assertTrue(rows.get(1).startsWith("strict"), rows.toString());
        assertEquals("strict vs default: " + byHand, rows.get(2));
    }
}

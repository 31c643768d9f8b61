package io.contend.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.analysis.PairFixture;
import io.contend.cli.results.ResultRecord;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report's forest plot carries the table's "A vs B" pair rows, with the ratio of A's rounds to B's. */
class RatioChartPairsTest {
    private static final List<Double> DEFAULT = PairFixture.DEFAULT;
    private static final List<Double> STRICT = PairFixture.STRICT;

    private static ResultRecord record(String impl, List<Double> samples) {
        return PairFixture.record("SpscArray", impl, samples);
    }

    @Test
    void thePairRowFollowsItsContenderWithTheRatioOfThePairedRounds() {
        List<ResultRecord> records = List.of(record("peer", PairFixture.PEER), record("default", DEFAULT), record("strict", STRICT));
        String svg = HtmlReport.ratioChart("queues", PairFixture.SPEC, records);
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

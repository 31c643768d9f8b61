package io.contend.cli.analysis;


import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import io.contend.cli.results.Verdict;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An experiment's table as cells: one model that both the terminal ({@link TextTable}) and the HTML report
 * render, built from results.json's records and table spec alone.
 *
 * <p>Columns: benchmark, the parameter columns that some record has, threads ({@code *} when oversubscribed),
 * score, error (95% interval half-width over rounds), units, rounds, the ratio to the baseline (above 1 is
 * better), its 95% interval, the verdict, then the secondary columns. After a record of a {@link TableSpec.Pair}'s
 * contender comes its row against the pair's reference: the compared column names both, the ratio is between them. An interval that the confidence sequence of
 * a continued run gave ({@link StoppingRule}) is marked {@value StoppingRule#SEQUENCE_MARK}, and the verdict summary
 * says what that means.
 *
 * @param header column headers
 * @param leftColumns how many leading columns are names (left-aligned)
 * @param rows one row of cells per record
 * @param verdicts how many comparisons with the baseline reached each verdict
 * @param pairVerdicts how many pair rows ({@link TableSpec.Pair}) reached each verdict, counted apart
 * @param anyOversubscribed whether a row ran more threads than CPUs
 * @param inconclusiveRounds for the inconclusive comparisons of runs of one look, the largest estimate of the
 *                           rounds that would settle one, or 0 when none has an estimate
 * @param sequentialLooks the looks of the continued run whose comparisons the confidence sequence judged (the
 *                        longest list when rows differ), or empty when every row is of a fixed plan
 * @param sequentialRounds for the inconclusive comparisons the confidence sequence judged, the largest estimate of
 *                         the rounds in all that would settle one, or 0 when none has an estimate
 * @param anyBootstrap whether a comparison's interval is the round bootstrap of pooled percentiles
 *                     ({@link PercentileBootstrap}), marked {@value PercentileBootstrap#MARK}
 */
public record ResultTable(List<String> header, int leftColumns, List<List<String>> rows, Map<Verdict, Integer> verdicts,
                          Map<Verdict, Integer> pairVerdicts, boolean anyOversubscribed, int inconclusiveRounds, List<Integer> sequentialLooks,
                          int sequentialRounds, boolean anyBootstrap) {

    /** Header of the ratio's interval column. */
    public static final String INTERVAL = "95% CI";
    /** Beyond this many rounds the hint says the difference may be too close to the margin instead. */
    static final int MAX_ROUNDS_HINT = 100;
    /** Header of the verdict column. */
    public static final String VERDICT = "Verdict";

    /**
     * @param spec the table spec
     * @param records the experiment's records, in order
     * @return the table
     */
    public static ResultTable of(TableSpec spec, List<ResultRecord> records) {
        List<String> params = new ArrayList<>();
        for (String p : spec.paramColumns()) {
            if (records.stream().anyMatch(r -> r.param(p) != null)) {
                params.add(p);
            }
        }
        boolean compared = records.stream().anyMatch(r -> r.comparison() != null);
        List<String> header = new ArrayList<>();
        header.add("Benchmark");
        header.addAll(params);
        header.addAll(List.of("Threads", "Score", "Error", "Units", "Rounds"));
        if (compared) {
            header.addAll(List.of(spec.ratioHeader(), INTERVAL, VERDICT));
        }
        for (TableSpec.Column column : spec.secondaryColumns()) {
            header.add(column.header());
        }
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        Map<Verdict, Integer> pairVerdicts = new EnumMap<>(Verdict.class);
        List<List<String>> rows = new ArrayList<>();
        boolean oversubscribed = false;
        int settle = 0;
        List<Integer> looks = List.of();
        int settleSequence = 0;
        boolean anyBootstrap = false;
        for (ResultRecord r : records) {
            List<String> row = new ArrayList<>();
            row.add(r.benchmark());
            for (String p : params) {
                row.add(Objects.toString(r.param(p), "-"));
            }
            row.add(r.threads() + (r.oversubscribed() ? "*" : ""));
            oversubscribed |= r.oversubscribed();
            row.add(number("%.3f", r.score()));
            row.add(r.error() == null ? "n/a" : "± " + number("%.3f", r.error()));
            row.add(r.unit());
            row.add(Integer.toString(r.rounds()));
            if (compared) {
                ComparisonResult c = r.comparison();
                if (c == null) {
                    row.addAll(List.of(isBaseline(r, records) ? "baseline" : "-", "", ""));
                } else {
                    boolean sequence = StoppingRule.of(r) == StoppingRule.CONFIDENCE_SEQUENCE;
                    row.add(number("%.2fx", c.ratio()));
                    // A sequence of two rounds or more without an interval is still the whole line.
                    String none = sequence && c.rounds() >= 2 ? "unbounded" : "n/a";
                    boolean bootstrap = r.latency() != null;
                    anyBootstrap |= bootstrap;
                    row.add((c.ratioLow() == null ? none : "[" + number("%.2f", c.ratioLow()) + ", "
                            + number("%.2f", c.ratioHigh()) + "]") + (bootstrap ? " " + PercentileBootstrap.MARK : "")
                            + (sequence ? " " + StoppingRule.SEQUENCE_MARK : ""));
                    row.add(c.verdict().label());
                    verdicts.merge(c.verdict(), 1, Integer::sum);
                    if (sequence && r.looks().size() > looks.size()) {
                        looks = r.looks();
                    }
                    if (c.verdict() == Verdict.INCONCLUSIVE && c.roundsToSettle() != null) {
                        if (sequence) {
                            settleSequence = Math.max(settleSequence, c.roundsToSettle());
                        } else {
                            settle = Math.max(settle, c.roundsToSettle());
                        }
                    }
                }
            }
            for (TableSpec.Column column : spec.secondaryColumns()) {
                ResultRecord.Secondary s = r.secondary().get(column.name());
                row.add(s == null || Double.isNaN(s.score()) ? "n/a" : column.render(s.score()));
            }
            rows.add(row);
            for (TableSpec.Pair pair : spec.pairs()) {
                List<String> paired = pairRow(spec, params, pair, r, records, pairVerdicts);
                if (paired != null) {
                    rows.add(paired);
                }
            }
        }
        return new ResultTable(List.copyOf(header), 1 + params.size(), List.copyOf(rows), verdicts, pairVerdicts,
                oversubscribed, settle, looks, settleSequence, anyBootstrap);
    }

    /** Copies the looks. */
    public ResultTable {
        sequentialLooks = List.copyOf(sequentialLooks);
    }

    /**
     * A record of a pair's contender and its reference's record: the same benchmark, threads, other parameters and
     * baseline.
     *
     * @param contender the record of the pair's contender
     * @param reference the record it is compared with
     */
    public record PairedRecords(ResultRecord contender, ResultRecord reference) {
    }

    /**
     * @param spec the table's spec (which parameter is compared)
     * @param pair the pair
     * @param r a record
     * @param records every record of the table
     * @return r and its pair's reference, or null when r is not one of the pair's contender, has no comparison or
     *         has no reference
     */
    public static PairedRecords pairOf(TableSpec spec, TableSpec.Pair pair, ResultRecord r, List<ResultRecord> records) {
        String compared = spec.compared();
        if (compared == null || r.comparison() == null || !pair.contender().equals(r.param(compared))) {
            return null;
        }
        for (ResultRecord q : records) {
            if (pair.reference().equals(q.param(compared)) && sameOtherwise(r, q, compared)) {
                return new PairedRecords(r, q);
            }
        }
        return null;
    }

    /**
     * Judges a pair from the two records' per-round samples, paired by round, by the rule that judges the
     * contender's own comparison, with its direction and margin.
     *
     * @param spec the table's spec
     * @param pair the pair
     * @param paired the two records
     * @return the pair's comparison
     * @throws IllegalArgumentException if their rounds do not pair (the message says why)
     */
    public static ComparisonResult judgePair(TableSpec spec, TableSpec.Pair pair, PairedRecords paired) {
        ComparisonResult mine = paired.contender().comparison();
        return StoppingRule.of(paired.contender()).judge(Map.of(spec.compared(), pair.reference()), paired.contender(),
                paired.reference(), mine.direction(), mine.margin());
    }

    /**
     * The row comparing a record of the pair's contender with its reference's record ({@link #pairOf}), or null
     * when there is none; judged by {@link #judgePair}.
     */
    private static List<String> pairRow(TableSpec spec, List<String> params, TableSpec.Pair pair, ResultRecord r,
                                        List<ResultRecord> records, Map<Verdict, Integer> verdicts) {
        PairedRecords paired = pairOf(spec, pair, r, records);
        if (paired == null) {
            return null;
        }
        String compared = spec.compared();
        ResultRecord reference = paired.reference();
        List<String> row = new ArrayList<>();
        row.add(r.benchmark());
        for (String p : params) {
            row.add(p.equals(compared) ? pair.label() : Objects.toString(r.param(p), "-"));
        }
        row.add(r.threads() + (r.oversubscribed() ? "*" : ""));
        row.add("-"); // the two scores are the contender's and the reference's own rows; only the ratio is new here
        row.add("-");
        row.add(r.unit());
        ComparisonResult c;
        try {
            c = judgePair(spec, pair, paired);
        } catch (IllegalArgumentException unpaired) { // e.g. rounds that do not pair: say why in the row
            row.addAll(List.of(Integer.toString(r.rounds()), "n/a", unpaired.getMessage(), "-"));
            padSecondary(spec, row);
            return row;
        }
        row.add(Integer.toString(c.rounds()));
        row.add(number("%.2fx", c.ratio()));
        boolean sequence = StoppingRule.of(r) == StoppingRule.CONFIDENCE_SEQUENCE;
        boolean bootstrap = r.latency() != null && reference.latency() != null
                && r.latency().percentile() == reference.latency().percentile(); // as StoppingRule.judge decides
        row.add((c.ratioLow() == null ? (sequence && c.rounds() >= 2 ? "unbounded" : "n/a") : "["
                + number("%.2f", c.ratioLow()) + ", " + number("%.2f", c.ratioHigh()) + "]")
                + (bootstrap ? " " + PercentileBootstrap.MARK : "") + (sequence ? " " + StoppingRule.SEQUENCE_MARK : ""));
        row.add(c.verdict().label());
        verdicts.merge(c.verdict(), 1, Integer::sum);
        padSecondary(spec, row);
        return row;
    }

    private static void padSecondary(TableSpec spec, List<String> row) {
        for (int i = 0; i < spec.secondaryColumns().size(); i++) {
            row.add("");
        }
    }

    /**
     * Same experiment, run, benchmark, threads and comparison baseline, and every parameter but the compared one
     * equal: two records whose rounds are the same rounds (pooled records name their first run, and pool alike).
     */
    private static boolean sameOtherwise(ResultRecord a, ResultRecord b, String compared) {
        if (!a.experiment().equals(b.experiment()) || !Objects.equals(a.run(), b.run())
                || !a.benchmark().equals(b.benchmark()) || a.threads() != b.threads() || b.comparison() == null
                || !a.comparison().baseline().equals(b.comparison().baseline())) {
            return false;
        }
        Set<String> keys = new HashSet<>(a.params().keySet());
        keys.addAll(b.params().keySet());
        keys.remove(compared);
        for (String k : keys) {
            if (!Objects.equals(a.param(k), b.param(k))) {
                return false;
            }
        }
        return true;
    }

    /** A record without a comparison is a baseline when some other record's comparison points at its parameters. */
    private static boolean isBaseline(ResultRecord r, List<ResultRecord> records) {
        for (ResultRecord other : records) {
            ComparisonResult c = other.comparison();
            if (c != null && other.benchmark().equals(r.benchmark()) && matches(r, other, c)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(ResultRecord baseline, ResultRecord contender, ComparisonResult c) {
        for (Map.Entry<String, String> e : c.baseline().entrySet()) {
            String value = e.getKey().equals("threads") ? Integer.toString(baseline.threads()) : baseline.param(e.getKey());
            if (!e.getValue().equals(value)) {
                return false;
            }
        }
        for (Map.Entry<String, String> e : contender.params().entrySet()) {
            if (!c.baseline().containsKey(e.getKey()) && baseline.param(e.getKey()) != null
                    && !e.getValue().equals(baseline.param(e.getKey()))) {
                return false;
            }
        }
        return c.baseline().containsKey("threads") || baseline.threads() == contender.threads();
    }

    /**
     * @return one line summing up the verdicts, e.g. {@code verdicts: 3 faster, 1 same, 2 inconclusive}, with a
     *         hint of what would settle the inconclusive ones; null when nothing was compared
     */
    public String verdictSummary() {
        if (verdicts.isEmpty()) {
            return null;
        }
        StringBuilder out = new StringBuilder("verdicts:");
        String separator = " ";
        for (Verdict v : Verdict.values()) {
            Integer n = verdicts.get(v);
            if (n != null) {
                out.append(separator).append(n).append(' ').append(v.label());
                separator = ", ";
            }
        }
        if (verdicts.containsKey(Verdict.INCONCLUSIVE)) {
            out.append(". Inconclusive: the interval crosses the margin; ");
            if (sequentialLooks.isEmpty()) {
                out.append(inconclusiveRounds > 0 && inconclusiveRounds <= MAX_ROUNDS_HINT
                        ? "about " + inconclusiveRounds + " rounds (--rounds " + inconclusiveRounds + ") or --full may settle it"
                        : "more rounds (--rounds N) or --full may settle it, or the difference is too close to the margin to tell");
                out.append("; --more adds rounds to this run");
            } else if (sequentialLooks.size() >= StoppingRule.MAX_LOOKS) {
                out.append("this run has had its ").append(StoppingRule.MAX_LOOKS).append(" looks: a new run with more "
                        + "rounds (--rounds N) may settle it, or the difference is too close to the margin to tell");
            } else {
                int now = sequentialLooks.get(sequentialLooks.size() - 1);
                out.append(sequentialRounds > now && sequentialRounds <= StoppingRule.MAX_LOOKS * MAX_ROUNDS_HINT
                        ? "about " + sequentialRounds + " rounds in all may settle it (--more --rounds "
                                + Math.max(2, sequentialRounds - now) + ")"
                        : "more rounds (--more) may settle it, or the difference is too close to the margin to tell");
            }
        }
        if (!pairVerdicts.isEmpty()) {
            out.append(". Pair rows (A vs B):");
            String between = " ";
            for (Verdict v : Verdict.values()) {
                Integer n = pairVerdicts.get(v);
                if (n != null) {
                    out.append(between).append(n).append(' ').append(v.label());
                    between = ", ";
                }
            }
        }
        if (anyBootstrap) {
            out.append(". ").append(PercentileBootstrap.MARK).append(": the ratio is of the percentiles over all rounds' "
                    + "latencies pooled, the interval a bootstrap that redraws whole rounds");
        }
        if (!sequentialLooks.isEmpty()) {
            out.append(". ").append(StoppingRule.SEQUENCE_MARK).append(": the run was continued with --more (looks at ")
                    .append(sequentialLooks.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")))
                    .append(" rounds), so the interval is the anytime-valid 95% confidence sequence over all its rounds, "
                            + "wider than a fixed plan's t interval (a boot interval: at the confidence its look "
                            + "spends)");
        }
        return out.toString();
    }

    /**
     * @param spec the table spec
     * @return what the ratio, interval and verdict columns mean, one line
     */
    public static String ratioNote(TableSpec spec) {
        String pairs = spec.pairs().isEmpty() ? "" : " Rows named 'A vs B' (" + spec.pairs().stream()
                .map(TableSpec.Pair::label).collect(java.util.stream.Collectors.joining(", ")) + ") compare A with B "
                + "directly: A's ratio to B over the rounds both ran in, paired by round, judged the same way.";
        if (spec.ratioNote() != null) {
            return spec.ratioNote() + pairs;
        }
        return spec.ratioHeader() + ": times better than " + (spec.baseline() == null ? "the baseline" : spec.baseline())
                + " with the same other parameters, the geometric mean of per-round ratios (paired, interleaved"
                + " rounds; for times, its time / this time), above 1 is faster. " + INTERVAL
                + ": 95% interval. Verdict: faster/slower when the whole interval is beyond a "
                + Math.round(Judge.MARGIN * 100) + "% margin, same when it is inside it, else inconclusive." + pairs;
    }

    private static String number(String pattern, double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, pattern, value);
    }
}

package io.contend.cli.results;


import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How an experiment's results read, written to results.json beside them so that a report can be rendered from
 * the file alone: which parameters are columns, what is compared with what, which way scores are better, the
 * secondary columns, and the notes.
 *
 * @param paramColumns parameter names shown as columns, in order
 * @param compared the parameter whose values are compared, e.g. {@code impl} (or {@code threads})
 * @param baseline the baseline's value of {@code compared}, e.g. {@code jctools}, for headers
 * @param direction which way scores are better, unless {@code directions} says otherwise for a benchmark
 * @param directions per-benchmark exceptions to {@code direction}, e.g. {@code burst -> lower}
 * @param secondaryColumns secondary results shown as columns, in order
 * @param notes paragraphs shown under the table (what is measured, sources, caveats), each one unwrapped string:
 *              the terminal wraps them to its width, the report sets each as a paragraph
 * @param ratioNote what the ratio means when it is not a speed-up, or null
 * @param published a published source's own numbers for this experiment, or null
 * @param pairs contenders also compared with each other, row by row (empty in files written before there were any)
 */
public record TableSpec(List<String> paramColumns, String compared, String baseline, Direction direction,
                        Map<String, Direction> directions, List<Column> secondaryColumns, List<String> notes,
                        String ratioNote, PublishedTable published, List<Pair> pairs) {

    /**
     * Two values of the compared parameter that the table also compares with each other: each record of
     * {@code contender} with the record of {@code reference} that has its other parameters and the same baseline,
     * from their per-round samples, paired by round (both ran in every round of the comparison). For example, the
     * price of one contract against another, when both are contenders of the same peer.
     *
     * @param contender the value whose rows get a second ratio, e.g. {@code contend-strict}
     * @param reference the value it is compared with, e.g. {@code contend}
     */
    public record Pair(String contender, String reference) {
        /**
         * Checks both values are given and differ.
         *
         * @throws IllegalArgumentException if they are the same
         */
        public Pair {
            Objects.requireNonNull(contender, "contender");
            Objects.requireNonNull(reference, "reference");
            if (contender.equals(reference)) {
                throw new IllegalArgumentException("a pair compares two different values, not " + contender
                        + " with itself");
            }
        }

        /** @return how its rows name it, e.g. {@code contend-strict vs contend} */
        public String label() {
            return contender + " vs " + reference;
        }
    }

    /**
     * A secondary-result column.
     *
     * @param name the secondary result's name in records
     * @param header the column header
     * @param format how the score is written: {@code %.Nf}, N decimals from 0 to 9, e.g. {@code %.3f}; only
     *               these, since results.json carries the pattern and a file must not choose what is formatted
     */
    public record Column(String name, String header, String format) {
        private static final Pattern DECIMALS = Pattern.compile("%\\.([0-9])f");

        /**
         * Checks the format is one of the allowed ones.
         *
         * @throws IllegalArgumentException for any other format
         */
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(format, "format");
            if (!DECIMALS.matcher(format).matches()) {
                throw new IllegalArgumentException("format must be %.Nf with N from 0 to 9, e.g. %.3f, not " + format);
            }
        }

        /** @return the decimals the format writes */
        public int decimals() {
            return format.charAt(2) - '0';
        }

        /**
         * @param value a score
         * @return it with the column's decimals, e.g. {@code 0.250}
         */
        public String render(double value) {
            // The pattern is built here from a digit, never taken from the file.
            return String.format(Locale.ROOT, "%." + decimals() + "f", value);
        }
    }

    /** Copies the collections; null collections (from an older or partial file) become empty. */
    public TableSpec {
        paramColumns = paramColumns == null ? List.of() : List.copyOf(paramColumns);
        Objects.requireNonNull(direction, "direction");
        directions = directions == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(directions));
        secondaryColumns = secondaryColumns == null ? List.of() : List.copyOf(secondaryColumns);
        notes = notes == null ? List.of() : List.copyOf(notes);
        pairs = pairs == null ? List.of() : List.copyOf(pairs);
    }

    /**
     * A table without pairs.
     *
     * @param paramColumns parameter columns
     * @param compared the compared parameter
     * @param baseline the baseline's value
     * @param direction which way scores are better
     * @param directions per-benchmark directions
     * @param secondaryColumns secondary columns
     * @param notes notes
     * @param ratioNote the ratio note, or null
     * @param published published numbers, or null
     */
    public TableSpec(List<String> paramColumns, String compared, String baseline, Direction direction,
                     Map<String, Direction> directions, List<Column> secondaryColumns, List<String> notes,
                     String ratioNote, PublishedTable published) {
        this(paramColumns, compared, baseline, direction, directions, secondaryColumns, notes, ratioNote, published,
                List.of());
    }

    /**
     * A table without per-benchmark directions, ratio note or published numbers.
     *
     * @param paramColumns parameter columns
     * @param compared the compared parameter
     * @param baseline the baseline's value
     * @param direction which way scores are better
     * @param secondaryColumns secondary columns
     * @param notes notes
     */
    public TableSpec(List<String> paramColumns, String compared, String baseline, Direction direction,
                     List<Column> secondaryColumns, List<String> notes) {
        this(paramColumns, compared, baseline, direction, Map.of(), secondaryColumns, notes, null, null);
    }

    /**
     * @param benchmark a benchmark's short name
     * @return which way its score is better
     */
    public Direction directionOf(String benchmark) {
        return directions.getOrDefault(benchmark, direction);
    }

    /**
     * @param byBenchmark benchmark short name to direction
     * @return a copy with these per-benchmark directions
     */
    public TableSpec withDirections(Map<String, Direction> byBenchmark) {
        return new TableSpec(paramColumns, compared, baseline, direction, byBenchmark, secondaryColumns, notes,
                ratioNote, published, pairs);
    }

    /**
     * @param note what the ratio means when it is not a speed-up
     * @return a copy with this ratio note
     */
    public TableSpec withRatioNote(String note) {
        return new TableSpec(paramColumns, compared, baseline, direction, directions, secondaryColumns, notes, note,
                published, pairs);
    }

    /**
     * @param table a published source's numbers
     * @return a copy with these published numbers
     */
    public TableSpec withPublished(PublishedTable table) {
        return new TableSpec(paramColumns, compared, baseline, direction, directions, secondaryColumns, notes,
                ratioNote, table, pairs);
    }

    /**
     * @param compareAlso contenders the table also compares with each other
     * @return a copy with these pairs
     */
    public TableSpec withPairs(List<Pair> compareAlso) {
        return new TableSpec(paramColumns, compared, baseline, direction, directions, secondaryColumns, notes,
                ratioNote, published, compareAlso);
    }

    /** @return the ratio column's header, e.g. {@code vs jctools} */
    public String ratioHeader() {
        return "vs " + (baseline == null ? "baseline" : baseline);
    }
}

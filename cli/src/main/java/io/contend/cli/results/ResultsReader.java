package io.contend.cli.results;


import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a results.json into the model field by field, not by reflection, so that each way a file can be wrong
 * (a missing field, a wrong type, an integer out of range, a ratio that is not positive, a format outside the
 * allowed set) is one {@link ResultsFormatException} naming the file, the field and the value. Fields the lab
 * has always written are required; those an older version did not write have the defaults that version meant.
 * Fields this version does not know are ignored, so a newer file still renders.
 */
final class ResultsReader {
    private static final String DIRECTIONS = "\"higher\" or \"lower\"";
    private static final String VERDICTS = "\"faster\", \"slower\", \"same\" or \"inconclusive\"";

    private ResultsReader() {
    }

    /**
     * @param file a results file
     * @return its contents
     * @throws IOException if it cannot be read
     * @throws ResultsFormatException if it is not a results file this version reads
     */
    static ResultsFile.Contents read(Path file) throws IOException {
        JsonFields root = JsonFields.root(file, BoundedJson.parse(file));
        int version = root.optionalInteger("schemaVersion", 1, 1);
        if (version > ResultsFile.SCHEMA_VERSION) {
            throw new ResultsFormatException(file, "schema version " + version + " is newer than this contend reads ("
                    + ResultsFile.SCHEMA_VERSION + ")");
        }
        JsonFields machine = root.optionalObject("machine");
        Map<String, ExperimentInfo> experiments = new LinkedHashMap<>();
        if (root.has("experiments")) {
            root.objectsByName("experiments").forEach((name, info) -> experiments.put(name,
                    paragraphs(experiment(info), version)));
        }
        Map<String, RunInfo> runs = new LinkedHashMap<>();
        if (root.has("runs")) {
            root.objectsByName("runs").forEach((id, run) -> runs.put(id, run(id, run)));
        }
        List<ResultRecord> records = new ArrayList<>();
        for (JsonFields r : root.objects("results")) {
            ResultRecord record = record(r);
            if (record.run() != null && !runs.containsKey(record.run())) {
                throw r.invalid("run is " + JsonFields.quoted(record.run()) + ", which is not in runs");
            }
            records.add(record);
        }
        return new ResultsFile.Contents(version, machine == null ? null : machine(machine),
                root.optionalString("mode", "unknown"), root.optionalString("started", "unknown"), experiments, records,
                runs);
    }

    private static RunInfo run(String id, JsonFields r) {
        JsonFields machine = r.optionalObject("machine");
        return r.build(() -> new RunInfo(id, r.optionalString("contendVersion", "unknown"),
                r.optionalString("commit", "unknown"), r.optionalString("jvmVendor", "unknown"),
                r.optionalString("jvmVersion", "unknown"),
                java.util.Objects.requireNonNullElse(r.optionalStrings("jvmArguments"), List.of()),
                r.optionalString("cpuModel", "unknown"), machine == null ? null : machine(machine),
                r.has("peers") ? r.texts("peers") : Map.of(), r.optionalString("mode", "unknown"), r.optionalString("started", "unknown"),
                r.optionalString("ended", "unknown")));
    }

    private static MachineInfo machine(JsonFields m) {
        return new MachineInfo(m.integer("cpus", 1), m.string("jvmVersion"), m.string("jvmName"), m.string("os"));
    }

    private static ExperimentInfo experiment(JsonFields e) {
        List<ChartData> charts = new ArrayList<>();
        if (e.has("charts")) {
            for (JsonFields c : e.objects("charts")) {
                charts.add(chart(c));
            }
        }
        return e.build(() -> new ExperimentInfo(e.string("title"), e.optionalString("mode", "unknown"),
                e.optionalInteger("rounds", 0, 0), nonNegative(e, "budgetSeconds"), nonNegative(e, "elapsedSeconds"),
                table(e.object("table")), charts));
    }

    private static ChartData chart(JsonFields c) {
        List<ChartData.Line> lines = new ArrayList<>();
        for (JsonFields l : c.objects("lines")) {
            List<ChartData.Point> points = new ArrayList<>();
            for (JsonFields p : l.objects("points")) {
                points.add(p.build(() -> new ChartData.Point(p.number("x"), p.number("y"))));
            }
            lines.add(l.build(() -> new ChartData.Line(l.string("label"), points)));
        }
        List<ChartData.Tick> ticks = new ArrayList<>();
        if (c.has("ticks")) {
            for (JsonFields t : c.objects("ticks")) {
                ticks.add(t.build(() -> new ChartData.Tick(t.number("x"), t.string("label"))));
            }
        }
        return c.build(() -> new ChartData(c.string("name"), c.string("title"), c.string("xLabel"), c.string("yLabel"),
                c.optionalBoolean("logX", false), lines, ticks));
    }

    private static double nonNegative(JsonFields f, String name) {
        double value = f.optionalNumber(name, 0);
        if (value < 0) {
            throw f.invalid(name + " is " + value + ", not 0 or more");
        }
        return value;
    }

    private static TableSpec table(JsonFields t) {
        Map<String, Direction> directions = new LinkedHashMap<>();
        JsonFields byBenchmark = t.optionalObject("directions");
        if (byBenchmark != null) {
            for (String benchmark : byBenchmark.names()) {
                directions.put(benchmark, byBenchmark.parsed(benchmark, Direction::parse, DIRECTIONS));
            }
        }
        List<TableSpec.Column> columns = new ArrayList<>();
        if (t.has("secondaryColumns")) {
            for (JsonFields c : t.objects("secondaryColumns")) {
                columns.add(c.build(() -> new TableSpec.Column(c.string("name"), c.string("header"), c.string("format"))));
            }
        }
        List<TableSpec.Pair> pairs = new ArrayList<>();
        if (t.has("pairs")) {
            for (JsonFields p : t.objects("pairs")) {
                pairs.add(p.build(() -> new TableSpec.Pair(p.string("contender"), p.string("reference"))));
            }
        }
        JsonFields published = t.optionalObject("published");
        return t.build(() -> new TableSpec(t.optionalStrings("paramColumns"), t.optionalString("compared", null),
                t.optionalString("baseline", null), t.parsed("direction", Direction::parse, DIRECTIONS), directions,
                columns, t.optionalStrings("notes"), t.optionalString("ratioNote", null),
                published == null ? null : published(published), pairs));
    }

    private static PublishedTable published(JsonFields p) {
        return p.build(() -> new PublishedTable(p.string("source"), p.strings("header"), p.stringRows("rows")));
    }

    /** Schema 3 and older stored a table's notes as lines wrapped for a terminal: they read as one paragraph. */
    private static ExperimentInfo paragraphs(ExperimentInfo info, int version) {
        TableSpec t = info.table();
        if (version >= 4 || t.notes().size() < 2) {
            return info;
        }
        TableSpec joined = new TableSpec(t.paramColumns(), t.compared(), t.baseline(), t.direction(), t.directions(),
                t.secondaryColumns(), List.of(String.join(" ", t.notes().stream().map(String::strip).toList())),
                t.ratioNote(), t.published(), t.pairs());
        return new ExperimentInfo(info.title(), info.mode(), info.rounds(), info.budgetSeconds(), info.elapsedSeconds(),
                joined, info.charts());
    }

    private static ResultRecord record(JsonFields r) {
        Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
        r.objectsByName("secondary").forEach((name, s) ->
                secondary.put(name, new ResultRecord.Secondary(s.numberOrNaN("score"), s.string("unit"),
                        s.optionalNumbers("rounds"))));
        JsonFields comparison = r.optionalObject("comparison");
        int rounds = r.optionalInteger("rounds", 1, 1);
        List<Integer> looks = r.optionalIntegers("looks", 1);
        return r.build(() -> new ResultRecord(r.string("experiment"), r.string("benchmark"), r.texts("params"),
                r.integer("threads", 1), r.numberOrNaN("score"), error(r), r.string("unit"), secondary,
                r.optionalString("mode", "unknown"), r.optionalBoolean("oversubscribed", false),
                rounds, comparison == null ? null : comparison(comparison),
                r.optionalNumbers("samples"), r.optionalString("run", null), looks == null ? List.of(rounds) : looks,
                r.optionalNumberRows("iterations"), latency(r.optionalObject("latency")),
                positions(r), r.optionalBoolean("unpaired", false)));
    }

    private static List<Integer> positions(JsonFields r) {
        List<Integer> positions = r.optionalIntegers("positions", 0);
        return positions == null ? List.of() : positions;
    }

    /** Each block is decoded once here, so that a file the analysis cannot use is refused when it is read. */
    private static LatencyBlocks latency(JsonFields l) {
        if (l == null) {
            return null;
        }
        return l.build(() -> {
            LatencyBlocks blocks = new LatencyBlocks(l.number("percentile"), l.stringRows("blocks"));
            blocks.decode();
            return blocks;
        });
    }

    private static Double error(JsonFields r) {
        Double error = r.nullableNumber("error");
        if (error != null && error < 0) {
            throw r.invalid("error is " + error + ", not 0 or more");
        }
        return error;
    }

    private static ComparisonResult comparison(JsonFields c) {
        return c.build(() -> new ComparisonResult(c.texts("baseline"), c.number("ratio"), c.nullableNumber("ratioLow"),
                c.nullableNumber("ratioHigh"), c.number("confidence"), c.integer("rounds", 1),
                c.parsed("verdict", Verdict::parse, VERDICTS), c.number("margin"),
                c.parsed("direction", Direction::parse, DIRECTIONS), c.nullableInteger("roundsToSettle", 0)));
    }
}

package io.contend.cli.results;

import io.contend.cli.AtomicWrite;
import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code results.json}, schema version 7: one object with {@code schemaVersion}, {@code machine}, {@code mode},
 * {@code started} (of the latest run), {@code runs} (per run id a {@link RunInfo}: contend's version and commit,
 * the JVM and its arguments, the CPU, the peers' versions, start and end), {@code experiments} (per experiment an {@link ExperimentInfo}: title, mode, rounds, budget,
 * elapsed time and its {@link TableSpec}) and {@code results} (a list of {@link ResultRecord}s; a record
 * compared with a baseline carries a {@code comparison}, see {@link ComparisonResult}; every record of version 3
 * keeps its per-round {@code samples} and the id of its {@code run}, so that its comparison can be judged again,
 * at another margin or pooled with other runs, and the {@code looks}: the rounds at which each look at the run
 * ended, more than one when {@code contend lab --more} added rounds to it; version 4 adds each round's JMH
 * {@code iterations} and stores table notes as paragraphs, where version 3 kept lines wrapped for a terminal;
 * version 5 adds, to a record whose score is a latency percentile, its {@code latency}: the percentile and per
 * round the encoded histograms of the run's blocks, see {@link LatencyBlocks}; version 6 adds to each secondary
 * result its value in every round, {@code rounds}, so that any of them can be judged like a score, and to each record
 * its {@code positions}: where it ran among its comparison's sides in each round; version 7 marks the records of a
 * {@code contend compare} of two JMH files {@code unpaired}: their samples are each side's forks, which pair with
 * nothing).
 *
 * <p>A lab run replaces the records of the experiments it runs and keeps the others, so running experiments one
 * at a time builds up one file. The file is written to a temporary file and moved into place, so a crash never
 * leaves half a file; an unreadable existing file is kept as {@code results.json.unreadable}. A file can also be
 * {@linkplain #reopen reopened} to add rounds to runs it holds: the records of the experiments continued are
 * replaced in place, everything else stays as it was. Version 1 files
 * (no {@code experiments}, no comparisons), version 2 (no runs, no samples: their verdicts are shown as
 * stored and cannot be judged again) version 3 (no iterations; its wrapped note lines are read as one
 * paragraph), version 4 (no latency blocks: its percentile comparisons are judged from the per-round
 * percentiles), version 5 (no secondary rounds or positions: its secondary results are means only) and version 6
 * (its unpaired compare records keep means only, no forks) are still read.
 */
public final class ResultsFile {
    /** File name inside the output directory. */
    public static final String NAME = "results.json";
    /** The schema this version writes. */
    public static final int SCHEMA_VERSION = 7;

    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().create();

    private final Path path;
    private final List<ResultRecord> kept;
    private final Map<String, ExperimentInfo> experiments;
    private final List<ResultRecord> added = new ArrayList<>();
    private final Map<String, RunInfo> runs;
    /** The run that {@link #append} adds records of; null in a reopened file. */
    private RunInfo run;
    /** The file's top-level machine, mode and start: those of the latest run, kept as they were when reopened. */
    private final MachineInfo machine;
    private final String mode;
    private final String started;

    private ResultsFile(Path path, List<ResultRecord> kept, Map<String, ExperimentInfo> experiments,
                        Map<String, RunInfo> runs, RunInfo run, MachineInfo machine, String mode, String started) {
        this.path = path;
        this.kept = kept;
        this.experiments = experiments;
        this.runs = runs;
        this.run = run;
        this.machine = machine;
        this.mode = mode;
        this.started = started;
    }

    /**
     * Opens the results file of a new lab run.
     *
     * @param directory output directory, created if missing
     * @param rerun experiments this run measures: their old records are dropped
     * @param machine this machine
     * @param mode the lab mode's label, e.g. {@code quick}
     * @param started when the run started
     * @return the file, not yet written
     * @throws IOException if the directory cannot be created or an unreadable file cannot be moved aside
     */
    public static ResultsFile open(Path directory, Set<String> rerun, MachineInfo machine, String mode,
                                   Instant started) throws IOException {
        return open(directory, rerun, new RunInfo(started.toString(), "unknown", "unknown",
                System.getProperty("java.vm.vendor"), Runtime.version().toString(), List.of(), "unknown", machine,
                Map.of(), mode, started.toString(), started.toString()));
    }

    /**
     * Opens the results file of a new lab run.
     *
     * @param directory output directory, created if missing
     * @param rerun experiments this run measures: their old records are dropped
     * @param run this run: its records name it, and the file keeps it with the runs of the records it keeps
     * @return the file, not yet written
     * @throws IOException if the directory cannot be created or an unreadable file cannot be moved aside
     */
    public static ResultsFile open(Path directory, Set<String> rerun, RunInfo run) throws IOException {
        Files.createDirectories(directory);
        Path path = directory.resolve(NAME);
        List<ResultRecord> kept = new ArrayList<>();
        Map<String, ExperimentInfo> experiments = new LinkedHashMap<>();
        Map<String, RunInfo> runs = new LinkedHashMap<>();
        if (Files.exists(path)) {
            try {
                Contents old = readContents(path);
                for (ResultRecord r : old.records()) {
                    if (!rerun.contains(r.experiment())) {
                        kept.add(r);
                        if (r.run() != null && old.runs().containsKey(r.run())) {
                            runs.put(r.run(), old.runs().get(r.run()));
                        }
                    }
                }
                old.experiments().forEach((name, info) -> {
                    if (!rerun.contains(name)) {
                        experiments.put(name, info);
                    }
                });
            } catch (IOException | RuntimeException e) {
                Path aside = directory.resolve(NAME + ".unreadable");
                Files.move(path, aside, StandardCopyOption.REPLACE_EXISTING);
                String reason = e instanceof ResultsFormatException f ? f.reason() : e.getMessage();
                System.err.println("contend: could not read " + path + " (" + reason + "); moved it to "
                        + aside + " and started a new one");
            }
        }
        runs.put(run.id(), run);
        return new ResultsFile(path, kept, experiments, runs, run, run.machine(), run.mode(), run.started());
    }

    /**
     * Opens an existing results file to add rounds to runs it holds ({@code contend lab --more}). Nothing is
     * dropped until {@link #replace} replaces an experiment's records.
     *
     * @param directory the output directory that holds the file
     * @return the file, with every record, experiment and run it held
     * @throws IOException if there is no file ({@link java.nio.file.NoSuchFileException}) or it cannot be read; a
     *                     file is left where it is
     * @throws ResultsFormatException if it is not a results file this version reads
     */
    public static ResultsFile reopen(Path directory) throws IOException {
        Path path = directory.resolve(NAME);
        if (!Files.exists(path)) {
            throw new java.nio.file.NoSuchFileException(path.toString(), null, "no results file to add rounds to");
        }
        Contents old = readContents(path);
        MachineInfo machine = old.machine();
        if (machine == null) {
            machine = old.runs().values().stream().map(RunInfo::machine).filter(java.util.Objects::nonNull)
                    .findFirst().orElse(null);
        }
        return new ResultsFile(path, new ArrayList<>(old.records()), new LinkedHashMap<>(old.experiments()),
                new LinkedHashMap<>(old.runs()), null, machine, old.mode(), old.started());
    }

    /**
     * Adds an experiment's records and rewrites the file, so that a run cut short keeps what it measured.
     *
     * @param experiment the experiment's name
     * @param info what to say of it
     * @param records its records
     * @throws IOException if writing fails
     */
    public void append(String experiment, ExperimentInfo info, List<ResultRecord> records) throws IOException {
        if (run == null) {
            throw new IllegalStateException("a reopened results file replaces records of its runs; it has no new run "
                    + "to append " + experiment + " to");
        }
        run = run.endedAt(Instant.now().toString());
        runs.put(run.id(), run);
        experiments.put(experiment, info);
        added.addAll(records);
        write();
    }

    /**
     * Replaces an experiment's records with those of the same run carried further, where they stood in the file,
     * and rewrites the file.
     *
     * @param experiment the experiment's name
     * @param run the run its records name, which now ends now
     * @param info what to say of it
     * @param records its records, every one naming {@code run}
     * @throws IOException if writing fails
     * @throws IllegalArgumentException if a record is of another experiment or names another run
     */
    public void replace(String experiment, RunInfo run, ExperimentInfo info, List<ResultRecord> records)
            throws IOException {
        for (ResultRecord r : records) {
            if (!r.experiment().equals(experiment) || !run.id().equals(r.run())) {
                throw new IllegalArgumentException("a record of " + r.experiment() + " in run " + r.run()
                        + " cannot replace records of " + experiment + " in run " + run.id());
            }
        }
        int at = -1;
        for (int i = 0; i < kept.size(); i++) {
            if (kept.get(i).experiment().equals(experiment)) {
                at = i;
                break;
            }
        }
        kept.removeIf(r -> r.experiment().equals(experiment));
        added.removeIf(r -> r.experiment().equals(experiment));
        if (at < 0) {
            added.addAll(records);
        } else {
            kept.addAll(at, records);
        }
        runs.put(run.id(), run.endedAt(Instant.now().toString()));
        experiments.put(experiment, info);
        write();
    }

    /** @return where the file is */
    public Path path() {
        return path;
    }

    private void write() throws IOException {
        JsonObject root = new JsonObject();
        root.addProperty("schemaVersion", SCHEMA_VERSION);
        root.add("machine", GSON.toJsonTree(machine));
        root.addProperty("mode", mode);
        root.addProperty("started", started);
        JsonObject runsJson = new JsonObject();
        runs.forEach((id, r) -> runsJson.add(id, GSON.toJsonTree(r)));
        root.add("runs", runsJson);
        JsonObject infos = new JsonObject();
        experiments.forEach((name, info) -> infos.add(name, GSON.toJsonTree(info)));
        root.add("experiments", infos);
        JsonArray results = new JsonArray();
        for (ResultRecord r : kept) {
            results.add(toJson(r));
        }
        for (ResultRecord r : added) {
            results.add(toJson(r));
        }
        root.add("results", results);
        AtomicWrite.write(path, out -> {
            GSON.toJson(root, out);
            out.write('\n');
        });
    }

    /** Non-finite numbers have no JSON form: they are written as null. */
    static JsonObject toJson(ResultRecord r) {
        JsonObject o = new JsonObject();
        o.addProperty("experiment", r.experiment());
        o.addProperty("benchmark", r.benchmark());
        JsonObject params = new JsonObject();
        r.params().forEach(params::addProperty);
        o.add("params", params);
        o.addProperty("threads", r.threads());
        o.addProperty("score", finiteOrNull(r.score()));
        o.addProperty("error", r.error() == null ? null : finiteOrNull(r.error()));
        o.addProperty("unit", r.unit());
        JsonObject secondary = new JsonObject();
        r.secondary().forEach((name, s) -> {
            JsonObject value = new JsonObject();
            value.addProperty("score", finiteOrNull(s.score()));
            value.addProperty("unit", s.unit());
            if (!s.rounds().isEmpty()) {
                JsonArray rounds = new JsonArray();
                s.rounds().stream().map(ResultsFile::finiteOrNull).forEach(rounds::add);
                value.add("rounds", rounds);
            }
            secondary.add(name, value);
        });
        o.add("secondary", secondary);
        o.addProperty("mode", r.mode());
        o.addProperty("oversubscribed", r.oversubscribed());
        o.addProperty("rounds", r.rounds());
        o.add("comparison", r.comparison() == null ? null : GSON.toJsonTree(r.comparison()));
        JsonArray samples = new JsonArray();
        for (double v : r.samples()) {
            samples.add(finiteOrNull(v));
        }
        o.add("samples", samples);
        o.addProperty("run", r.run());
        JsonArray looks = new JsonArray();
        r.looks().forEach(looks::add);
        o.add("looks", looks);
        JsonArray iterations = new JsonArray();
        for (List<Double> round : r.iterations()) {
            JsonArray scores = new JsonArray();
            round.stream().map(ResultsFile::finiteOrNull).forEach(scores::add);
            iterations.add(scores);
        }
        o.add("iterations", iterations);
        if (r.unpaired()) {
            o.addProperty("unpaired", true);
        }
        if (!r.positions().isEmpty()) {
            JsonArray positions = new JsonArray();
            r.positions().forEach(positions::add);
            o.add("positions", positions);
        }
        if (r.latency() != null) {
            JsonObject latency = new JsonObject();
            latency.addProperty("percentile", r.latency().percentile());
            JsonArray rounds = new JsonArray();
            for (List<String> round : r.latency().rounds()) {
                JsonArray blocks = new JsonArray();
                round.forEach(blocks::add);
                rounds.add(blocks);
            }
            latency.add("blocks", rounds);
            o.add("latency", latency);
        }
        return o;
    }

    private static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /**
     * A results file as a whole.
     *
     * @param schemaVersion the file's schema version (1 for files without one)
     * @param machine the machine of the latest run, or null if the file has none
     * @param mode the latest run's mode, or "unknown"
     * @param started when the latest run started (ISO-8601), or "unknown"
     * @param experiments what the file says of each experiment (empty for version 1)
     * @param records every record, in file order
     * @param runs the runs its records name, by id (empty before schema version 3)
     */
    public record Contents(int schemaVersion, MachineInfo machine, String mode, String started,
                           Map<String, ExperimentInfo> experiments, List<ResultRecord> records,
                           Map<String, RunInfo> runs) {
        /**
         * A file's contents without runs, as files before schema version 3 hold them.
         *
         * @param schemaVersion the file's schema version
         * @param machine the machine of the latest run, or null
         * @param mode the latest run's mode
         * @param started when the latest run started
         * @param experiments what the file says of each experiment
         * @param records every record
         */
        public Contents(int schemaVersion, MachineInfo machine, String mode, String started,
                        Map<String, ExperimentInfo> experiments, List<ResultRecord> records) {
            this(schemaVersion, machine, mode, started, experiments, records, Map.of());
        }
    }

    /**
     * Reads a whole results file, within bounds a crafted file cannot get round: at most 16 MiB and a million
     * values, nesting at most 64 deep, strict JSON in UTF-8 (a lone surrogate escape is refused).
     *
     * @param path the file
     * @return its contents
     * @throws IOException if it cannot be read
     * @throws ResultsFormatException if it is not a results file this version reads; the message is one line
     *                                naming the file, the field and its value
     */
    public static Contents readContents(Path path) throws IOException {
        return ResultsReader.read(path);
    }

    /**
     * Reads the records of a results file.
     *
     * @param path the file
     * @return its records
     * @throws IOException if it cannot be read
     */
    public static List<ResultRecord> read(Path path) throws IOException {
        return readContents(path).records();
    }
}

package io.contend.cli.lab;

import io.contend.bench.interleave.Interleaved;
import io.contend.cli.ChildProcess;
import io.contend.cli.results.ResultRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A comparison measured jointly: each round runs {@code bench}'s {@link Interleaved} in a fresh JVM, which measures
 * every side of the comparison in turn in short blocks, so that the sides of a round share the placement of their
 * threads (its class comment says why per-fork means did not). Each side's sample is the mean of its blocks, with the
 * blocks kept as its iterations, and the mean of each counter the side reports as a secondary result.
 *
 * <p>The JVM compiles synchronously ({@value #SYNCHRONOUS_COMPILATION}): a thread that asks for a method to be
 * compiled waits for the code, during the warm-up, instead of running on in slower code until a compiler thread has
 * it ready. A side's threads each run one long loop, whose code comes from on-stack replacement at a moment, and with
 * a profile, that background compilation left to chance; with it, JCTools' SpscArray throughput measured against
 * itself (the calibration row) differed by a factor drawn anew in each JVM, often tens of per cent, and compiled
 * synchronously by a few per cent. Not always: in some stretches of time, on the machine measured, SpscArray's sides
 * still settle at levels that differ from JVM to JVM, compiled either way, for a cause not found (JCTools' rounds
 * in docs/results/2026-11-29-quick-31). Burst round trips spread as much either way.
 *
 * <p>Copies: with {@code copies > 1} each side is loaded that many times, each copy in a class loader of its own
 * with its own data and threads, and the side's score for the round is the median of its copies' means. Some
 * measurements settle, per copy, at a level of their own for the whole JVM: retain/release on an uncontended object
 * ran about 12 ns a pair in most copies and 14-16 ns in about one copy in ten, whichever implementation the copy
 * measured, while the other copies of the same implementation in the same JVM ran at 12. With one copy a side such
 * rounds made the per-round ratio heavy-tailed and its t interval wide; the median of three is moved only when two
 * copies of one side are slow in the same JVM. Copies are interleaved ({@code a,b,a,b,...}), so that each copy's
 * blocks neighbour the other sides' as a single copy's would. A side's iterations are then its copies' blocks,
 * copy after copy.
 *
 * @param sideClass the class {@link Interleaved} loads once per side
 * @param implParam the trial parameter that names each side's implementation, e.g. {@code impl}
 * @param params the sides' shared parameters (each side's implementation comes from its trial)
 * @param settings warm-up and blocks
 * @param perMicrosecond whether the score is operations per microsecond (each block's, from its ns per operation)
 *                       rather than ns per operation
 * @param copies how many copies of each side one JVM measures, from 1; a side's score is their median
 */
record Interleaving(String sideClass, String implParam, Map<String, String> params, Settings settings,
                    boolean perMicrosecond, int copies)
        implements Comparison.Joint {

    /**
     * @param warmupMs warm-up per side, in blocks taken in turn
     * @param blockMs the length of one block
     * @param blocks measured blocks per side and round
     */
    record Settings(int warmupMs, int blockMs, int blocks) {
        /** @return what one round of a comparison of {@code sides} sides takes, at least, in ms */
        long expectedMs(int sides) {
            return (long) sides * (warmupMs + (long) blockMs * blocks);
        }

        /**
         * The lab's interleaved settings per mode. Quick: 400 ms of warm-up per side (VarHandle code reaches C2
         * within it) and 6 blocks of 40 ms. Within a round a side's blocks agree to a few per cent; what differs
         * is its level from JVM to JVM (its compiled code, where its data lies), so the budget goes to rounds
         * rather than blocks. A block is short enough that neighbouring blocks of two sides mostly share where
         * their threads run, which holds for seconds on the machines measured. Full: 1 s of warm-up, for code that
         * reaches C2 late (a linked queue's step to its next chunk runs once per chunk of messages), and 10 blocks of
         * 100 ms. It too buys rounds rather than blocks: with 30 blocks a round (docs/results/2026-11-28-full-backoff),
         * a side's rounds spread almost as much as with their first 6 blocks alone, and each round cost 5 s a side,
         * where these cost 2.
         *
         * @param mode the lab mode
         * @return its settings
         */
        static Settings of(LabMode mode) {
            return switch (mode) {
                case SMOKE -> new Settings(100, 20, 3);
                case QUICK -> new Settings(400, 40, 6);
                case FULL -> new Settings(1_000, 100, 10);
            };
        }

        /** @return the run header's note for an experiment whose comparisons are all interleaved in this mode */
        static String roundSettings(LabMode mode) {
            return of(mode).describe() + ", all sides of a comparison interleaved in one JVM";
        }

        /** @return e.g. "600 ms warm-up and 10 x 50 ms blocks per side" */
        String describe() {
            return warmupMs + " ms warm-up and " + blocks + " x " + blockMs + " ms blocks per side";
        }
    }

    /** The secondary result with the round's warm-up, in ms. */
    static final String WARMUP_MS = "warmupMs";
    /** The secondary result with the round's measured cycles taken again because the JIT compiled during them. */
    static final String CYCLES_AGAIN = "cyclesMeasuredAgain";
    /** How long a round may take beyond its expected time before its JVM is stopped. */
    static final long GRACE_MS = 60_000;
    /** HotSpot's switch for compiling in the requesting thread (the record's comment says why). */
    static final String SYNCHRONOUS_COMPILATION = "-XX:-BackgroundCompilation";
    /** The most copies of a side one JVM measures: each costs its warm-up and blocks. */
    static final int MAX_COPIES = 9;

    /** Copies the parameters, keeping their order, and checks the copies. */
    Interleaving {
        Objects.requireNonNull(sideClass, "sideClass");
        Objects.requireNonNull(implParam, "implParam");
        params = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
        Objects.requireNonNull(settings, "settings");
        if (copies < 1 || copies > MAX_COPIES) {
            throw new IllegalArgumentException("copies must be in [1, " + MAX_COPIES + "]: " + copies);
        }
    }

    /**
     * One copy a side.
     *
     * @param sideClass the class {@link Interleaved} loads once per side
     * @param implParam the trial parameter that names each side's implementation
     * @param params the sides' shared parameters
     * @param settings warm-up and blocks
     * @param perMicrosecond whether the score is operations per microsecond rather than ns per operation
     */
    Interleaving(String sideClass, String implParam, Map<String, String> params, Settings settings,
                 boolean perMicrosecond) {
        this(sideClass, implParam, params, settings, perMicrosecond, 1);
    }

    /**
     * An interleaving whose sides' implementations are their trials' {@code impl} parameters.
     *
     * @param sideClass the class {@link Interleaved} loads once per side
     * @param params the sides' shared parameters
     * @param settings warm-up and blocks
     * @param perMicrosecond whether the score is operations per microsecond rather than ns per operation
     */
    Interleaving(String sideClass, Map<String, String> params, Settings settings, boolean perMicrosecond) {
        this(sideClass, "impl", params, settings, perMicrosecond);
    }

    /**
     * A side of an interleaved comparison: a trial that names the configuration and is measured only with its
     * comparison.
     *
     * @param benchmark the rows' benchmark name
     * @param params the side's parameters, its implementation among them
     * @param threads the threads the side runs
     * @return the trial
     */
    static Trial side(String benchmark, Map<String, String> params, int threads) {
        return new DirectTrial(benchmark, params, threads, round -> {
            throw new IllegalStateException(benchmark + " " + params + " is measured with its comparison "
                    + "(Interleaving)");
        });
    }

    @Override
    public List<Sample> measure(int round, List<Trial> sides) throws Exception {
        List<String> impls = new ArrayList<>();
        for (Trial t : sides) {
            String impl = t.params().get(implParam);
            if (impl == null) {
                throw new IllegalArgumentException("side " + t.params() + " of " + describe() + " has no '" + implParam
                        + "' parameter");
            }
            impls.add(impl);
        }
        List<String> loaded = new ArrayList<>();
        for (int c = 0; c < copies; c++) {
            loaded.addAll(impls);
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow",
                SYNCHRONOUS_COMPILATION, "-cp", System.getProperty("java.class.path"), Interleaved.class.getName(),
                "side=" + sideClass, "impls=" + String.join(",", loaded),
                "warmupMs=" + settings.warmupMs(), "blockMs=" + settings.blockMs(),
                "blocks=" + settings.blocks(), "round=" + round));
        params.forEach((k, v) -> command.add(k + "=" + v));
        Path output = Files.createTempFile("contend-interleaved", ".out");
        try {
            List<String> lines = ChildProcess.run(command, output, settings.expectedMs(loaded.size()) * 3 + GRACE_MS,
                    "the interleaved measurement of " + describe());
            return medianOfCopies(parse(lines, loaded, perMicrosecond), impls.size());
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** @return e.g. "BurstLoop {queue=SpscArray, chunk=128, burst=1}" */
    String describe() {
        return sideClass.substring(sideClass.lastIndexOf('.') + 1) + " " + params;
    }

    /**
     * @param lines the measurement's output
     * @param impls the sides' implementations, in order
     * @param perMicrosecond whether each block's ns per operation is turned into operations per microsecond
     * @return each side's sample, in order: the mean of its blocks, the blocks as its iterations, and the mean of
     *         each of its counters (per microsecond) as a secondary result, with the round's warm-up (ms) and cycles
     *         measured again
     * @throws IOException naming what is missing or malformed
     */
    static List<Sample> parse(List<String> lines, List<String> impls, boolean perMicrosecond) throws IOException {
        List<String> names = new ArrayList<>();
        List<List<Double>> blocks = new ArrayList<>();
        List<Map<String, ResultRecord.Secondary>> counters = new ArrayList<>();
        Map<String, ResultRecord.Secondary> warmup = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals("warmup")) {
                warmup.put(WARMUP_MS, new ResultRecord.Secondary(numbers(f, 1, 2, line).get(0), "ms"));
                for (int i = 2; i + 2 < f.length; i++) {
                    if (f[i + 1].equals("cycles") && f[i + 2].equals("measured")) { // "N cycles measured again"
                        warmup.put(CYCLES_AGAIN, new ResultRecord.Secondary(numbers(f, i, i + 1, line).get(0),
                                "cycles"));
                        break;
                    }
                }
            } else if (f.length >= 3 && f[0].equals("side")) {
                List<Double> values = numbers(f, 2, line);
                names.add(f[1]);
                blocks.add(perMicrosecond ? values.stream().map(ns -> 1000.0 / ns).toList() : values);
                counters.add(new LinkedHashMap<>());
            } else if (f.length >= 4 && f[0].equals("counter") && !names.isEmpty()
                    && names.get(names.size() - 1).equals(f[1])) {
                counters.get(counters.size() - 1).put(f[2], new ResultRecord.Secondary(mean(numbers(f, 3, line)),
                        "ops/us"));
            } // JVM warnings and the like otherwise
        }
        // Sides are reported in the order they were given, so an A/A comparison may name one implementation twice.
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < impls.size(); i++) {
            if (i >= names.size() || !names.get(i).equals(impls.get(i))) {
                throw new IOException("the interleaved output has no blocks for " + impls.get(i) + " (side " + (i + 1)
                        + " of " + impls.size() + "): " + lines);
            }
            Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>(counters.get(i));
            secondary.putAll(warmup);
            samples.add(new Sample(mean(blocks.get(i)), perMicrosecond ? "ops/us" : "ns/op", secondary,
                    blocks.get(i)));
        }
        return samples;
    }

    /**
     * @param copySamples the samples of {@code copies} copies of each of {@code sides} sides, copy after copy (the
     *                    sides' order within each copy)
     * @param sides how many sides
     * @return one sample per side: the median of its copies' scores, its copies' iterations one after the other,
     *         and each secondary result's mean over the copies; the samples themselves when there is one copy
     * @throws IllegalArgumentException if the samples are not a whole number of copies
     */
    static List<Sample> medianOfCopies(List<Sample> copySamples, int sides) {
        if (sides < 1 || copySamples.size() % sides != 0) {
            throw new IllegalArgumentException(copySamples.size() + " samples are not copies of " + sides + " sides");
        }
        int copies = copySamples.size() / sides;
        if (copies == 1) {
            return copySamples;
        }
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < sides; i++) {
            double[] scores = new double[copies];
            List<Double> iterations = new ArrayList<>();
            Map<String, double[]> secondary = new LinkedHashMap<>();
            Map<String, String> units = new LinkedHashMap<>();
            for (int c = 0; c < copies; c++) {
                Sample s = copySamples.get(c * sides + i);
                scores[c] = s.score();
                iterations.addAll(s.iterations());
                for (Map.Entry<String, ResultRecord.Secondary> e : s.secondary().entrySet()) {
                    secondary.computeIfAbsent(e.getKey(), k -> new double[copies])[c] = e.getValue().score();
                    units.putIfAbsent(e.getKey(), e.getValue().unit());
                }
            }
            Map<String, ResultRecord.Secondary> means = new LinkedHashMap<>();
            secondary.forEach((name, values) -> means.put(name, new ResultRecord.Secondary(
                    Arrays.stream(values).average().orElseThrow(), units.get(name))));
            samples.add(new Sample(median(scores), copySamples.get(i).unit(), means, iterations, null));
        }
        return samples;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static List<Double> numbers(String[] fields, int from, String line) throws IOException {
        return numbers(fields, from, fields.length, line);
    }

    private static List<Double> numbers(String[] fields, int from, int to, String line) throws IOException {
        List<Double> values = new ArrayList<>();
        for (int i = from; i < to; i++) {
            try {
                values.add(Double.parseDouble(fields[i]));
            } catch (NumberFormatException e) {
                throw new IOException("not a number in the interleaved output: '" + fields[i] + "' in '" + line + "'");
            }
        }
        return values;
    }

    private static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }
}

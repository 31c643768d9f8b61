package io.contend.cli.lab;

import io.contend.bench.queue.InterleavedBurst;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The {@code queues} experiment's burst round trips, measured jointly: each round runs {@link InterleavedBurst} in a
 * fresh JVM, which measures every side of the comparison in turn in short blocks, so that the sides of a round share
 * the placement of their threads (its class comment says why per-fork means did not). Each side's sample is the mean
 * of its blocks' ns per round trip, with the blocks kept as its iterations.
 *
 * @param queue the queue kind
 * @param chunk the chunk size of the linked kinds
 * @param burst messages per round trip
 * @param settings warm-up and blocks
 */
record InterleavedBursts(String queue, int chunk, int burst, Settings settings) implements Comparison.Joint {

    /** The benchmark's name in results.json: a measurement of its own, never pooled with the JMH burst rows. */
    static final String BENCHMARK = "burstInterleaved";

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

        /** @return e.g. "600 ms warm-up and 10 x 50 ms blocks per side" */
        String describe() {
            return warmupMs + " ms warm-up and " + blocks + " x " + blockMs + " ms blocks per side";
        }
    }

    /** How long a round may take beyond its expected time before its JVM is stopped. */
    static final long GRACE_MS = 60_000;

    @Override
    public List<Sample> measure(int round, List<Trial> sides) throws Exception {
        List<String> impls = new ArrayList<>();
        for (Trial t : sides) {
            impls.add(t.params().get("impl"));
        }
        Path output = Files.createTempFile("contend-interleaved-burst", ".txt");
        try {
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow",
                    "-cp", System.getProperty("java.class.path"), InterleavedBurst.class.getName(),
                    "queue=" + queue, "chunk=" + chunk, "burst=" + burst, "impls=" + String.join(",", impls),
                    "warmupMs=" + settings.warmupMs(), "blockMs=" + settings.blockMs(),
                    "blocks=" + settings.blocks(), "round=" + round));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            long limit = settings.expectedMs(sides.size()) * 3 + GRACE_MS;
            boolean ended;
            try {
                ended = p.waitFor(limit, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while measuring " + queue + " bursts of " + burst, e);
            }
            if (!ended) {
                p.destroyForcibly();
                throw new IOException("the interleaved burst measurement of " + queue + " (burst " + burst
                        + ") did not end within " + limit + " ms");
            }
            List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                throw new IOException("the interleaved burst measurement of " + queue + " (burst " + burst + ") failed "
                        + "(exit " + p.exitValue() + "): " + String.join(" | ", lines.subList(Math.max(0,
                        lines.size() - 3), lines.size())));
            }
            return parse(lines, impls);
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /**
     * @param lines the measurement's output
     * @param impls the sides' implementations, in order
     * @return each side's sample: the mean of its blocks, and the blocks as its iterations
     * @throws IOException naming what is missing or malformed
     */
    static List<Sample> parse(List<String> lines, List<String> impls) throws IOException {
        Map<String, List<Double>> blocks = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3 || !f[0].equals("side")) {
                continue; // JVM warnings and the like
            }
            List<Double> values = new ArrayList<>();
            for (int i = 2; i < f.length; i++) {
                try {
                    values.add(Double.parseDouble(f[i]));
                } catch (NumberFormatException e) {
                    throw new IOException("not a number in the interleaved burst output: '" + f[i] + "' in '" + line
                            + "'");
                }
            }
            blocks.put(f[1], values);
        }
        List<Sample> samples = new ArrayList<>();
        for (String impl : impls) {
            List<Double> values = blocks.get(impl);
            if (values == null || values.isEmpty()) {
                throw new IOException("the interleaved burst output has no blocks for " + impl + ": " + lines);
            }
            double mean = values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            samples.add(new Sample(mean, "ns/op", Map.of(), values));
        }
        return samples;
    }
}

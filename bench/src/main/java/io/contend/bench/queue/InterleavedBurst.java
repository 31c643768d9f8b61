package io.contend.bench.queue;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * Burst round trips of several queue implementations in one JVM, interleaved in short blocks: the {@code queues}
 * experiment's burst measurement. The lab runs it once per round in a fresh JVM.
 *
 * <p>Why not one JMH fork per implementation: on a shared or virtual machine the round trip's time is set mostly by
 * where the two threads run (two hardware threads of one core, two cores, two core complexes), and that placement
 * holds for seconds and changes between forks. A fork's mean then falls on one of several levels several times
 * apart (on the machine contend is developed on, 180, 270, 330, 640 and 1100 ns for bursts of 10), whichever side it
 * measures, so per-fork means compare the placements more than the queues. Here every side runs a block of about
 * {@code blockMs} in turn (the order rotating from cycle to cycle and from round to round), so neighbouring blocks of
 * two sides share a placement, and a round's ratio of their means compares the queues under the same conditions.
 *
 * <p>Each side ({@link BurstLoop}) is loaded by a class loader of its own, with the same class path, so that it has
 * its own JIT profile and code, as a JVM running one implementation has; only the active side's two threads spin.
 * Warm-up: each side runs blocks for {@code warmupMs} in turn before the first measured block, and its blocks are
 * sized in round trips from its warm-up speed, so that each block takes about {@code blockMs}.
 *
 * <p>Arguments, as {@code name=value}: {@code queue}, {@code chunk}, {@code burst}, {@code impls} (comma-separated),
 * {@code warmupMs}, {@code blockMs}, {@code blocks} (measured blocks per side), {@code round} (rotates the order).
 * Output, on standard output: one line per side, {@code side IMPL NS...}, the mean ns per round trip of each of its
 * measured blocks in order. Exit status 2 for bad arguments, 1 for a failed measurement.
 */
public final class InterleavedBurst {
    private InterleavedBurst() {
    }

    /**
     * @param args see the class comment
     * @throws Exception if a side fails
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> a = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                usage("not name=value: '" + arg + "'");
            }
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        String queue = required(a, "queue");
        List<String> impls = List.of(required(a, "impls").split(","));
        int chunk = number(a, "chunk", 1, 1 << 30);
        int burst = number(a, "burst", 1, 1 << 20);
        int warmupMs = number(a, "warmupMs", 1, 600_000);
        int blockMs = number(a, "blockMs", 1, 60_000);
        int blocks = number(a, "blocks", 1, 100_000);
        int round = number(a, "round", 0, Integer.MAX_VALUE);
        for (String impl : impls) {
            if (!QueueFactory.supports(queue, impl)) {
                usage("unsupported queue/impl combination '" + queue + "'/'" + impl + "'");
            }
        }
        List<double[]> results = run(queue, chunk, burst, impls, warmupMs, blockMs, blocks, round);
        StringBuilder out = new StringBuilder();
        for (int s = 0; s < impls.size(); s++) {
            out.append("side ").append(impls.get(s));
            for (double v : results.get(s)) {
                out.append(' ').append(String.format(Locale.ROOT, "%.3f", v));
            }
            out.append('\n');
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0); // the parked echo threads are daemons, but say so plainly
    }

    private static List<double[]> run(String queue, int chunk, int burst, List<String> impls, int warmupMs, int blockMs,
            int blocks, int round) throws Exception {
        URL[] path = classPath();
        List<LongUnaryOperator> sides = new ArrayList<>();
        try {
            for (String impl : impls) {
                ClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader());
                sides.add((LongUnaryOperator) loader.loadClass(BurstLoop.class.getName())
                        .getConstructor(String.class, String.class, int.class, int.class)
                        .newInstance(queue, impl, chunk, burst));
            }
            int n = sides.size();
            long[] perBlock = new long[n];
            java.util.Arrays.fill(perBlock, 16);
            long blockNanos = blockMs * 1_000_000L;
            long warmupEnd = System.nanoTime() + (long) warmupMs * 1_000_000L * n;
            for (int cycle = 0; cycle == 0 || System.nanoTime() < warmupEnd; cycle++) {
                for (int j = 0; j < n; j++) {
                    int s = (j + cycle) % n;
                    long t = Math.max(1, sides.get(s).applyAsLong(perBlock[s]));
                    // Aim each block at blockNanos, growing at most 8x per step while the code is still cold.
                    perBlock[s] = Math.max(1, Math.min(perBlock[s] * 8, perBlock[s] * blockNanos / t));
                }
            }
            List<double[]> results = new ArrayList<>();
            for (int s = 0; s < n; s++) {
                results.add(new double[blocks]);
            }
            for (int cycle = 0; cycle < blocks; cycle++) {
                for (int j = 0; j < n; j++) {
                    int s = (int) ((j + (long) cycle + round) % n);
                    results.get(s)[cycle] = (double) sides.get(s).applyAsLong(perBlock[s]) / perBlock[s];
                }
            }
            return results;
        } finally {
            for (LongUnaryOperator side : sides) {
                ((AutoCloseable) side).close();
            }
        }
    }

    /** The JVM's class path as URLs, for the sides' own class loaders. */
    private static URL[] classPath() throws MalformedURLException {
        String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
        URL[] urls = new URL[entries.length];
        for (int i = 0; i < entries.length; i++) {
            urls[i] = Path.of(entries[i]).toUri().toURL();
        }
        return urls;
    }

    private static String required(Map<String, String> a, String name) {
        String v = a.get(name);
        if (v == null || v.isEmpty()) {
            usage("missing " + name + "=...");
        }
        return v;
    }

    private static int number(Map<String, String> a, String name, int min, int max) {
        String v = required(a, name);
        try {
            int n = Integer.parseInt(v);
            if (n < min || n > max) {
                usage(name + " must be in [" + min + ", " + max + "]: " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            usage(name + " is not a number: '" + v + "'");
            return 0;
        }
    }

    private static void usage(String problem) {
        System.err.println("InterleavedBurst: " + problem + "; give queue= chunk= burst= impls=a,b warmupMs= blockMs= "
                + "blocks= round=");
        System.exit(2);
    }
}

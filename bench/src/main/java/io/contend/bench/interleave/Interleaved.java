package io.contend.bench.interleave;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * Several implementations of one measurement in one JVM, interleaved in short blocks. The lab runs it once per
 * round, in a fresh JVM, for comparisons whose JMH forks disagree more with each other than the implementations do.
 *
 * <p>Why not one JMH fork per implementation: on a shared or virtual machine the cost of passing data between two
 * threads is set mostly by where they run (two hardware threads of one core, two cores, two core complexes), and that
 * placement holds for seconds and changes between forks. A fork's mean then falls on one of several levels several
 * times apart, whichever implementation it measures (on the machine contend is developed on: queue round trips of 180,
 * 270, 330, 640 and 1100 ns for bursts of 10; SPSC throughput of 70 or 260 messages per microsecond), so per-fork
 * means compare placements more than implementations. Here every side runs a block of about {@code blockMs} in turn,
 * the order rotating from cycle to cycle and from round to round, so neighbouring blocks of two sides share a
 * placement, and a round's ratio of their means compares the implementations under the same conditions.
 *
 * <p>Each side is loaded by a class loader of its own, with the same class path, so that it has its own JIT profile
 * and compiled code, as a JVM running one implementation has: with one loader, a call site shared by every side
 * would see them all and stop inlining. Warm-up: each side runs blocks for {@code warmupMs} in turn before the first
 * measured block, and its blocks are sized in operations from its warm-up speed, so that each takes about
 * {@code blockMs}.
 *
 * <p>A side is a public class with a public constructor {@code (String impl, Map<String, String> params)} that
 * implements {@link LongUnaryOperator} (run that many operations, with its helper threads busy only meanwhile, and
 * return the nanoseconds they took) and {@link AutoCloseable} (stop its threads). It may also implement
 * {@code Supplier<Map<String, Long>>}: counts of events during its last block (e.g. failed polls), reported per
 * microsecond of the block. Only types of {@code java.base} cross between the loaders.
 *
 * <p>Arguments, as {@code name=value}: {@code side} (the side's class name), {@code impls} (comma-separated, one side
 * each), {@code warmupMs}, {@code blockMs}, {@code blocks} (measured blocks per side), {@code round} (rotates the
 * order); every other argument is passed to each side's constructor. Output, on standard output: per side, {@code side
 * IMPL NS...}, the mean nanoseconds per operation of each measured block in order, then one line {@code counter IMPL
 * NAME PER_US...} per counter. Exit status 2 for bad arguments, 1 for a failed measurement.
 */
public final class Interleaved {
    /** The arguments the harness reads itself; the rest go to the sides. */
    private static final Set<String> OWN = Set.of("side", "impls", "warmupMs", "blockMs", "blocks", "round");
    private static final String EXPECTS = "give side=CLASS impls=a,b warmupMs= blockMs= blocks= round= and the side's "
            + "own parameters";

    private Interleaved() {
    }

    /**
     * @param args see the class comment
     * @throws Exception if a side fails
     */
    public static void main(String[] args) throws Exception {
        MainArgs a = MainArgs.parse("Interleaved", EXPECTS, args);
        String sideClass = a.required("side");
        List<String> impls = List.of(a.required("impls").split(","));
        int warmupMs = a.integer("warmupMs", 1, 600_000);
        int blockMs = a.integer("blockMs", 1, 60_000);
        int blocks = a.integer("blocks", 1, 100_000);
        int round = a.integer("round", 0, Integer.MAX_VALUE);
        Map<String, String> params = new LinkedHashMap<>(a.all());
        params.keySet().removeAll(OWN);
        List<Side> sides = new ArrayList<>();
        try {
            for (String impl : impls) {
                sides.add(Side.load(sideClass, impl, params));
            }
            measure(sides, warmupMs, blockMs, blocks, round);
        } finally {
            for (Side side : sides) {
                side.close();
            }
        }
        StringBuilder out = new StringBuilder();
        for (Side side : sides) {
            out.append("side ").append(side.impl);
            append(out, side.nanosPerOp);
            for (Map.Entry<String, double[]> c : side.countersPerUs.entrySet()) {
                out.append("counter ").append(side.impl).append(' ').append(c.getKey());
                append(out, c.getValue());
            }
        }
        System.out.print(out);
        System.out.flush();
        System.exit(0); // sides' parked helper threads are daemons, but say so plainly
    }

    private static void append(StringBuilder out, double[] values) {
        for (double v : values) {
            out.append(' ').append(String.format(Locale.ROOT, "%.4f", v));
        }
        out.append('\n');
    }

    private static void measure(List<Side> sides, int warmupMs, int blockMs, int blocks, int round) {
        int n = sides.size();
        long blockNanos = blockMs * 1_000_000L;
        long warmupEnd = System.nanoTime() + (long) warmupMs * 1_000_000L * n;
        for (int cycle = 0; cycle == 0 || System.nanoTime() < warmupEnd; cycle++) {
            for (int j = 0; j < n; j++) {
                Side side = sides.get((j + cycle) % n);
                long t = Math.max(1, side.run());
                // Aim each block at blockNanos, growing at most 8x per step while the code is still cold.
                side.perBlock = Math.max(1, Math.min(side.perBlock * 8, side.perBlock * blockNanos / t));
            }
        }
        for (Side side : sides) {
            side.nanosPerOp = new double[blocks];
        }
        for (int cycle = 0; cycle < blocks; cycle++) {
            for (int j = 0; j < n; j++) {
                Side side = sides.get((int) ((j + (long) cycle + round) % n));
                long t = Math.max(1, side.run());
                side.nanosPerOp[cycle] = (double) t / side.perBlock;
                side.record(cycle, blocks, t);
            }
        }
    }

    /** One implementation, in its own class loader, and what it measured. */
    private static final class Side {
        final String impl;
        final LongUnaryOperator operations;
        final Supplier<Map<String, Long>> counters;
        long perBlock = 16;
        double[] nanosPerOp;
        final Map<String, double[]> countersPerUs = new LinkedHashMap<>();

        @SuppressWarnings("unchecked")
        private Side(String impl, Object instance) {
            this.impl = impl;
            if (!(instance instanceof LongUnaryOperator) || !(instance instanceof AutoCloseable)) {
                usage(instance.getClass().getName() + " is not a LongUnaryOperator and AutoCloseable");
            }
            operations = (LongUnaryOperator) instance;
            counters = instance instanceof Supplier ? (Supplier<Map<String, Long>>) instance : null;
        }

        static Side load(String className, String impl, Map<String, String> params) throws Exception {
            ClassLoader loader = new URLClassLoader(classPath(), ClassLoader.getPlatformClassLoader());
            Class<?> type;
            try {
                type = loader.loadClass(className);
            } catch (ClassNotFoundException e) {
                usage("no side class " + className + " on the class path");
                throw e;
            }
            try {
                Object instance = type.getConstructor(String.class, Map.class).newInstance(impl, Map.copyOf(params));
                return new Side(impl, instance);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof IllegalArgumentException) {
                    usage(e.getCause().getMessage());
                }
                throw e;
            }
        }

        long run() {
            return operations.applyAsLong(perBlock);
        }

        void record(int block, int blocks, long nanos) {
            if (counters == null) {
                return;
            }
            for (Map.Entry<String, Long> c : counters.get().entrySet()) {
                double perUs = c.getValue() * 1000.0 / nanos;
                countersPerUs.computeIfAbsent(c.getKey(), k -> new double[blocks])[block] = perUs;
            }
        }

        void close() throws Exception {
            ((AutoCloseable) operations).close();
        }

        @Override
        public String toString() {
            return "Side[" + impl + ", " + perBlock + " ops per block, " + Arrays.toString(nanosPerOp) + "]";
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

    private static void usage(String problem) {
        MainArgs.fail("Interleaved", problem, EXPECTS);
    }
}

package io.contend.bench.interleave;

import java.io.File;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
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
 * placement, and a round's ratio of their means compares the implementations under the same conditions. The sides
 * are also loaded, and their warm-up begun, in an order that rotates with the round ({@code loadOrder}): no side is
 * always the first to allocate its data, start its threads and be compiled, so whatever that first place is worth
 * falls on every side in turn instead of on the comparison's baseline in every round.
 *
 * <p>Each side is loaded by a class loader of its own, with the same class path, so that it has its own JIT profile
 * and compiled code, as a JVM running one implementation has: with one loader, a call site shared by every side
 * would see them all and stop inlining. Warm-up: each side runs blocks for {@code warmupMs} in turn before the first
 * measured block, and its blocks are sized in operations from its warm-up speed, so that each takes about
 * {@code blockMs}.
 *
 * <p>Compiling while measuring: a method a side calls once per many operations (a linked queue's step to its next
 * chunk, once per chunk of messages) reaches C2's thresholds later than the hot loop, and may do so in a measured
 * block. In a JVM that compiles synchronously, as the lab's do, the thread that asked then waits for the compiler, a
 * few ms for a method of a hundred bytes, and the block reads slower by as much: in the lab's MpscUnbounded burst
 * rounds (docs/results/2026-11-29-quick-32) one side's second block was the slowest of its round in round after round.
 * So a measured cycle (one block of every side) during whose blocks the JVM's compilation time ({@link
 * CompilationMXBean}) moved is measured again, at most {@code blocks} times per run. Whether a cycle is measured again
 * depends on the compiler's clock alone, never on the blocks' times, so it cannot favour a side. (Waiting after the
 * warm-up until the compiler had been quiet for a while cost a quarter of a quick round's time and still missed such
 * late compiles.)
 *
 * <p>A side is a public class with a public constructor {@code (String impl, Map<String, String> params)} that
 * implements {@link LongUnaryOperator} (run that many operations, with its helper threads busy only meanwhile, and
 * return the nanoseconds they took) and {@link AutoCloseable} (stop its threads). It may also implement
 * {@code Supplier<Map<String, Long>>}: counts of events during its last block (e.g. failed polls), reported per
 * microsecond of the block. Only types of {@code java.base} cross between the loaders.
 *
 * <p>Arguments, as {@code name=value}: {@code side} (the side's class name), {@code impls} (comma-separated, one side
 * each), {@code warmupMs}, {@code blockMs}, {@code blocks} (measured blocks per side), {@code round} (rotates the
 * order); every other argument is passed to each side's constructor. Output, on standard output: one line {@code
 * warmup ...} (how long the warm-up took, how many cycles were measured again, and how many ms the JVM spent
 * compiling in the cycles kept), then per side, {@code side IMPL NS...}, the mean nanoseconds per
 * operation of each measured block in order, then one line {@code counter IMPL NAME PER_US...} per counter. Exit
 * status 2 for bad arguments, 1 for a failed measurement.
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
        Side[] loaded = new Side[impls.size()];
        List<Side> sides = Arrays.asList(loaded); // in the order given, whatever order they are loaded in
        String warmupLine;
        try {
            for (int i : loadOrder(impls.size(), round)) {
                loaded[i] = Side.load(sideClass, impls.get(i), params);
            }
            warmupLine = measure(sides, warmupMs, blockMs, blocks, round);
        } finally {
            for (Side side : sides) {
                if (side != null) {
                    side.close();
                }
            }
        }
        StringBuilder out = new StringBuilder(warmupLine);
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

    /**
     * @param sides how many sides
     * @param round the round
     * @return the sides' indexes in the order they are loaded and begin their warm-up: from {@code round mod sides}
     *         on, round-robin
     */
    static int[] loadOrder(int sides, int round) {
        int[] order = new int[sides];
        for (int k = 0; k < sides; k++) {
            order[k] = (int) ((k + (long) round) % sides);
        }
        return order;
    }

    private static void append(StringBuilder out, double[] values) {
        for (double v : values) {
            out.append(' ').append(String.format(Locale.ROOT, "%.4f", v));
        }
        out.append('\n');
    }

    /**
     * @return the warm-up's line of output: how long it took, the cycles measured again, and the JVM's compilation
     *         time during the blocks kept
     */
    private static String measure(List<Side> sides, int warmupMs, int blockMs, int blocks, int round) {
        int n = sides.size();
        long blockNanos = blockMs * 1_000_000L;
        long start = System.nanoTime();
        long warmupEnd = start + (long) warmupMs * 1_000_000L * n;
        for (int cycle = 0; cycle == 0 || System.nanoTime() < warmupEnd; cycle++) {
            for (int j = 0; j < n; j++) {
                Side side = sides.get((int) ((j + (long) cycle + round) % n));
                long t = Math.max(1, side.run());
                // Aim each block at blockNanos, growing at most 8x per step while the code is still cold.
                side.perBlock = Math.max(1, Math.min(side.perBlock * 8, side.perBlock * blockNanos / t));
            }
        }
        long warmedMs = (System.nanoTime() - start) / 1_000_000;
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        LongSupplier compileMillis = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? jit::getTotalCompilationTime : () -> 0L;
        return "warmup " + warmedMs + " ms, " + measureBlocks(sides, blocks, round, compileMillis);
    }

    /**
     * The measured cycles, each cycle during whose blocks the JIT compiled measured again (see the class comment).
     *
     * @param sides the sides, warmed up, their blocks sized
     * @param blocks measured blocks per side
     * @param round rotates the sides' order
     * @param compileMillis the JVM's total compilation time, in ms
     * @return the output's account of it: cycles measured again, and compilation time in the cycles kept
     */
    static String measureBlocks(List<Side> sides, int blocks, int round, LongSupplier compileMillis) {
        int n = sides.size();
        for (Side side : sides) {
            side.nanosPerOp = new double[blocks];
        }
        int again = 0;
        long compiledInKept = 0;
        for (int cycle = 0; cycle < blocks; cycle++) {
            long compiled = 0; // during the cycle's blocks, not between them (the harness's own compiles)
            for (int j = 0; j < n; j++) {
                Side side = sides.get((int) ((j + (long) cycle + round) % n));
                long compiledBefore = compileMillis.getAsLong();
                long t = Math.max(1, side.run());
                compiled += compileMillis.getAsLong() - compiledBefore;
                side.nanosPerOp[cycle] = (double) t / side.perBlock;
                side.record(cycle, blocks, t);
            }
            if (compiled > 0 && again < blocks) { // see the class comment: the cycle is measured again
                again++;
                cycle--;
            } else {
                compiledInKept += compiled;
            }
        }
        return again + " cycles measured again after the JIT compiled during them, compiled " + compiledInKept
                + " ms in the kept cycles\n";
    }

    /** One implementation, in its own class loader, and what it measured. */
    static final class Side {
        final String impl;
        final LongUnaryOperator operations;
        final Supplier<Map<String, Long>> counters;
        long perBlock = 16;
        double[] nanosPerOp;
        final Map<String, double[]> countersPerUs = new LinkedHashMap<>();

        @SuppressWarnings("unchecked")
        Side(String impl, Object instance) {
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

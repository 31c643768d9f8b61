package io.contend.bench.interleave;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The measured cycles of {@link Interleaved}, on sides that report set times and a compile clock moved by hand. */
class InterleavedBlocksTest {
    private final AtomicLong compileMillis = new AtomicLong();

    /** A side whose k-th run takes times[k] ns per operation, and moves the compile clock on the runs asked. */
    private final class Scripted implements LongUnaryOperator, AutoCloseable {
        final List<Long> nanosPerOp;
        final List<Integer> compileOnRun;
        int runs;

        Scripted(List<Long> nanosPerOp, List<Integer> compileOnRun) {
            this.nanosPerOp = nanosPerOp;
            this.compileOnRun = compileOnRun;
        }

        @Override
        public long applyAsLong(long operations) {
            if (compileOnRun.contains(runs)) {
                compileMillis.addAndGet(4);
            }
            return nanosPerOp.get(runs++) * operations;
        }

        @Override
        public void close() {
        }
    }

    private static Interleaved.Side side(String impl, Scripted scripted) {
        Interleaved.Side side = new Interleaved.Side(impl, scripted);
        side.perBlock = 10;
        return side;
    }

    /** Each side is loaded first in one of every n rounds, and every round loads each side once. */
    @Test
    void theLoadOrderRotatesWithTheRound() {
        assertArrayEquals(new int[] {0, 1, 2}, Interleaved.loadOrder(3, 0));
        assertArrayEquals(new int[] {1, 2, 0}, Interleaved.loadOrder(3, 1));
        assertArrayEquals(new int[] {2, 0, 1}, Interleaved.loadOrder(3, 5));
        assertArrayEquals(new int[] {1, 0}, Interleaved.loadOrder(2, Integer.MAX_VALUE));
        int[] firsts = new int[4];
        for (int round = 0; round < 8; round++) {
            int[] order = Interleaved.loadOrder(4, round);
            assertEquals(List.of(0, 1, 2, 3), java.util.Arrays.stream(order).sorted().boxed().toList(),
                    "round " + round + " loads every side once");
            firsts[order[0]]++;
        }
        assertArrayEquals(new int[] {2, 2, 2, 2}, firsts, "each side first as often as any other");
    }

    @Test
    void aCycleDuringWhichTheJitCompiledIsMeasuredAgainAndOnlyTheCleanOnesAreKept() {
        Scripted a = new Scripted(List.of(100L, 100L, 100L, 100L), List.of());
        Scripted b = new Scripted(List.of(200L, 500L, 200L, 200L), List.of(1)); // its second block waits for C2
        List<Interleaved.Side> sides = List.of(side("a", a), side("b", b));
        String account = Interleaved.measureBlocks(sides, 3, 0, compileMillis::get);
        assertEquals("1 cycles measured again after the JIT compiled during them, compiled 0 ms in the kept cycles\n",
                account);
        assertEquals(4, a.runs, "3 cycles and the one measured again");
        assertArrayEquals(new double[] {100, 100, 100}, sides.get(0).nanosPerOp);
        assertArrayEquals(new double[] {200, 200, 200}, sides.get(1).nanosPerOp, "the 500 is not kept");
    }

    @Test
    void compilingBetweenBlocksDoesNotCount() {
        Scripted a = new Scripted(List.of(100L, 100L), List.of());
        List<Interleaved.Side> sides = List.of(side("a", a));
        AtomicLong reads = new AtomicLong();
        // The clock moves between one block's end and the next block's start: the harness's own compiles.
        String account = Interleaved.measureBlocks(sides, 2, 0, () -> (reads.incrementAndGet() + 1) / 2 * 3);
        assertEquals("0 cycles measured again after the JIT compiled during them, compiled 0 ms in the kept cycles\n",
                account);
    }

    @Test
    void aJitThatNeverStopsIsMeasuredAgainAtMostBlocksTimesAndThenCounted() {
        List<Long> times = new ArrayList<>();
        List<Integer> always = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            times.add(100L);
            always.add(i);
        }
        Scripted a = new Scripted(times, always);
        String account = Interleaved.measureBlocks(List.of(side("a", a)), 2, 0, compileMillis::get);
        assertEquals("2 cycles measured again after the JIT compiled during them, compiled 8 ms in the kept cycles\n",
                account);
        assertEquals(4, a.runs);
    }
}

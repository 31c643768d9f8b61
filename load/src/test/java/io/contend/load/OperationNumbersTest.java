package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class OperationNumbersTest {

    /** Threads racing for blocks: every number below the limit exactly once, each with its exact intended start. */
    @ParameterizedTest
    @CsvSource({"1, 1, 10007", "4, 3, 100000", "4, 64, 100003", "3, 64, 5", "2, 7, 0"})
    void racingThreadsGetEveryNumberOnceWithItsIntendedStart(int threads, int block, long limit) throws Exception {
        Schedule schedule = new Schedule(1_000, 7_777_777);
        OperationNumbers numbers = new OperationNumbers(limit, block);
        CyclicBarrier start = new CyclicBarrier(threads);
        List<long[]> taken = new ArrayList<>();
        List<OperationNumbers.Sequence> sequences = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        List<AssertionError> wrong = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            OperationNumbers.Sequence sequence = numbers.newSequence(schedule);
            long[] mine = new long[(int) limit + 1];
            taken.add(mine);
            sequences.add(sequence);
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    int count = 0;
                    for (long n = sequence.next(); n >= 0; n = sequence.next()) {
                        if (sequence.intendedStartNanos() != schedule.intendedStartNanos(n)) {
                            throw new AssertionError("operation " + n + " got intended start "
                                    + sequence.intendedStartNanos() + ", not " + schedule.intendedStartNanos(n));
                        }
                        mine[count++] = n;
                    }
                    mine[(int) limit] = count;
                } catch (AssertionError e) {
                    synchronized (wrong) {
                        wrong.add(e);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            workers.add(worker);
            worker.start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        assertTrue(wrong.isEmpty(), wrong.toString());
        BitSet seen = new BitSet();
        long started = 0;
        for (int t = 0; t < threads; t++) {
            long[] mine = taken.get(t);
            int count = (int) mine[(int) limit];
            for (int i = 0; i < count; i++) {
                assertTrue(mine[i] >= 0 && mine[i] < limit, "out of range: " + mine[i]);
                assertTrue(!seen.get((int) mine[i]), "handed out twice: " + mine[i]);
                seen.set((int) mine[i]);
            }
            assertEquals(count, sequences.get(t).started());
            started += sequences.get(t).started();
        }
        assertEquals(limit, seen.cardinality());
        assertEquals(limit, started);
    }

    @Test
    void withinABlockNumbersAreConsecutiveAndAbandonUncountsTheLast() {
        OperationNumbers numbers = new OperationNumbers(Long.MAX_VALUE, 4);
        OperationNumbers.Sequence a = numbers.newSequence(null);
        OperationNumbers.Sequence b = numbers.newSequence(null);
        assertEquals(0, a.next());
        assertEquals(4, b.next());
        assertEquals(1, a.next());
        assertEquals(2, a.next());
        assertEquals(3, a.next());
        assertEquals(8, a.next(), "the next block after b's");
        a.abandon();
        assertEquals(4, a.started());
        assertEquals(1, b.started());
        assertThrows(IllegalStateException.class, a::intendedStartNanos, "an unpaced run has no schedule");
    }

    @Test
    void blocksSpanTenMicrosecondsOfScheduleAndAreBounded() {
        assertEquals(1, OperationNumbers.blockSizeFor(new Rate(Rate.Mode.FIXED, 1)));
        assertEquals(1, OperationNumbers.blockSizeFor(new Rate(Rate.Mode.FIXED, 100_000)));
        assertEquals(10, OperationNumbers.blockSizeFor(new Rate(Rate.Mode.THROTTLE, 1_000_000)));
        assertEquals(OperationNumbers.MAX_BLOCK, OperationNumbers.blockSizeFor(new Rate(Rate.Mode.FIXED, Rate.MAX_OPS_PER_SECOND)));
        assertEquals(OperationNumbers.MAX_BLOCK, OperationNumbers.blockSizeFor(Rate.throughput()));
    }

    @Test
    void badArgumentsAreRejectedWithTheirValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new OperationNumbers(-1, 4)).getMessage().contains("-1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new OperationNumbers(10, 0)).getMessage().contains("0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new OperationNumbers(10, 65)).getMessage().contains("65"));
    }
}

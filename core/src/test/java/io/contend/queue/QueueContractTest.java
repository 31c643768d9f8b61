package io.contend.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every queue kind is BEST_EFFORT unless built STRICT, says which in contract() and toString(), and refuses null. */
class QueueContractTest {
    private static final List<Function<QueueContract, AbstractMessagePassingQueue<Integer>>> KINDS = List.of(
            c -> new SpscArrayQueue<>(4, c),
            c -> new SpscChunkedArrayQueue<>(2, 8, c),
            c -> new SpscGrowableArrayQueue<>(2, 8, c),
            c -> new SpscUnboundedArrayQueue<>(2, c),
            c -> new MpscArrayQueue<>(4, c),
            c -> new MpscUnboundedArrayQueue<>(2, c));

    @Test
    void defaultConstructorsTakeJctoolsContract() {
        List<AbstractMessagePassingQueue<Integer>> defaults = List.of(new SpscArrayQueue<>(4),
                new SpscChunkedArrayQueue<>(2, 8), new SpscGrowableArrayQueue<>(2, 8), new SpscUnboundedArrayQueue<>(2),
                new MpscArrayQueue<>(4), new MpscUnboundedArrayQueue<>(2));
        for (AbstractMessagePassingQueue<Integer> q : defaults) {
            assertEquals(QueueContract.BEST_EFFORT, q.contract(), q.getClass().getSimpleName());
        }
    }

    @Test
    void contractIsKeptAndShown() {
        for (QueueContract contract : QueueContract.values()) {
            for (Function<QueueContract, AbstractMessagePassingQueue<Integer>> kind : KINDS) {
                AbstractMessagePassingQueue<Integer> q = kind.apply(contract);
                assertEquals(contract, q.contract());
                q.offer(7);
                assertTrue(q.toString().endsWith("size=1, contract=" + contract + "]"), q.toString());
                assertEquals(7, q.poll());
                assertEquals(null, q.poll());
                assertTrue(q.isEmpty());
                assertEquals(0, q.size());
            }
        }
    }

    @Test
    void nullContractIsRefusedByName() {
        for (Function<QueueContract, AbstractMessagePassingQueue<Integer>> kind : KINDS) {
            NullPointerException e = assertThrows(NullPointerException.class, () -> kind.apply(null));
            assertTrue(e.getMessage().contains("contract"), e.getMessage());
        }
    }
}

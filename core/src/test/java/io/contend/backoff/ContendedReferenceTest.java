package io.contend.backoff;

import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContendedReferenceTest {
    /** Immutable linked list node: an update that allocates, as real reference updates do. */
    record Node(int value, Node next) {
        int length() {
            int n = 0;
            for (Node node = this; node != null; node = node.next) {
                n++;
            }
            return n;
        }
    }

    @Test
    void behavesLikeAtomicReferenceOnOneThread() {
        String a = "a";
        String b = "b";
        ContendedReference<String> ref = new ContendedReference<>(a, ContentionManager.none());
        AtomicReference<String> model = new AtomicReference<>(a);
        UnaryOperator<String> append = s -> s + "x";
        BinaryOperator<String> concat = String::concat;
        assertEquals(model.getAndUpdate(append), ref.getAndUpdate(append));
        assertEquals(model.updateAndGet(append), ref.updateAndGet(append));
        assertEquals(model.getAndAccumulate("y", concat), ref.getAndAccumulate("y", concat));
        assertEquals(model.accumulateAndGet("z", concat), ref.accumulateAndGet("z", concat));
        assertEquals(model.get(), ref.get());
        assertFalse(ref.compareAndSet(new String("axxyz"), b), "CAS compares identity, not equals");
        assertTrue(ref.compareAndSet(ref.get(), b));
        assertSame(b, ref.getAndSet(null));
        assertNull(ref.get());
        ref.lazySet(a);
        assertSame(a, ref.get());
        assertEquals("ContendedReference[value=a, backoff=none]", ref.toString());
    }

    @Test
    void contendedPushesLoseNoNode() throws Exception {
        ContentionCounter telemetry = new ContentionCounter("stack");
        ContendedReference<Node> head = new ContendedReference<>(null,
                new ContentionManager(BackoffStrategy.spinYieldPark(), telemetry));
        int threads = 4;
        int perThread = 20_000;
        ContendedLongTest.runConcurrently(threads, () -> {
            for (int i = 0; i < perThread; i++) {
                int value = i;
                head.updateAndGet(next -> new Node(value, next));
            }
        });
        assertEquals(threads * perThread, head.get().length());
        ContentionSnapshot s = telemetry.snapshot();
        assertEquals(threads * perThread, s.operations());
        assertEquals(s.operations() + s.failures(), s.attempts());
    }

    @Test
    void rejectsNullArguments() {
        ContendedReference<String> ref = new ContendedReference<>("", ContentionManager.none());
        assertThrows(NullPointerException.class, () -> ref.getAndUpdate(null));
        assertThrows(NullPointerException.class, () -> ref.updateAndGet(null));
        assertThrows(NullPointerException.class, () -> ref.getAndAccumulate("", null));
        assertThrows(NullPointerException.class, () -> ref.accumulateAndGet("", null));
        assertThrows(NullPointerException.class, () -> new ContendedReference<>("", null));
    }
}

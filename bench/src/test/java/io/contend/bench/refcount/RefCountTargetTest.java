package io.contend.bench.refcount;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Every implementation the refcount benchmark calls counts the same way through the one interface. */
class RefCountTargetTest {

    @Test
    void eachImplementationStartsAtOneAndReleasesItsLastReferenceOnce() {
        for (String impl : RetainReleaseBenchmark.IMPLS) {
            RefCountTarget target = RefCountTarget.create(impl);
            target.retainOnce();
            target.retainOnce();
            assertFalse(target.releaseOnce(), impl);
            assertFalse(target.releaseOnce(), impl);
            if (impl.equals(RetainReleaseBenchmark.NETTY)) { // Netty deallocates at its last release, which throws here
                IllegalStateException e = assertThrows(IllegalStateException.class, target::releaseOnce);
                assertTrue(e.getMessage().contains("never releases its last reference"), e.getMessage());
            } else {
                assertTrue(target.releaseOnce(), impl + ": the initial reference is the last");
            }
        }
    }

    @Test
    void anUnknownImplementationIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RefCountTarget.create("NOPE"));
        assertTrue(e.getMessage().contains("'NOPE'"), e.getMessage());
    }
}

package io.contend.refcount;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AbstractRefCountedTest {
    static final class Buffer extends AbstractRefCounted {
        final AtomicInteger deallocations = new AtomicInteger();

        Buffer(LeakDetector detector) {
            super(detector);
        }

        @Override
        protected void deallocate() {
            deallocations.incrementAndGet();
        }

        /** A pool's reuse of an instance: back to one reference. */
        void reuse() {
            resetRefCnt();
        }

        void count(int refCnt) {
            setRefCnt(refCnt);
        }
    }

    /** Netty's testRetainOverflow2 and testReleaseOverflow: a step no count can take is an illegal count. */
    @Test
    void retainAndReleaseOfIntegerMaxValueAreIllegalReferenceCounts() {
        Buffer b = new Buffer(LeakDetector.disabled());
        assertThrows(IllegalReferenceCountException.class, () -> b.retain(Integer.MAX_VALUE));
        assertThrows(IllegalReferenceCountException.class, () -> b.release(Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> b.retain(0));
        assertThrows(IllegalArgumentException.class, () -> b.release(-1));
        assertEquals(1, b.refCnt());
        assertEquals(0, b.deallocations.get());
        assertTrue(b.release());
    }

    @Test
    void deallocatesOnceOnTheFinalRelease() {
        Buffer b = new Buffer(LeakDetector.disabled());
        assertEquals(1, b.refCnt());
        assertSame(b, b.retain(2));
        assertSame(b, b.retain());
        assertEquals("Buffer[refCnt=4]", b.toString());
        assertFalse(b.release(3));
        assertEquals(0, b.deallocations.get());
        assertTrue(b.release());
        assertEquals(1, b.deallocations.get());
        assertThrows(IllegalReferenceCountException.class, b::release);
        assertThrows(IllegalReferenceCountException.class, b::retain);
        assertEquals(1, b.deallocations.get());
        assertEquals(0, b.refCnt());
    }

    @Test
    void aThrowingDeallocateStillReleasesAndClosesTheTracker() {
        List<LeakReport> leaks = new ArrayList<>();
        LeakDetector detector = new LeakDetector(1, leaks::add);
        AbstractRefCounted failing = new AbstractRefCounted(detector) {
            @Override
            protected void deallocate() {
                throw new IllegalStateException("boom");
            }
        };
        assertEquals(1, detector.trackedCount());
        assertThrows(IllegalStateException.class, failing::release);
        assertEquals(0, failing.refCnt());
        assertEquals(0, detector.trackedCount(), "released objects are not leaks");
    }

    @Test
    void aCountSetToZeroIsReleasedAndNoLeak() {
        List<LeakReport> leaks = new ArrayList<>();
        LeakDetector detector = new LeakDetector(1, leaks::add);
        Buffer b = new Buffer(detector);
        assertEquals(1, detector.trackedCount());
        b.count(0);
        assertEquals(0, b.refCnt());
        assertEquals(0, detector.trackedCount(), "released by its owner: not a leak when collected");
        assertThrows(IllegalReferenceCountException.class, b::release);
        assertEquals(0, b.deallocations.get(), "setRefCnt(0) does not deallocate");
        assertTrue(leaks.isEmpty());
    }

    @Test
    void touchIsFreeWhenNotSampled() {
        Buffer b = new Buffer(LeakDetector.disabled());
        assertSame(b, b.touch("hint"));
        assertSame(b, b.touch());
        assertNull(LeakDetector.disabled().track(b));
        assertThrows(NullPointerException.class, () -> new Buffer(null));
    }

    @Test
    void aPooledInstanceIsReusedWithResetRefCnt() {
        Buffer b = new Buffer(LeakDetector.disabled());
        assertTrue(b.release());
        assertEquals(1, b.deallocations.get());
        b.reuse();
        assertEquals(1, b.refCnt());
        b.count(3);
        assertEquals(3, b.refCnt());
        assertFalse(b.release(2));
        assertTrue(b.release());
        assertEquals(2, b.deallocations.get(), "each use deallocates once");
    }
}

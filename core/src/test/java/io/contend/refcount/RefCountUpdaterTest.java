package io.contend.refcount;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.invoke.MethodHandles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RefCountUpdaterTest {

    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void countsUpAndDownAndReleasesOnceAtZero(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        assertEquals(algorithm, u.algorithm());
        Counted c = Counted.create(u);
        assertEquals(1, u.refCnt(c));
        assertSame(c, u.retain(c));
        assertSame(c, u.retain(c, 3));
        assertEquals(5, u.refCnt(c));
        assertFalse(u.release(c, 2));
        assertFalse(u.release(c));
        assertEquals(2, u.refCnt(c));
        assertTrue(u.release(c, 2), "the release that reaches 0 says so");
        assertEquals(0, u.refCnt(c));
    }

    @ParameterizedTest
    @EnumSource(value = RefCountAlgorithm.class, names = {"CAS", "EVEN_ODD"})
    void afterTheFinalReleaseEverythingThrowsAndNothingChanges(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        assertTrue(u.release(c));
        IllegalReferenceCountException retain = assertThrows(IllegalReferenceCountException.class, () -> u.retain(c));
        assertEquals(0, retain.refCnt());
        assertEquals(1, retain.delta());
        assertEquals("refCnt: 0, increment: 1", retain.getMessage());
        IllegalReferenceCountException release = assertThrows(IllegalReferenceCountException.class, () -> u.release(c, 2));
        assertEquals(0, release.refCnt());
        assertEquals(-2, release.delta());
        assertEquals("refCnt: 0, decrement: 2", release.getMessage());
        for (int i = 0; i < 100; i++) {
            assertThrows(IllegalReferenceCountException.class, () -> u.retain(c));
        }
        assertEquals(0, u.refCnt(c), "refused retains never resurrect");
    }

    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void overReleaseThrowsWithTheCountsAndChangesNothing(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        u.retain(c);
        IllegalReferenceCountException e = assertThrows(IllegalReferenceCountException.class, () -> u.release(c, 3));
        assertEquals(2, e.refCnt());
        assertEquals(-3, e.delta());
        assertEquals(2, u.refCnt(c));
        assertTrue(u.release(c, 2));
    }

    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void overflowIsDetectedAndRolledBack(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        int max = u.maxIncrement();
        IllegalReferenceCountException e = assertThrows(IllegalReferenceCountException.class, () -> u.retain(c, max));
        assertEquals(1, e.refCnt());
        assertEquals(max, e.delta());
        assertEquals(1, u.refCnt(c), "rolled back");
        u.retain(c, max - 1);
        assertEquals(max, u.refCnt(c), "the maximum itself is reachable");
        assertThrows(IllegalReferenceCountException.class, () -> u.retain(c));
        assertEquals(max, u.refCnt(c));
        assertFalse(u.release(c, max - 1));
        assertTrue(u.release(c));
    }

    @Test
    void evenOddHoldsHalfTheIntRange() {
        assertEquals(Integer.MAX_VALUE >>> 1, Counted.EVEN_ODD.maxIncrement());
        assertEquals(Integer.MAX_VALUE, Counted.CAS.maxIncrement());
        assertEquals(2, Counted.EVEN_ODD.initialRawValue());
        assertEquals(2, Counted.create(Counted.EVEN_ODD).refCnt, "raw field holds twice the count");
    }

    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void stepsOutOfRangeAreRejectedWithTheValue(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> u.retain(c, 0));
        assertEquals("increment must be in [1, " + u.maxIncrement() + "]: 0", zero.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> u.release(c, -1));
        assertEquals("decrement must be in [1, " + u.maxIncrement() + "]: -1", negative.getMessage());
        assertEquals(1, u.refCnt(c));
    }

    /** As Netty's AbstractReferenceCountedTest expects: a huge step is an overflow, not bad input. */
    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void hugeStepsAreIllegalReferenceCountsThatChangeNothing(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        IllegalReferenceCountException retain = assertThrows(IllegalReferenceCountException.class,
                () -> u.retain(c, Integer.MAX_VALUE));
        assertTrue(retain.getMessage().contains(Integer.toString(Integer.MAX_VALUE)), retain.getMessage());
        assertEquals(1, u.refCnt(c));
        assertThrows(IllegalReferenceCountException.class, () -> u.release(c, Integer.MAX_VALUE));
        assertEquals(1, u.refCnt(c));
        assertTrue(u.release(c));
    }

    static final class Fields {
        volatile int ok;
        int notVolatile;
        volatile long wrongType;
        static volatile int shared;
    }

    @Test
    void theFieldMustBeAVolatileIntOfTheClass() {
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        assertEquals("RefCountUpdater[EVEN_ODD]", RefCountUpdater.forField(lookup, Fields.class, "ok").toString());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> RefCountUpdater.forField(lookup, Fields.class, "nope"));
        assertTrue(missing.getMessage().contains("no field 'nope'"), missing.getMessage());
        for (String bad : new String[] {"notVolatile", "wrongType", "shared"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RefCountUpdater.forField(lookup, Fields.class, bad));
            assertTrue(e.getMessage().contains("must be a non-static volatile int"), e.getMessage());
        }
        assertThrows(NullPointerException.class, () -> RefCountUpdater.forField(lookup, Fields.class, "ok", null));
    }

    /** Netty's setRefCnt / resetRefCnt, for pooled objects: set the count of an unshared object outright. */
    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void setRefCntAndResetRefCntSetTheCountOfAnUnsharedObject(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        u.setRefCnt(c, 7);
        assertEquals(7, u.refCnt(c));
        assertFalse(u.release(c, 6));
        assertTrue(u.release(c), "the count set is the count released");
        u.resetRefCnt(c); // a pooled object handed out again
        assertEquals(1, u.refCnt(c));
        assertSame(c, u.retain(c));
        assertEquals(2, u.refCnt(c));
        u.setRefCnt(c, 0);
        assertEquals(0, u.refCnt(c));
        u.setRefCnt(c, u.maxIncrement());
        assertEquals(u.maxIncrement(), u.refCnt(c));
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> u.setRefCnt(c, -1));
        assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
        assertEquals(u.maxIncrement(), u.refCnt(c), "nothing stored");
    }

    @ParameterizedTest
    @EnumSource(value = RefCountAlgorithm.class, names = {"CAS", "EVEN_ODD"})
    void aCountSetToZeroIsReleased(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        u.setRefCnt(c, 0);
        assertThrows(IllegalReferenceCountException.class, () -> u.retain(c));
        assertThrows(IllegalReferenceCountException.class, () -> u.release(c));
    }

    /**
     * As Netty's AbstractReferenceCountedTest.testRetainOverflow expects: any count up to Integer.MAX_VALUE can be set,
     * and is held as it is; a retain past Integer.MAX_VALUE is refused and changes nothing.
     */
    @ParameterizedTest
    @EnumSource(RefCountAlgorithm.class)
    void aCountSetToIntegerMaxIsHeldAndRetainsPastItAreRefused(RefCountAlgorithm algorithm) {
        RefCountUpdater<Counted> u = Counted.updater(algorithm);
        Counted c = Counted.create(u);
        u.setRefCnt(c, Integer.MAX_VALUE);
        assertEquals(Integer.MAX_VALUE, u.refCnt(c));
        IllegalReferenceCountException e = assertThrows(IllegalReferenceCountException.class, () -> u.retain(c));
        assertEquals(Integer.MAX_VALUE, e.refCnt());
        assertEquals(Integer.MAX_VALUE, u.refCnt(c), "rolled back");
        assertFalse(u.release(c));
        assertEquals(Integer.MAX_VALUE - 1, u.refCnt(c));
        u.retain(c);
        assertEquals(Integer.MAX_VALUE, u.refCnt(c), "a retain below Integer.MAX_VALUE adds");
        assertTrue(u.release(c, Integer.MAX_VALUE), "releasing the whole count frees it");
        assertEquals(0, u.refCnt(c));
    }

    /**
     * EVEN_ODD's raw value is twice the count: above maxIncrement it is a negative int, read as unsigned. Retains and
     * releases work there as below; a retain from maxIncrement or less still cannot pass it (see the notes).
     */
    @Test
    void evenOddHoldsCountsAboveMaxIncrementAsNettyDoes() {
        RefCountUpdater<Counted> u = Counted.updater(RefCountAlgorithm.EVEN_ODD);
        Counted c = Counted.create(u);
        int max = u.maxIncrement();
        u.setRefCnt(c, max + 1);
        assertEquals(max + 1, u.refCnt(c));
        assertTrue(c.refCnt < 0, "stored as a negative even raw value: " + c.refCnt);
        u.retain(c, 5);
        assertEquals(max + 6, u.refCnt(c));
        assertFalse(u.release(c, max));
        assertEquals(6, u.refCnt(c));
        assertTrue(c.refCnt > 0, "back in the positive range: " + c.refCnt);
        u.setRefCnt(c, max);
        assertThrows(IllegalReferenceCountException.class, () -> u.retain(c), "a retain from maxIncrement overflows");
        assertEquals(max, u.refCnt(c));
    }
}

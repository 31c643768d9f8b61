package io.contend.refcount;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class IllegalReferenceCountExceptionTest {

    @Test
    void aRetainOrReleaseNamesTheCountAndTheStepAsNettyDoes() {
        IllegalReferenceCountException retain = new IllegalReferenceCountException(0, 1);
        assertEquals("refCnt: 0, increment: 1", retain.getMessage());
        assertEquals(0, retain.refCnt());
        assertEquals(1, retain.delta());

        IllegalReferenceCountException release = new IllegalReferenceCountException(2, Integer.MIN_VALUE);
        assertEquals("refCnt: 2, decrement: 2147483648", release.getMessage(), "the step's magnitude must not wrap");
        assertEquals(Integer.MIN_VALUE, release.delta());
    }

    @Test
    void anAccessToAReleasedObjectNamesOnlyTheCount() {
        IllegalReferenceCountException access = new IllegalReferenceCountException(0);
        assertEquals("refCnt: 0", access.getMessage());
        assertEquals(0, access.refCnt());
        assertEquals(0, access.delta(), "an access is no step");
    }

    @Test
    void theMessageAndCauseFormsRecordNoCount() {
        RuntimeException cause = new RuntimeException("underneath");
        IllegalReferenceCountException[] all = {
            new IllegalReferenceCountException(),
            new IllegalReferenceCountException("buffer released"),
            new IllegalReferenceCountException("buffer released", cause),
            new IllegalReferenceCountException(cause),
        };
        for (IllegalReferenceCountException e : all) {
            assertEquals(IllegalReferenceCountException.UNKNOWN, e.refCnt(), e::toString);
            assertEquals(IllegalReferenceCountException.UNKNOWN, e.delta(), e::toString);
        }
        assertNull(all[0].getMessage());
        assertEquals("buffer released", all[1].getMessage());
        assertSame(cause, all[2].getCause());
        assertSame(cause, all[3].getCause());
        assertEquals(cause.toString(), all[3].getMessage(), "as Throwable(Throwable) does");
    }
}

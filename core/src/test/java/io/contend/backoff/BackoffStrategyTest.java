package io.contend.backoff;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackoffStrategyTest {

    @ParameterizedTest
    @ValueSource(strings = {"none", "constant:1", "exponential:100:10000", "spinYieldPark:10:5:1000:1000000",
            "spinYieldPark:0:0:1:1"})
    void specRoundTrips(String spec) {
        BackoffStrategy strategy = BackoffStrategy.parse(spec);
        assertEquals(spec, strategy.spec());
        assertEquals(spec, BackoffStrategy.parse(strategy.spec()).spec());
    }

    @Test
    void parseIgnoresCaseOfTheNameAndKnowsTheDefaults() {
        assertTrue(BackoffStrategy.parse("NONE").isNone());
        assertInstanceOf(SpinYieldParkBackoff.class, BackoffStrategy.parse("spinyieldpark"));
        assertEquals(BackoffStrategy.spinYieldPark().spec(), BackoffStrategy.parse("spinYieldPark").spec());
        assertFalse(BackoffStrategy.constant(1).isNone());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "constant", "constant:", "constant:x", "exponential:1", "wait:5", "none:1",
            "spinYieldPark:1:2:3", "constant:0", "exponential:5:4", "spinYieldPark:-1:0:1:1"})
    void parseRejectsMalformedTextNamingIt(String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BackoffStrategy.parse(spec));
        assertTrue(e.getMessage().contains("'" + spec + "'"), e.getMessage());
    }

    @Test
    void parseRejectsNull() {
        assertThrows(NullPointerException.class, () -> BackoffStrategy.parse(null));
    }

    @Test
    void badParametersNameTheValueAndTheRange() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> BackoffStrategy.constant(0));
        assertEquals("parkNanos must be in [1, 1000000000]: 0", zero.getMessage());
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> BackoffStrategy.exponential(1, 2_000_000_000L));
        assertEquals("maxNanos must be in [1, 1000000000]: 2000000000", tooLong.getMessage());
        IllegalArgumentException inverted = assertThrows(IllegalArgumentException.class,
                () -> BackoffStrategy.exponential(500, 100));
        assertEquals("minNanos (500) must not exceed maxNanos (100)", inverted.getMessage());
        IllegalArgumentException spins = assertThrows(IllegalArgumentException.class,
                () -> BackoffStrategy.spinYieldPark(-1, 5, 1, 2));
        assertTrue(spins.getMessage().startsWith("maxSpins must be in [0, "), spins.getMessage());
        assertTrue(spins.getMessage().endsWith(": -1"), spins.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BackoffStrategy.spinYieldPark(1, -1, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> BackoffStrategy.spinYieldPark(1, 1, 0, 2));
        assertThrows(IllegalArgumentException.class, () -> BackoffStrategy.spinYieldPark(1, 1, 3, 2));
    }

    @Test
    void exponentialCeilingDoublesFromMinAndSaturatesAtMax() {
        ExponentialBackoff backoff = new ExponentialBackoff(100, 1_000);
        assertEquals(100, backoff.ceilingNanos(1));
        assertEquals(200, backoff.ceilingNanos(2));
        assertEquals(400, backoff.ceilingNanos(3));
        assertEquals(800, backoff.ceilingNanos(4));
        assertEquals(1_000, backoff.ceilingNanos(5));
        assertEquals(1_000, backoff.ceilingNanos(40));
        assertEquals(1_000, backoff.ceilingNanos(Integer.MAX_VALUE));
        ExponentialBackoff widest = new ExponentialBackoff(BackoffStrategy.MAX_DELAY_NANOS, BackoffStrategy.MAX_DELAY_NANOS);
        assertEquals(BackoffStrategy.MAX_DELAY_NANOS, widest.ceilingNanos(32));
        assertEquals(BackoffStrategy.MAX_DELAY_NANOS, widest.ceilingNanos(33));
    }

    @Test
    void spinYieldParkParksOnlyAfterSpinsAndYieldsThenDoubles() {
        SpinYieldParkBackoff backoff = new SpinYieldParkBackoff(10, 5, 1_000, 1_000_000);
        assertEquals(1_000, backoff.parkNanos(16));
        assertEquals(2_000, backoff.parkNanos(17));
        assertEquals(4_000, backoff.parkNanos(18));
        assertEquals(1_000_000, backoff.parkNanos(100));
        assertEquals(1_000_000, backoff.parkNanos(Integer.MAX_VALUE));
        assertEquals(1_000, backoff.parkNanos(Integer.MIN_VALUE));
        SpinYieldParkBackoff wide = new SpinYieldParkBackoff(Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2, 3, 100);
        assertEquals(3, wide.parkNanos(Integer.MIN_VALUE), "no overflow below the spins and yields");
        assertEquals(3, wide.parkNanos(Integer.MAX_VALUE), "2^31 - 1 failures: the first park after the yields");
    }

    @Test
    void everyStrategyReturnsAfterBackingOff() {
        // Short delays only: this proves the calls terminate, not how long they take.
        for (BackoffStrategy strategy : new BackoffStrategy[] {BackoffStrategy.none(), BackoffStrategy.constant(1),
                BackoffStrategy.exponential(1, 1_000), BackoffStrategy.spinYieldPark(2, 2, 1, 1_000)}) {
            for (int failures = 1; failures <= 8; failures++) {
                strategy.backoff(failures);
            }
            assertTrue(strategy.toString().startsWith("BackoffStrategy["), strategy.toString());
        }
    }
}

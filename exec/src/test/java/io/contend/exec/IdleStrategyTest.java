package io.contend.exec;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleStrategyTest {

    @Test
    void spinsOnlyWhenACpuIsToSpare() {
        int cpus = Runtime.getRuntime().availableProcessors();
        assertEquals(IdleStrategy.PARK, IdleStrategy.forBusyThreads(cpus));
        assertEquals(IdleStrategy.PARK, IdleStrategy.forBusyThreads(cpus + 5));
        if (cpus > 1) {
            assertEquals(IdleStrategy.DEFAULT, IdleStrategy.forBusyThreads(cpus - 1));
        }
        assertEquals(0, IdleStrategy.PARK.spins() + IdleStrategy.PARK.yields());
    }

    @Test
    void rejectsBadArguments() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IdleStrategy.forBusyThreads(0)).getMessage()
                .contains("busyThreads must be at least 1: 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new IdleStrategy(-1, 0, 1000)).getMessage()
                .contains("-1"));
    }
}

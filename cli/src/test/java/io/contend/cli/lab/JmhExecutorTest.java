package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JmhExecutorTest {

    @Test
    void aForksScoreIsTheMedianOfItsIterationsSoOneDisturbedIterationDoesNotMoveIt() {
        assertEquals(30, JmhExecutor.median(new double[] {31, 12, 30, 29, 33}), "odd count: the middle value");
        assertEquals(30, JmhExecutor.median(new double[] {31, 12, 29, 33}), "even count: the middle two's mean");
        assertEquals(7, JmhExecutor.median(new double[] {7}));
    }
}

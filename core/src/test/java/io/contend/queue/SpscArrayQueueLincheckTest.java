package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT SpscArrayQueue(2) with its thread roles (see SpscQueueLincheckBase). */
public class SpscArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscArrayQueueLincheckTest() {
        super(new SpscArrayQueue<>(2, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

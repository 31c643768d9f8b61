package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT SpscGrowableArrayQueue(2, 4) with its thread roles (see SpscQueueLincheckBase). */
public class SpscGrowableArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscGrowableArrayQueueLincheckTest() {
        super(new SpscGrowableArrayQueue<>(2, 4, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

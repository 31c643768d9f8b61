package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT SpscUnboundedArrayQueue(2) with its thread roles (see SpscQueueLincheckBase). */
public class SpscUnboundedArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscUnboundedArrayQueueLincheckTest() {
        super(new SpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

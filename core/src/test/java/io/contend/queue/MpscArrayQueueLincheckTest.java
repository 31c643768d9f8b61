package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT MpscArrayQueue(2) with its thread roles (see MpscQueueLincheckBase). */
public class MpscArrayQueueLincheckTest extends MpscQueueLincheckBase {
    public MpscArrayQueueLincheckTest() {
        super(new MpscArrayQueue<>(2, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

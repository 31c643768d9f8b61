package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT MpscUnboundedArrayQueue(2) with its thread roles (see MpscQueueLincheckBase). */
public class MpscUnboundedArrayQueueLincheckTest extends MpscQueueLincheckBase {
    public MpscUnboundedArrayQueueLincheckTest() {
        super(new MpscUnboundedArrayQueue<>(2, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

package io.contend.queue;

import org.junit.jupiter.api.Test;

/** Lincheck: STRICT SpscChunkedArrayQueue(2, 4) with its thread roles (see SpscQueueLincheckBase). */
public class SpscChunkedArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscChunkedArrayQueueLincheckTest() {
        super(new SpscChunkedArrayQueue<>(2, 4, QueueContract.STRICT));
    }

    @Test
    public void stress() {
        checkStress();
    }
}

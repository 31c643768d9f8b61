package io.contend.queue;

/** Lincheck: SpscUnboundedArrayQueue(2) with its thread roles (see SpscQueueLincheckBase). */
public class SpscUnboundedArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscUnboundedArrayQueueLincheckTest() {
        super(new SpscUnboundedArrayQueue<>(2));
    }
}

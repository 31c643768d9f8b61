package io.contend.queue;

/** Lincheck: SpscArrayQueue(2) with its thread roles (see SpscQueueLincheckBase). */
public class SpscArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscArrayQueueLincheckTest() {
        super(new SpscArrayQueue<>(2));
    }
}

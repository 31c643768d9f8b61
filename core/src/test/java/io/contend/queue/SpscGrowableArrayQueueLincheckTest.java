package io.contend.queue;

/** Lincheck: SpscGrowableArrayQueue(2, 4) with its thread roles (see SpscQueueLincheckBase). */
public class SpscGrowableArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscGrowableArrayQueueLincheckTest() {
        super(new SpscGrowableArrayQueue<>(2, 4));
    }
}

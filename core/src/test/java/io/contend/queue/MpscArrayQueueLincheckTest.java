package io.contend.queue;

/** Lincheck: MpscArrayQueue(2) with its thread roles (see MpscQueueLincheckBase). */
public class MpscArrayQueueLincheckTest extends MpscQueueLincheckBase {
    public MpscArrayQueueLincheckTest() {
        super(new MpscArrayQueue<>(2));
    }
}

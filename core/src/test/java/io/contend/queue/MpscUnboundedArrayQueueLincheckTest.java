package io.contend.queue;

/** Lincheck: MpscUnboundedArrayQueue(2) with its thread roles (see MpscQueueLincheckBase). */
public class MpscUnboundedArrayQueueLincheckTest extends MpscQueueLincheckBase {
    public MpscUnboundedArrayQueueLincheckTest() {
        super(new MpscUnboundedArrayQueue<>(2));
    }
}

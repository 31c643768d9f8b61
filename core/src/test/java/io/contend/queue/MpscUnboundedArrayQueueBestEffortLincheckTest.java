package io.contend.queue;

/**
 * Lincheck's model checker on a BEST_EFFORT MpscUnboundedArrayQueue: in sequentially consistent interleavings, where a fence changes
 * nothing, the default contract must be linearizable too; its code differs from STRICT's (an empty answer without the
 * second look after a fence). No stress mode:
 * see {@link MpscQueueLincheckBase#checkStress()}.
 */
public class MpscUnboundedArrayQueueBestEffortLincheckTest extends MpscQueueLincheckBase {
    public MpscUnboundedArrayQueueBestEffortLincheckTest() {
        super(new MpscUnboundedArrayQueue<>(2));
    }
}

package io.contend.queue;

/** Lincheck: SpscChunkedArrayQueue(2, 4) with its thread roles (see SpscQueueLincheckBase). */
public class SpscChunkedArrayQueueLincheckTest extends SpscQueueLincheckBase {
    public SpscChunkedArrayQueueLincheckTest() {
        super(new SpscChunkedArrayQueue<>(2, 4));
    }
}

package io.contend.exec;

/**
 * A snapshot of one stage's counters.
 *
 * @param stage the stage's name
 * @param workers its worker threads
 * @param completed tasks handled without throwing
 * @param failed tasks whose handler threw
 * @param batches wake-ups that found work
 * @param maxBatch the largest batch taken at once
 * @param queueDepth tasks waiting in the stage's queues when the snapshot was taken
 */
public record StageMetrics(String stage, int workers, long completed, long failed, long batches, long maxBatch, long queueDepth) {
    /** @return tasks per batch on average, 0 before the first batch */
    public double meanBatch() {
        return batches == 0 ? 0 : (double) (completed + failed) / batches;
    }
}

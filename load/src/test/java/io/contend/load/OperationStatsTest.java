package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class OperationStatsTest {

    /**
     * Writers on their own threads while the reporter takes intervals: nothing is lost or counted twice, and in
     * every interval the three latencies hold the same operations.
     */
    @Test
    void intervalsTakenDuringRecordingAddUpAndKeepAnOperationsRecordsTogether() throws Exception {
        OperationStats stats = new OperationStats("op");
        int writers = 3;
        int perWriter = 200_000;
        CountDownLatch done = new CountDownLatch(writers);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            OperationStats.Writer writer = stats.newWriter();
            int id = w;
            Thread t = new Thread(() -> {
                for (int i = 1; i <= perWriter; i++) {
                    if (i % 1000 == 0) {
                        writer.recordError(new IllegalStateException("writer " + id));
                    } else {
                        long intended = i;
                        writer.recordSuccess(intended, intended + id, intended + id + i); // values grow: histograms resize
                    }
                }
                done.countDown();
            });
            threads.add(t);
            t.start();
        }
        long completed = 0;
        long errors = 0;
        int intervals = 0;
        while (done.getCount() > 0 || intervals == 0) {
            IntervalRecorder.Sample sample = stats.takeInterval();
            long rt = sample.histogram(LatencyKind.RESPONSE).getTotalCount();
            assertEquals(rt, sample.histogram(LatencyKind.SERVICE).getTotalCount(), "same operations in rt and st");
            assertEquals(rt, sample.histogram(LatencyKind.WAIT).getTotalCount(), "same operations in rt and wt");
            completed += rt;
            errors += sample.errors();
            intervals++;
        }
        for (Thread t : threads) {
            t.join();
        }
        IntervalRecorder.Sample last = stats.takeInterval();
        completed += last.completed();
        errors += last.errors();
        long expectedErrors = (long) writers * (perWriter / 1000);
        assertEquals((long) writers * perWriter - expectedErrors, completed);
        assertEquals(expectedErrors, errors);
        assertEquals(completed, stats.completed(), "the totals hold every interval taken");
        assertEquals(expectedErrors, stats.errors());
        assertEquals(OperationStats.KEPT_ERROR_MESSAGES, stats.firstErrors().size());
        assertTrue(intervals > 0);
    }

    @Test
    void aValueAboveTheRangeIsClampedAndCountedNotDropped() {
        OperationStats stats = new OperationStats("op");
        OperationStats.Writer writer = stats.newWriter();
        writer.recordSuccess(0, 0, OperationStats.HIGHEST_TRACKABLE_NANOS * 2);
        stats.takeInterval();
        assertEquals(1, stats.completed());
        assertEquals(2, stats.clampedValues(), "response and service time were both above the range");
        assertTrue(stats.total(LatencyKind.RESPONSE).getMaxValue() >= OperationStats.HIGHEST_TRACKABLE_NANOS * 999 / 1000);
    }
}

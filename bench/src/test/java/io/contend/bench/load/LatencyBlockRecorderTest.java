package io.contend.bench.load;

import io.contend.load.IntervalReport;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Blocks are copies of the reused interval histogram, and a run's short last interval joins the last block. */
class LatencyBlockRecorderTest {

    private static IntervalReport report(Histogram reused) {
        return new IntervalReport(1, 0.1, reused.getTotalCount(), 0, reused.getValueAtPercentile(50),
                reused.getValueAtPercentile(99), reused.getMaxValue(), reused);
    }

    @Test
    void blocksAreCopiesAndExtraIntervalsJoinTheLastBlock() {
        Histogram reused = new Histogram(1, 3_600_000_000_000L, 3);
        LatencyBlockRecorder recorder = new LatencyBlockRecorder(2);
        for (long value : new long[] {100, 200, 300, 400}) {
            reused.reset();
            reused.recordValue(value);
            recorder.interval(report(reused));
        }
        reused.reset();
        List<Histogram> blocks = recorder.blocks();
        assertEquals(2, blocks.size());
        assertEquals(1, blocks.get(0).getTotalCount(), "a copy: the run's reset did not empty it");
        assertEquals(100, blocks.get(0).getMaxValue());
        assertEquals(3, blocks.get(1).getTotalCount(), "the third and fourth intervals joined the second block");
        assertTrue(blocks.get(1).getMaxValue() >= 400 && blocks.get(1).getMinValue() <= 200);
        assertTrue(blocks.get(0).getEstimatedFootprintInBytes() < reused.getEstimatedFootprintInBytes() / 4,
                "a block is sized to its values, not to the run's range");
        assertTrue(recorder.toString().contains("2 of 2"), recorder.toString());
    }

    @Test
    void atLeastOneBlock() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LatencyBlockRecorder(0));
        assertTrue(e.getMessage().contains("0"), e.getMessage());
    }
}

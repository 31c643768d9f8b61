package io.contend.bench.load;

import io.contend.load.IntervalReport;
import io.contend.load.StressRun;
import org.HdrHistogram.Histogram;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps a stress run's latencies as a fixed number of blocks, one per reporting interval, so that a results file shows
 * when in the run its latencies rose: a run configured with an interval of {@code length / blocks} reports that many
 * intervals and, nearly always, a short last one with the requests still in flight at the end, which is added to the
 * last block rather than kept as a block of its own (it is not a stretch of equal length, and holds the slowest
 * requests). Each block is a copy sized to the values it holds, not the run's full-range interval histogram, which the
 * run reuses. Not thread-safe: a run calls its listener on the thread that called {@code run()}, and the blocks are
 * read after.
 */
public final class LatencyBlockRecorder implements StressRun.Listener {
    private final int blocks;
    private final List<Histogram> recorded;

    /**
     * @param blocks how many blocks to keep, at least 1
     * @throws IllegalArgumentException if {@code blocks} is less than 1
     */
    public LatencyBlockRecorder(int blocks) {
        if (blocks < 1) {
            throw new IllegalArgumentException("blocks must be at least 1: " + blocks);
        }
        this.blocks = blocks;
        this.recorded = new ArrayList<>(blocks);
    }

    /**
     * @param length the measurement
     * @param blocks how many blocks it is to be kept in
     * @return the reporting interval that gives them: a {@code blocks}-th of the measurement, at least the 1 ms an
     *         interval must be
     */
    public static Duration intervalFor(Duration length, int blocks) {
        Duration block = length.dividedBy(blocks);
        return block.compareTo(Duration.ofMillis(1)) < 0 ? Duration.ofMillis(1) : block;
    }

    @Override
    public void interval(IntervalReport report) {
        if (recorded.size() < blocks) {
            Histogram copy = new Histogram(3);
            copy.add(report.latency());
            recorded.add(copy);
        } else {
            recorded.get(blocks - 1).add(report.latency());
        }
    }

    /** @return the blocks recorded, at most {@code blocks}, in order */
    public List<Histogram> blocks() {
        return List.copyOf(recorded);
    }

    @Override
    public String toString() {
        return "LatencyBlockRecorder[" + recorded.size() + " of " + blocks + " blocks]";
    }
}

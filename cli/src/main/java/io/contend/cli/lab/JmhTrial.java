package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * A JMH configuration measured as one fork per round ({@link JmhExecutor}).
 *
 * @param run the benchmark, its parameters and threads
 * @param settings warm-up and measurement of the fork (its fork count is ignored: a round is one fork)
 * @param scoreResult the JMH secondary result that is the score, or null for JMH's primary result (e.g. a
 *                    producer/consumer {@code @Group} benchmark whose primary result counts failed calls too)
 * @param profileAllocation whether the fork runs JMH's GC profiler ({@code gc.alloc.rate.norm})
 * @param secondary turns JMH's secondary results into the record's, e.g. failures per operation from totals
 * @param executor runs the fork
 * @param preparation the configuration's one-off work before its first round ({@link Trial#prepare()})
 */
public record JmhTrial(JmhRun run, JmhSettings settings, String scoreResult, boolean profileAllocation,
                       UnaryOperator<Map<String, ResultRecord.Secondary>> secondary, JmhExecutor executor,
                       Runnable preparation)
        implements Trial {

    /** Checks the required parts. */
    public JmhTrial {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(secondary, "secondary");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(preparation, "preparation");
    }

    @Override
    public String benchmark() {
        return run.shortName();
    }

    @Override
    public Map<String, String> params() {
        return run.recordParams();
    }

    @Override
    public int threads() {
        return run.threads();
    }

    @Override
    public void prepare() {
        preparation.run();
    }

    @Override
    public Sample measure(int round) throws Exception {
        return executor.execute(this);
    }

    @Override
    public String toString() {
        return describe();
    }
}

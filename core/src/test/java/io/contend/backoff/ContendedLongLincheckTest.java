package io.contend.backoff;

import io.contend.telemetry.ContentionCounter;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of {@link ContendedLong} against the sequential specification given by the same class run
 * on one thread. CI runs reduced options (about 10 s); {@code -Dcontend.lincheck.full=true} runs Lincheck's
 * defaults (minutes).
 */
@Param(name = "delta", gen = IntGen.class, conf = "-3:3")
public class ContendedLongLincheckTest {
    private final ContendedLong counter = new ContendedLong(0,
            new ContentionManager(BackoffStrategy.spinYieldPark(1, 1, 1, 1_000), new ContentionCounter("lincheck")));

    @Operation
    public long get() {
        return counter.get();
    }

    @Operation
    public long getAndAdd(@Param(name = "delta") int delta) {
        return counter.getAndAdd(delta);
    }

    @Operation
    public long incrementWithCasLoop() {
        return counter.updateAndGet(x -> x + 1);
    }

    @Operation
    public long maxWithCasLoop(@Param(name = "delta") int x) {
        return counter.getAndAccumulate(x, Math::max);
    }

    @Operation
    public boolean compareAndSet(@Param(name = "delta") int expect, @Param(name = "delta") int update) {
        return counter.compareAndSet(expect, update);
    }

    @Operation
    public long getAndSet(@Param(name = "delta") int value) {
        return counter.getAndSet(value);
    }

    @Test
    public void modelChecking() {
        ModelCheckingOptions options = new ModelCheckingOptions();
        if (!LincheckBudget.full()) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }

    @Test
    public void stress() {
        StressOptions options = new StressOptions();
        if (!LincheckBudget.full()) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }
}

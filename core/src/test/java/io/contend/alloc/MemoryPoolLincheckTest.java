package io.contend.alloc;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of the pool's accounting below its limit: reserves, releases and reads of the count, with
 * 100 bytes reserved up front (so no release can be refused) and a limit no scenario reaches (so no reserve
 * is refused). Where refusals happen, XADD accounting is deliberately not linearizable (see MemoryPool's
 * notes; Lincheck showed two racing over-releases refusing each other); never granting past the limit is
 * checked by MemoryPoolTest's stress test and by jcstress. CI budget: about 10 s a mode;
 * {@code -Dcontend.lincheck.full=true} runs Lincheck's defaults.
 */
@Param(name = "bytes", gen = IntGen.class, conf = "1:6")
public class MemoryPoolLincheckTest {
    private final MemoryPool pool = new MemoryPool(1_000);

    public MemoryPoolLincheckTest() {
        pool.reserve(100);
    }

    @Operation
    public long usedBytes() {
        return pool.usedBytes();
    }

    @Operation
    public boolean tryReserve(@Param(name = "bytes") int bytes) {
        return pool.tryReserve(bytes);
    }

    @Operation
    public String release(@Param(name = "bytes") int bytes) {
        try {
            pool.release(bytes);
            return "released";
        } catch (IllegalStateException e) {
            return "refused";
        }
    }

    @Test
    public void modelChecking() {
        ModelCheckingOptions options = new ModelCheckingOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }

    @Test
    public void stress() {
        StressOptions options = new StressOptions();
        if (!Boolean.getBoolean("contend.lincheck.full")) {
            options.iterations(20).invocationsPerIteration(500);
        }
        options.check(getClass());
    }
}

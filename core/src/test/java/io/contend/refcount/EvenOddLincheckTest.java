package io.contend.refcount;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of the default (EVEN_ODD) reference count: retain, release and refCnt on one object that
 * starts with two references, against the same operations run sequentially. Refused steps return their
 * exception's counts, so a refusal is part of the result Lincheck compares. CI budget: about 10 s a mode;
 * {@code -Dcontend.lincheck.full=true} runs Lincheck's defaults.
 */
public class EvenOddLincheckTest {
    private final Counted counted = Counted.create(Counted.EVEN_ODD);

    public EvenOddLincheckTest() {
        Counted.EVEN_ODD.retain(counted);
    }

    @Operation
    public String retain() {
        try {
            Counted.EVEN_ODD.retain(counted);
            return "retained";
        } catch (IllegalReferenceCountException e) {
            return "refused " + e.getMessage();
        }
    }

    @Operation
    public String release() {
        try {
            return Counted.EVEN_ODD.release(counted) ? "final" : "released";
        } catch (IllegalReferenceCountException e) {
            return "refused " + e.getMessage();
        }
    }

    @Operation
    public String releaseTwo() {
        try {
            return Counted.EVEN_ODD.release(counted, 2) ? "final" : "released";
        } catch (IllegalReferenceCountException e) {
            return "refused " + e.getMessage();
        }
    }

    @Operation
    public int refCnt() {
        return Counted.EVEN_ODD.refCnt(counted);
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

package io.contend.jcstress.alloc;

import io.contend.alloc.MemoryPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * 50 bytes reserved; two threads each release 30: one succeeds, the other is refused, and the pool never ends
 * below zero. r1, r2: released (1) or refused (0); r3: bytes reserved at the end.
 */
@JCStressTest
@Description("MemoryPool never goes below zero on over-release")
@Outcome(id = {"1, 0, 20", "0, 1, 20"}, expect = ACCEPTABLE, desc = "One release applied, the other refused.")
@Outcome(expect = FORBIDDEN, desc = "Both applied (below zero), or the count is off.")
@State
public class MemoryPoolReleaseTest {
    private final MemoryPool pool = new MemoryPool(100);

    public MemoryPoolReleaseTest() {
        pool.reserve(50);
    }

    @Actor
    public void first(IIJ_Result r) {
        r.r1 = release();
    }

    @Actor
    public void second(IIJ_Result r) {
        r.r2 = release();
    }

    private int release() {
        try {
            pool.release(30);
            return 1;
        } catch (IllegalStateException refused) {
            return 0;
        }
    }

    @Arbiter
    public void arbiter(IIJ_Result r) {
        r.r3 = pool.usedBytes();
    }
}

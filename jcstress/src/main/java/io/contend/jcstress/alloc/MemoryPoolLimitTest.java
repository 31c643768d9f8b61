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
 * Two requests of 60 bytes against a limit of 100: at most one is granted, and the pool ends exact.
 * r1, r2: granted (1) or refused (0); r3: bytes reserved at the end.
 */
@JCStressTest
@Description("MemoryPool never grants past its limit; the count ends exact")
@Outcome(id = {"1, 0, 60", "0, 1, 60"}, expect = ACCEPTABLE, desc = "One granted, the other refused.")
@Outcome(expect = FORBIDDEN, desc = "Both granted (over the limit), or the count is off.")
@State
public class MemoryPoolLimitTest {
    private final MemoryPool pool = new MemoryPool(100);

    @Actor
    public void first(IIJ_Result r) {
        r.r1 = pool.tryReserve(60) ? 1 : 0;
    }

    @Actor
    public void second(IIJ_Result r) {
        r.r2 = pool.tryReserve(60) ? 1 : 0;
    }

    @Arbiter
    public void arbiter(IIJ_Result r) {
        r.r3 = pool.usedBytes();
    }
}

package io.contend.jcstress.alloc;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.Region;
import io.contend.backoff.ContentionManager;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two threads allocate 8 and 16 bytes from a CAS_LOOP region of 20: only the first fits. r1, r2: the offsets
 * (-1 = FULL); r3: usedBytes. Overlap, exceeding the capacity, or a wrong used/waste split is forbidden.
 */
@JCStressTest
@Description("CAS_LOOP region: racing allocations never overlap or exceed the capacity; used is exact")
@Outcome(id = "0, -1, 8", expect = ACCEPTABLE, desc = "8 bytes first; 16 no longer fit.")
@Outcome(id = "-1, 0, 16", expect = ACCEPTABLE, desc = "16 bytes first; 8 no longer fit.")
@Outcome(expect = FORBIDDEN, desc = "Overlap, overflow, or wrong accounting.")
@State
public class RegionCasLoopRaceTest {
    private final Region region = new Region(20, false, AllocationStrategy.CAS_LOOP, ContentionManager.none());

    @Actor
    public void eight(JJJ_Result r) {
        r.r1 = region.allocate(8);
    }

    @Actor
    public void sixteen(JJJ_Result r) {
        r.r2 = region.allocate(16);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = region.usedBytes();
    }
}

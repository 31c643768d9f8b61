package io.contend.jcstress.alloc;

import io.contend.alloc.AllocationStrategy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Outcome;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/** {@link RegionRaceTemplate} on an XADD region; each strategy's test has this shape (see the template). */
@JCStressTest
@Description("Racing region allocations never overlap or exceed the capacity; used is exact")
@Outcome(id = "0, -1, 8", expect = ACCEPTABLE, desc = "8 bytes first; 16 no longer fit.")
@Outcome(id = "-1, 0, 16", expect = ACCEPTABLE, desc = "16 bytes first; 8 no longer fit.")
@Outcome(expect = FORBIDDEN, desc = "Overlap, overflow, or wrong accounting.")
@State
public class RegionXaddRaceTest extends RegionRaceTemplate {
    public RegionXaddRaceTest() {
        super(AllocationStrategy.XADD);
    }

    @Actor
    public void eight(JJJ_Result r) {
        allocateEight(r);
    }

    @Actor
    public void sixteen(JJJ_Result r) {
        allocateSixteen(r);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        readUsed(r);
    }
}

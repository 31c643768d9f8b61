package io.contend.jcstress.alloc;

import io.contend.alloc.AllocationStrategy;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/** {@link RegionRaceTemplate} on an XADD region; each strategy's test has this shape (see the template). */
@JCStressTest
@JCStressMeta(RegionRaceTemplate.class)
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

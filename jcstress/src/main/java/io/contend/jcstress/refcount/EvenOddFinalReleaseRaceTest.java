package io.contend.jcstress.refcount;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * EVEN_ODD: two releases of the last reference race (one is a bug in the caller). Exactly one frees the object
 * and the other is refused. r1, r2: each release's result (1 final, -1 refused); r3: deallocations.
 */
@JCStressTest
@Description("EVEN_ODD: racing releases of the last reference free it exactly once")
@Outcome(id = {"1, -1, 1", "-1, 1, 1"}, expect = ACCEPTABLE, desc = "One release freed it, the other was refused.")
@Outcome(expect = FORBIDDEN, desc = "Freed twice, or never.")
@State
public class EvenOddFinalReleaseRaceTest {
    private final Counted counted = new Counted(Counted.EVEN_ODD);

    @Actor
    public void first(III_Result r) {
        r.r1 = counted.tryRelease();
    }

    @Actor
    public void second(III_Result r) {
        r.r2 = counted.tryRelease();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = counted.deallocations.get();
    }
}

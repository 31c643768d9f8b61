package io.contend.jcstress.refcount;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Netty #8563 under EVEN_ODD: the final release (count 1 -> 0) races two retains. jcstress cannot schedule three
 * actors on a 2-CPU machine, so the releasing actor makes the second retain right after its release (a retain
 * that, in a real program, another thread makes); the other actor's retain races both. r1: the releasing
 * actor's retain succeeded; r2: the other retain succeeded; r3: deallocations; r4: final refCnt. Either the
 * other retain came first (nothing freed, both retains succeed) or the release did (freed once, both
 * refused). A retain that succeeds on a freed object is forbidden. The three-thread version of this race runs
 * in core's RefCountContentionTest.
 * Its actors repeat NaiveXaddResurrectionTest's on purpose: jcstress takes actors only from the test class
 * itself; the race lives in ResurrectionRace.
 */
@JCStressTest
@Description("EVEN_ODD: a retain never succeeds after the final release; deallocation happens at most once")
@Outcome(id = "1, 1, 0, 2", expect = ACCEPTABLE, desc = "A retain came before the release: nothing freed.")
@Outcome(id = "0, 0, 1, 0", expect = ACCEPTABLE, desc = "The release came first: freed once, both retains refused.")
@Outcome(expect = FORBIDDEN, desc = "Resurrection or double free.")
@State
public class EvenOddResurrectionTest extends ResurrectionRace {
    public EvenOddResurrectionTest() {
        super(Counted.EVEN_ODD);
    }

    @Actor
    public void releaseThenRetain(IIII_Result r) {
        releaseThenRetainStep(r);
    }

    @Actor
    public void retain(IIII_Result r) {
        retainStep(r);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        arbiterStep(r);
    }
}

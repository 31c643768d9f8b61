package io.contend.jcstress.refcount;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

/**
 * The same race as {@link EvenOddResurrectionTest} on XADD_NAIVE (Netty PR #7248 as merged), to show the
 * baseline's danger rather than hide it: the release frees the object (1 -> 0), one retain adds 0 -> 1 and is
 * about to roll back, the other adds 1 -> 2, sees 1 and succeeds on freed memory. That outcome is marked
 * interesting, not forbidden, because XADD_NAIVE is kept only as a measured baseline.
 * Its actors repeat EvenOddResurrectionTest's on purpose: jcstress takes actors only from the test class
 * itself; the race lives in ResurrectionRace.
 */
@JCStressTest
@Description("XADD_NAIVE (Netty #7248): a retain can succeed on an object already freed (Netty #8563)")
@Outcome(id = "1, 1, 0, 2", expect = ACCEPTABLE, desc = "A retain came before the release: nothing freed.")
@Outcome(id = "0, 0, 1, 0", expect = ACCEPTABLE, desc = "The release came first and both retains saw it.")
@Outcome(id = {"1, 0, 1, 1", "0, 1, 1, 1"}, expect = ACCEPTABLE_INTERESTING,
        desc = "#8563: freed, then one retain succeeded on the freed object (resurrection).")
@Outcome(expect = ACCEPTABLE_INTERESTING, desc = "Another consequence of the unsafe rollback.")
@State
public class NaiveXaddResurrectionTest extends ResurrectionRace {
    public NaiveXaddResurrectionTest() {
        super(Counted.XADD_NAIVE);
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

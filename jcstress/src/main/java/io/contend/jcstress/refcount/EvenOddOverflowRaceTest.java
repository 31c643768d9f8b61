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
 * EVEN_ODD near its maximum count: a retain of 2 races a release. If the release comes first the retain fits
 * (max - 1 - 1 + 2 = max); if the retain comes first it overflows, is rolled back and refused, and the release
 * may even see the transient overflowed value: the count must still come out exact. r1: retain succeeded;
 * r2: release result (0 = not final); r3: deallocations; r4: final count minus (max - 2), so 1 = max - 1.
 */
@JCStressTest
@Description("EVEN_ODD: an overflowing retain racing a release is rolled back exactly")
@Outcome(id = "1, 0, 0, 2", expect = ACCEPTABLE, desc = "Release first, then the retain fits: count max.")
@Outcome(id = "0, 0, 0, 0", expect = ACCEPTABLE, desc = "Retain first: overflow refused and rolled back; count max - 2.")
@Outcome(expect = FORBIDDEN, desc = "A lost update, a wrong refusal or a free.")
@State
public class EvenOddOverflowRaceTest {
    private static final int MAX = Counted.EVEN_ODD.maxIncrement();
    private final Counted counted = new Counted(Counted.EVEN_ODD);

    public EvenOddOverflowRaceTest() {
        Counted.EVEN_ODD.retain(counted, MAX - 2); // count max - 1
    }

    @Actor
    public void retain(IIII_Result r) {
        r.r1 = counted.tryRetain(2);
    }

    @Actor
    public void release(IIII_Result r) {
        r.r2 = counted.tryRelease();
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r3 = counted.deallocations.get();
        r.r4 = counted.refCnt() - (MAX - 2);
    }
}

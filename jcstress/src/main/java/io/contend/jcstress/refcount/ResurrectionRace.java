package io.contend.jcstress.refcount;

import io.contend.refcount.RefCountUpdater;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * The steps of Netty #8563's race, shared by {@link EvenOddResurrectionTest} and
 * {@link NaiveXaddResurrectionTest}, which differ in the algorithm and in which outcomes they allow. Each test
 * still declares its own actors, delegating here, because jcstress takes actors only from the test class itself.
 */
public abstract class ResurrectionRace {
    private final Counted counted;

    ResurrectionRace(RefCountUpdater<Counted> algorithm) {
        this.counted = new Counted(algorithm);
    }

    /** The final release, then a retain that stands for a second retaining thread. */
    protected final void releaseThenRetainStep(IIII_Result r) {
        counted.tryRelease();
        r.r1 = counted.tryRetain(1);
    }

    protected final void retainStep(IIII_Result r) {
        r.r2 = counted.tryRetain(1);
    }

    protected final void arbiterStep(IIII_Result r) {
        r.r3 = counted.deallocations.get();
        r.r4 = counted.refCnt();
    }
}

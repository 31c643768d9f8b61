package io.contend.jcstress.backoff;

import io.contend.backoff.ContendedLong;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/** Two getAndAdd (XADD) calls race: each sees a distinct previous value and the sum is complete. */
@JCStressTest
@Description("getAndAdd is one atomic step: distinct previous values, nothing lost")
@Outcome(id = {"0, 1, 3", "2, 0, 3"}, expect = ACCEPTABLE, desc = "One add ordered before the other.")
@Outcome(expect = FORBIDDEN, desc = "Both saw the same value, or an add was lost.")
@State
public class ContendedLongXaddTest {
    private final ContendedLong counter = new ContendedLong();

    @Actor
    public void actor1(JJJ_Result r) {
        r.r1 = counter.getAndAdd(1);
    }

    @Actor
    public void actor2(JJJ_Result r) {
        r.r2 = counter.getAndAdd(2);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = counter.get();
    }
}

package io.contend.jcstress.backoff;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContendedReference;
import io.contend.backoff.ContentionManager;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.L_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two threads append to an immutable string through a ContendedReference with spin-yield-park backoff.
 * The final string holds both appends, in either order.
 */
@JCStressTest
@Description("CAS loops on a reference lose no update")
@Outcome(id = {"ab", "ba"}, expect = ACCEPTABLE, desc = "Both appends applied.")
@Outcome(expect = FORBIDDEN, desc = "An append was lost.")
@State
public class ContendedReferenceLostUpdateTest {
    private final ContendedReference<String> ref = new ContendedReference<>("",
            new ContentionManager(BackoffStrategy.spinYieldPark(1, 1, 1, 1_000), null));

    @Actor
    public void actor1() {
        ref.updateAndGet(s -> s + "a");
    }

    @Actor
    public void actor2() {
        ref.getAndAccumulate("b", String::concat);
    }

    @Arbiter
    public void arbiter(L_Result r) {
        r.r1 = ref.get();
    }
}

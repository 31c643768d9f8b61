package io.contend.jcstress.backoff;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContendedLong;
import io.contend.backoff.ContentionManager;
import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two CAS-loop increments with exponential backoff race on one ContendedLong. r1: the final value; r2: the
 * successful attempts the telemetry saw (attempts - failures). Both must be 2: no lost update, and telemetry
 * counts exactly one success per operation.
 */
@JCStressTest
@Description("CAS loops with backoff lose no update and count one success per operation")
@Outcome(id = "2, 2", expect = ACCEPTABLE, desc = "Both increments applied and counted.")
@Outcome(expect = FORBIDDEN, desc = "An increment was lost or miscounted.")
@State
public class ContendedLongLostUpdateTest {
    private final ContentionCounter telemetry = new ContentionCounter("jcstress");
    private final ContendedLong counter = new ContendedLong(0,
            new ContentionManager(BackoffStrategy.exponential(1, 100), telemetry));

    @Actor
    public void actor1() {
        counter.getAndUpdate(x -> x + 1);
    }

    @Actor
    public void actor2() {
        counter.accumulateAndGet(1, Long::sum);
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r1 = counter.get();
        ContentionSnapshot s = telemetry.snapshot();
        r.r2 = s.attempts() - s.failures();
    }
}

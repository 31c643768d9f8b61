package io.contend.jcstress.telemetry;

import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A snapshot racing a thread's first record: the snapshot sees all of it, none of it, or (documented) the
 * operation and attempts before the failure count. It never sees a failure without its operation, nor
 * values that were never recorded. r1: operations seen, r2: failures seen.
 */
@JCStressTest
@Description("Snapshots racing a record see whole values, in recording order")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "Snapshot before the record.")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "Snapshot after the record.")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "Snapshot in the middle of the record (documented).")
@Outcome(expect = FORBIDDEN, desc = "A failure count without its operation (e.g. 0, 2), or a value never recorded.")
@State
public class ContentionCounterVisibilityTest {
    private final ContentionCounter counter = new ContentionCounter("visibility");

    @Actor
    public void recorder() {
        counter.record(3, 2, 0);
    }

    @Actor
    public void reader(JJ_Result r) {
        ContentionSnapshot s = counter.snapshot();
        r.r1 = s.operations();
        r.r2 = s.failures();
    }
}

package io.contend.writepath;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Two threads stamp writes from one {@link WriteClock#monotonicMicros()}: the values differ, and a stamp taken
 * after another was seen (a write that starts after another was acknowledged) is greater.
 */
@JCStressTest
@Description("WriteClock: distinct values, and a call that starts after another's value was seen returns more")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "The second call saw the first's value and returned a greater one.")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "The calls overlapped (or the second ran first): distinct values.")
@Outcome(expect = FORBIDDEN, desc = "Equal values, or a call after another's value returned less: a lost overwrite.")
@State
public class WriteClockOrderTest {
    private final WriteClock clock = WriteClock.monotonicMicros();
    private volatile long published;
    private long first;
    private long second;
    private long seen;

    @Actor
    public void stampAndAcknowledge() {
        first = clock.next();
        published = first;
    }

    @Actor
    public void stampAfterSeeing() {
        seen = published;
        second = clock.next();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = seen == 0 ? 0 : 1;
        r.r2 = first != second && (seen == 0 || second > seen) ? 1 : 0;
    }
}

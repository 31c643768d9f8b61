package io.contend.exec;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.util.concurrent.ConcurrentLinkedQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The staged executor's submit/shutdownNow protocol (SubmitGate; in package io.contend.exec because the gate
 * is package-private): a submit races a close that then drains the queue, as shutdownNow does. r1: the submit
 * was admitted; r2: tasks the close's drain found; r3: tasks left in the queue afterwards, which nobody would
 * ever run or return.
 */
@JCStressTest
@Description("StagedExecutor: a task submitted while shutdownNow runs is either refused or returned, never lost")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "Admitted before the close; the drain returns it.")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "Refused: the close came first.")
@Outcome(expect = FORBIDDEN, desc = "Admitted but enqueued after the drain (lost), or refused yet queued.")
@State
public class SubmitGateTest {
    private static final int STOP = 2;
    private final SubmitGate gate = new SubmitGate();
    private final ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();

    @Actor
    public void submit(III_Result r) {
        if (gate.enter()) {
            queue.offer(this);
            gate.exit();
            r.r1 = 1;
        }
    }

    @Actor
    public void shutdownNow(III_Result r) {
        gate.close(STOP);
        int drained = 0;
        while (queue.poll() != null) {
            drained++;
        }
        r.r2 = drained;
    }

    @Arbiter
    public void leftover(III_Result r) {
        r.r3 = queue.size();
    }
}

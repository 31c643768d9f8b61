package io.contend.writepath;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/** {@link MemtableReleaseRaceTemplate} with the allocator and reference count of {@code Components.contend()}. */
@JCStressTest
@Description("A reader racing a memtable's final release reads real bytes or is refused; the memory is freed once")
@Outcome(id = "1, 1, 1, 0", expect = ACCEPTABLE, desc = "The reader read first; the release of the flush freed it.")
@Outcome(id = "1, 0, 1, 0", expect = ACCEPTABLE, desc = "The reader held it across the release of the flush; its "
        + "own release freed it.")
@Outcome(id = "0, 1, 1, 0", expect = ACCEPTABLE, desc = "Released first; the reader was refused.")
@Outcome(expect = FORBIDDEN, desc = "Freed memory read, freed twice or never, or bytes left in the pool.")
@State
public class MemtableContendReleaseRaceTest extends MemtableReleaseRaceTemplate {
    public MemtableContendReleaseRaceTest() {
        super(Components.contend());
    }

    @Actor
    public void readRow(IIII_Result r) {
        read(r);
    }

    @Actor
    public void finalRelease(IIII_Result r) {
        flushRelease(r);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        check(r);
    }
}

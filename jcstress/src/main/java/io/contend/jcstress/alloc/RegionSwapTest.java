package io.contend.jcstress.alloc;

import io.contend.alloc.RegionAllocator;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * The first region (16 bytes) is full; two threads each allocate 16 bytes, so both find it full and race to
 * swap in a region of 32. Exactly one region is installed and both allocations land in it, at 0 and 16.
 * r1: both in the same region (1); r2: the sum of their offsets; r3: that region is the current one (1).
 */
@JCStressTest
@Description("A racing region swap installs one region and loses no allocation")
@Outcome(id = "1, 16, 1", expect = ACCEPTABLE, desc = "One region installed, both allocations in it.")
@Outcome(expect = FORBIDDEN, desc = "Two regions installed, an allocation lost or overlapping.")
@State
public class RegionSwapTest {
    private final RegionAllocator allocator = RegionAllocator.builder().regionSizes(16, 32).dedicatedThreshold(16).build();
    private long a;
    private long b;

    public RegionSwapTest() {
        allocator.allocate(16);
    }

    @Actor
    public void first() {
        a = allocator.allocate(16);
    }

    @Actor
    public void second() {
        b = allocator.allocate(16);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = allocator.region(a) == allocator.region(b) ? 1 : 0;
        r.r2 = RegionAllocator.offset(a) + RegionAllocator.offset(b);
        r.r3 = allocator.region(a) == allocator.currentRegion() ? 1 : 0;
    }
}

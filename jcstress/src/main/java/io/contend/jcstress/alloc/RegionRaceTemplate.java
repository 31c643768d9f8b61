package io.contend.jcstress.alloc;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.Region;
import io.contend.backoff.ContentionManager;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Two threads allocate 8 and 16 bytes from a region of 20: only the first fits. r1, r2: the offsets
 * (-1 = FULL); r3: usedBytes. Overlap, exceeding the capacity, or a wrong used/waste split is forbidden. The
 * check is written once here; each strategy's test is a small subclass that names its actors, because jcstress
 * takes actors only from the test class itself, and each declares these outcomes itself: outcomes given through {@code @JCStressMeta} were never counted
 * with jcstress 0.16 (every declared outcome showed 0 samples).
 */
public abstract class RegionRaceTemplate {
    private final Region region;

    protected RegionRaceTemplate(AllocationStrategy strategy) {
        this.region = new Region(20, false, strategy, ContentionManager.none());
    }

    protected final void allocateEight(JJJ_Result r) {
        r.r1 = region.allocate(8);
    }

    protected final void allocateSixteen(JJJ_Result r) {
        r.r2 = region.allocate(16);
    }

    protected final void readUsed(JJJ_Result r) {
        r.r3 = region.usedBytes();
    }
}

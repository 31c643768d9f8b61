package io.contend.writepath;

import io.contend.refcount.LeakTracker;
import java.lang.ref.Reference;

/** What both reference-count builds do on the final release: free, then close the leak tracker. */
final class FinalRelease {
    private FinalRelease() {
    }

    /**
     * Runs the deallocation; the tracker (if the owner was sampled) is closed even when it throws, and the owner
     * stays reachable until then, so the detector cannot report it while it is being freed.
     *
     * @param deallocate frees the owner's memory
     * @param leak the owner's tracker, or null
     * @param owner the counted object
     */
    static void run(Runnable deallocate, LeakTracker leak, Object owner) {
        try {
            deallocate.run();
        } finally {
            if (leak != null) {
                leak.close();
                Reference.reachabilityFence(owner);
            }
        }
    }
}

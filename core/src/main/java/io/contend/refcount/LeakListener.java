package io.contend.refcount;

/** Receives leak reports. Called on whichever thread polls the detector; keep it short. */
@FunctionalInterface
public interface LeakListener {
    /** @param report the leak */
    void onLeak(LeakReport report);
}

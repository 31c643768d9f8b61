package io.contend.telemetry;

/**
 * Emits {@link ContentionBurstEvent}s, and only where the run-time image has JFR: core requires {@code jdk.jfr}
 * statically, so that a jlink image without it still runs, and no event class is loaded there (this class is the
 * only one that names the event, and its methods run only when {@link #JFR_PRESENT} is true).
 */
final class BurstEvents {
    /** Whether module jdk.jfr is in the boot layer: always in a full JDK, not in every jlink image. */
    static final boolean JFR_PRESENT = ModuleLayer.boot().findModule("jdk.jfr").isPresent();

    private BurstEvents() {
    }

    /**
     * Commits one burst event if a recording has it enabled. Call only when {@link #JFR_PRESENT}.
     *
     * @param counter the counter's name
     * @param failures consecutive failed CAS attempts
     * @param backoffNanos time spent backing off
     */
    static void emit(String counter, long failures, long backoffNanos) {
        ContentionBurstEvent event = new ContentionBurstEvent();
        if (event.isEnabled()) {
            event.counter = counter;
            event.failures = failures;
            event.backoffNanos = backoffNanos;
            event.commit();
        }
    }
}

package io.contend.telemetry;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A JFR event for one operation that failed its CAS at least the counter's burst threshold times in a row.
 * Created only on that slow path, and committed only when a recording has the event enabled, so it costs
 * nothing when no recording is on. Enable it with {@code jfr configure} or
 * {@code -XX:StartFlightRecording:settings=...}; its name is {@value #NAME}.
 */
@Name(ContentionBurstEvent.NAME)
@Label("Contention Burst")
@Category({"contend", "Contention"})
@Description("An atomic operation that failed its compare-and-set many times in a row")
@StackTrace(true)
final class ContentionBurstEvent extends Event {
    static final String NAME = "io.contend.ContentionBurst";

    @Label("Counter")
    String counter;

    @Label("Failures")
    @Description("Consecutive failed CAS attempts of this operation")
    long failures;

    @Label("Backoff Time")
    @Timespan(Timespan.NANOSECONDS)
    long backoffNanos;
}

package io.contend.backoff;

import io.contend.telemetry.ContentionCounter;

import java.util.Objects;

/**
 * What a CAS retry loop calls on failure and on completion: it applies a {@link BackoffStrategy} and records
 * the operation into an optional {@link ContentionCounter}. One manager may serve many atomics; it is
 * immutable and thread-safe. Loops keep their failure count and backoff time in local variables:
 *
 * <pre>{@code
 * int failures = 0; long backoffNanos = 0;
 * while (!cas(...)) { backoffNanos += manager.onFailure(++failures); }
 * manager.onSuccess(failures, backoffNanos);
 * }</pre>
 *
 * <p>Backoff time is measured with two {@link System#nanoTime()} reads around each backoff, only when a
 * counter is attached and the strategy is not {@code none}: the uncontended path pays nothing for it.
 */
public final class ContentionManager {
    private static final ContentionManager NONE = new ContentionManager(BackoffStrategy.none(), null);

    private final BackoffStrategy backoff;
    private final ContentionCounter telemetry;

    /**
     * @param backoff what to do after a failed CAS
     * @param telemetry where to count operations, or null to count nothing
     */
    public ContentionManager(BackoffStrategy backoff, ContentionCounter telemetry) {
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.telemetry = telemetry;
    }

    /** @return a manager that neither backs off nor counts: a plain CAS loop */
    public static ContentionManager none() {
        return NONE;
    }

    /**
     * Backs off after a failed CAS.
     *
     * @param failures consecutive failures of this operation so far, at least 1
     * @return nanoseconds spent backing off, or 0 when not measured (no counter attached)
     */
    public long onFailure(int failures) {
        if (backoff.isNone()) {
            return 0;
        }
        if (telemetry == null) {
            backoff.backoff(failures);
            return 0;
        }
        long start = System.nanoTime();
        backoff.backoff(failures);
        return System.nanoTime() - start;
    }

    /**
     * Records a completed CAS loop: {@code failures + 1} attempts, the last one successful.
     *
     * @param failures failed attempts before the success
     * @param backoffNanos total returned by {@link #onFailure(int)} for this operation
     */
    public void onSuccess(int failures, long backoffNanos) {
        if (telemetry != null) {
            telemetry.record(failures + 1L, failures, backoffNanos);
        }
    }

    /**
     * Records a CAS loop that gave up (e.g. the request no longer fit) after {@code failures} failed attempts.
     *
     * @param failures failed attempts, all of its attempts
     * @param backoffNanos total returned by {@link #onFailure(int)} for this operation
     */
    public void onGiveUp(int failures, long backoffNanos) {
        if (telemetry != null) {
            telemetry.record(failures, failures, backoffNanos);
        }
    }

    /**
     * Records a single atomic instruction that is not part of a loop: an XADD (never fails) or a bare CAS.
     *
     * @param failed whether it was a CAS that failed
     */
    public void onSingleAttempt(boolean failed) {
        if (telemetry != null) {
            telemetry.record(1, failed ? 1 : 0, 0);
        }
    }

    /** @return the backoff strategy */
    public BackoffStrategy backoff() {
        return backoff;
    }

    /** @return the attached counter, or null */
    public ContentionCounter telemetry() {
        return telemetry;
    }

    @Override
    public String toString() {
        return "ContentionManager[backoff=" + backoff.spec() + ", telemetry="
                + (telemetry == null ? "off" : telemetry.name()) + "]";
    }
}

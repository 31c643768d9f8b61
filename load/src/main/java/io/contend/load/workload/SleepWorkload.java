package io.contend.load.workload;

import io.contend.load.Durations;
import io.contend.load.Operation;
import io.contend.load.Workload;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A service that takes a known time: each operation ({@code sleep}) waits {@code --service-time} (default 100us; parking
 * adds the OS timer slack, about 50 us on Linux),
 * or a uniformly random time up to {@code --service-time-max} if given. With {@code --stall-every N} (default
 * 0: never) every N-th operation starts a stall of {@code --stall} (default 100ms) that freezes the whole
 * service: operations that arrive during it wait for it to end, as they would behind a GC pause or a
 * saturated server. The demonstration of "Fixing Coordinated Omission in Cassandra Stress" (Nitsan Wakart,
 * psy-lob-saw.blogspot.com/2016/07/fixing-co-in-cstress.html): at a fixed rate, response time shows the
 * stalls that service time hides.
 */
public final class SleepWorkload implements Workload {
    private static final Duration DEFAULT_SERVICE_TIME = Duration.ofNanos(100_000);
    private static final Duration DEFAULT_STALL = Duration.ofMillis(100);

    /** The options it reads. */
    public static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption("service-time", "D", "Time each operation takes, e.g. 100us or 2ms (default: "
                    + Durations.format(DEFAULT_SERVICE_TIME) + ")."),
            new WorkloadOption("service-time-max", "D",
                    "If given, each operation takes a uniformly random time from --service-time up to this."),
            new WorkloadOption("stall-every", "N", "Every N-th operation starts a stall of the whole service "
                    + "(default: 0, never; SI suffixes allowed, e.g. 5k)."),
            new WorkloadOption("stall", "D", "How long a stall freezes the service (default: "
                    + Durations.format(DEFAULT_STALL) + ")."));

    private final long serviceNanos;
    private final long serviceMaxNanos;
    private final long stallEvery;
    private final long stallNanos;
    private final AtomicLong calls = new AtomicLong();
    /** The stall in progress ends at this nanoTime; 0 when none has begun. */
    private volatile long stallUntil;

    /** @param options --service-time, --service-time-max, --stall-every, --stall */
    public SleepWorkload(WorkloadOptions options) {
        serviceNanos = options.duration("service-time", DEFAULT_SERVICE_TIME).toNanos();
        Duration max = options.duration("service-time-max", null);
        serviceMaxNanos = max == null ? serviceNanos : max.toNanos();
        if (serviceMaxNanos < serviceNanos) {
            throw new IllegalArgumentException("--service-time-max (" + Durations.format(max) + ") must not be below "
                    + "--service-time (" + Durations.format(Duration.ofNanos(serviceNanos)) + ")");
        }
        stallEvery = options.number("stall-every", 0, 0, Long.MAX_VALUE);
        stallNanos = options.duration("stall", DEFAULT_STALL).toNanos();
    }

    @Override
    public List<Operation> operations() {
        return List.of(new Operation() {
            @Override
            public String name() {
                return "sleep";
            }

            @Override
            public void run() {
                long now = System.nanoTime();
                if (stallEvery > 0 && calls.incrementAndGet() % stallEvery == 0) {
                    stallUntil = now + stallNanos;
                }
                long until = stallUntil;
                if (until - now > 0) {
                    sleepUntil(until);
                }
                long service = serviceMaxNanos == serviceNanos ? serviceNanos
                        : ThreadLocalRandom.current().nextLong(serviceNanos,
                                Math.max(serviceMaxNanos, serviceMaxNanos + 1)); // + 1 saturates at Long.MAX_VALUE
                sleepUntil(System.nanoTime() + service);
            }
        });
    }

    private static void sleepUntil(long deadline) {
        for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    @Override
    public String toString() {
        return "sleep{service " + Durations.format(Duration.ofNanos(serviceNanos))
                + (serviceMaxNanos != serviceNanos ? ".." + Durations.format(Duration.ofNanos(serviceMaxNanos)) : "")
                + (stallEvery > 0 ? ", stall " + Durations.format(Duration.ofNanos(stallNanos)) + " every " + stallEvery : "") + "}";
    }
}

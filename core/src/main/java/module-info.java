/**
 * contend's core: low-contention concurrency primitives with no dependency beyond the JDK. Exported: the
 * region allocator ({@code io.contend.alloc}), backoff and padded atomics ({@code io.contend.backoff}), the
 * streaming histogram ({@code io.contend.histogram}), idle strategies ({@code io.contend.idle}), message-passing
 * queues ({@code io.contend.queue}), reference counting ({@code io.contend.refcount}) and contention telemetry ({@code io.contend.telemetry}).
 * {@code io.contend.internal} is not exported.
 */
module io.contend.core {
    requires static jdk.jfr; // optional at run time: without it no contention-burst event is emitted

    exports io.contend.alloc;
    exports io.contend.backoff;
    exports io.contend.histogram;
    exports io.contend.idle;
    exports io.contend.queue;
    exports io.contend.refcount;
    exports io.contend.telemetry;
}

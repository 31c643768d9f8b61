/**
 * CPU layout, affinity strategies and the staged executor, after CASSANDRA-1632 ("Thread workflow and cpu
 * affinity", Jason Brown's comment of 2013-11-20):
 * {@link io.contend.exec.CpuLayout}, {@link io.contend.exec.Affinity} (sched_setaffinity through JNA),
 * {@link io.contend.exec.AffinityStrategy} as ThreadFactory decorators, {@link io.contend.exec.SchedStats}
 * from /proc, and {@link io.contend.exec.StagedExecutor}, a pipeline of stages with shared or per-thread
 * queues and batched delivery.
 */
package io.contend.exec;

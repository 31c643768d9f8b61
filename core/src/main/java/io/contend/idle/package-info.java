/**
 * How a thread waits when its loop finds no work: the {@link io.contend.idle.IdleStrategy} interface, in the shape
 * of Agrona's, and its built-in strategies (busy spin, yield, no-op, spin-yield-park backoff and the measured
 * defaults of contend's executor). Used by the queues' drain and fill loops, the staged executor's workers and the
 * stress generator.
 */
package io.contend.idle;

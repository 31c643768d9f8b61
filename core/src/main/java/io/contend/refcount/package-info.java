/**
 * Reference counting: {@link io.contend.refcount.RefCountUpdater} on a user's own {@code volatile int}
 * field, the {@link io.contend.refcount.AbstractRefCounted} base class, and sampled
 * {@link io.contend.refcount.LeakDetector leak detection}. The default algorithm is Netty's even/odd raw
 * count (the fix of Netty #8563): XADD retains with no resurrection and a single deallocation.
 */
package io.contend.refcount;

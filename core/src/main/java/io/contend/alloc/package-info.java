/**
 * Region allocation, CASSANDRA-15922 done right: {@link io.contend.alloc.Region} (bump allocation by CAS
 * loop, CAS with backoff, or XADD), {@link io.contend.alloc.RegionAllocator} (growing regions, dedicated
 * regions for large requests, waste accounting, thread-local chunks, batch allocation) and
 * {@link io.contend.alloc.MemoryPool} (a byte limit shared by allocators, accounted with XADD).
 */
package io.contend.alloc;

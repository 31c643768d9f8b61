/**
 * An in-memory write path of a database node, built from contend's parts: a {@link
 * io.contend.writepath.WritePath} takes writes into a memtable whose cell bytes live in region memory, switches
 * it at a byte threshold, flushes the old one on a background thread into an immutable sorted
 * {@link io.contend.writepath.Segment} with a deletion-time histogram and a CRC32C checksum, and serves reads
 * from the live memtable, the memtables being flushed and the segments. Each component ({@link
 * io.contend.writepath.Allocator}, {@link io.contend.writepath.RefCount}, {@link
 * io.contend.writepath.DeletionHistogram}) has a contend build and a JDK build, chosen one at a time through
 * {@link io.contend.writepath.Components}. {@link io.contend.writepath.ReadBack} proves that nothing was lost.
 */
package io.contend.writepath;

/**
 * A garbage-free streaming histogram after Ben-Haim and Tom-Tov (JMLR 2010) and Cassandra's CASSANDRA-13444
 * builder, with t-digest's size bound on merges (Dunning and Ertl 2019) so that time-ordered and rounded streams,
 * the ones a tombstone histogram gets, stay accurate; and with the later Cassandra bugs designed out: long points
 * and saturating counts (CASSANDRA-14773, CASSANDRA-14227), and no upward drift from rounding.
 * {@link io.contend.histogram.StreamingHistogramBuilder} collects points;
 * {@link io.contend.histogram.StreamingHistogram} is the immutable result with sum, quantiles, merge and a
 * validated binary format, {@link io.contend.histogram.HistogramFormat}.
 */
package io.contend.histogram;

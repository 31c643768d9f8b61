/**
 * A garbage-free streaming histogram after Ben-Haim and Tom-Tov (JMLR 2010) and Cassandra's
 * CASSANDRA-13444 ("Fast and garbage-free Streaming Histogram") builder, with the later Cassandra bugs designed out: long points and saturating
 * counts (CASSANDRA-14773, CASSANDRA-14227), merged points that stay inside their pair, and no upward drift
 * from rounding. {@link io.contend.histogram.StreamingHistogramBuilder} collects points;
 * {@link io.contend.histogram.StreamingHistogram} is the immutable result with sum, quantiles, merge and a
 * validated binary format.
 */
package io.contend.histogram;

/**
 * JMH benchmarks: each contend primitive with its peers measured in the same run. The lab (cli module) runs
 * them through JMH's Runner API; they also run from the shaded CLI jar with plain JMH options.
 */
package io.contend.bench;

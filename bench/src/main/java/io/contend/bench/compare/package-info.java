/**
 * A fixture for {@code contend compare}: a benchmark whose work per operation is read from a resource, so that two
 * copies of one jar can differ by a known amount of work.
 */
package io.contend.bench.compare;

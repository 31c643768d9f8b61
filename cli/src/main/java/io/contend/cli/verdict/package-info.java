/**
 * How the lab turns paired rounds into a decision: {@link io.contend.cli.verdict.RatioEstimate} (the geometric
 * mean of per-round ratios with a Student-t confidence interval on their logarithms) and
 * {@link io.contend.cli.verdict.Verdict} (faster, slower, same or inconclusive against an equivalence margin).
 */
package io.contend.cli.verdict;

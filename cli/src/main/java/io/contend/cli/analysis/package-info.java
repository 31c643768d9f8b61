/**
 * Analysis: pure functions from stored samples to conclusions. {@link io.contend.cli.analysis.RatioEstimate} (the
 * geometric mean of per-round ratios with a Student-t confidence interval on their logarithms),
 * {@link io.contend.cli.analysis.UnpairedRatio} (Welch's interval, for independent forks that pair with nothing),
 * {@link io.contend.cli.analysis.Judge} (faster, slower, same or inconclusive against an equivalence margin),
 * {@link io.contend.cli.analysis.StoppingRule} (which interval judges a run: the t interval for a fixed plan, the
 * anytime-valid {@link io.contend.cli.analysis.ConfidenceSequence} for a run continued with {@code --more}),
 * {@link io.contend.cli.analysis.ContinuedRun} (a run's records carried through added rounds),
 * {@link io.contend.cli.analysis.Rejudge} (verdicts computed again from the samples of one or more results files,
 * pooled) and the table model that both the terminal and the HTML report render. It reads the results model
 * ({@code io.contend.cli.results}) and nothing of the runner or the commands.
 */
package io.contend.cli.analysis;

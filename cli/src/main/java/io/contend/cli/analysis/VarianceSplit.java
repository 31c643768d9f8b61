package io.contend.cli.analysis;

import io.contend.cli.results.ResultRecord;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;

/**
 * Where a JMH configuration's noise is: within a fork (from one iteration to the next) or between forks (a fork's
 * mean away from the others'), from the iterations results.json keeps, and how many iterations per fork would make
 * the narrowest interval for the same time (Kalibera and Jones, "Rigorous Benchmarking in Reasonable Time", ISMM
 * 2013: plan the repetitions at each level from the variance measured there).
 *
 * <p>Method: on the logarithms of the iteration scores (noise is multiplicative), the within-fork variance
 * {@code w} is the mean of the forks' sample variances and the between-fork variance {@code b} is the variance
 * of the fork means less {@code w / m} (a one-way random-effects ANOVA, floored at 0). A round of {@code m}
 * iterations then has variance {@code b + w / m}. Kalibera and Jones' optimum {@code m = sqrt(c w / b)}, with
 * {@code c} a fork's fixed cost in iterations, minimizes the variance for a given time but ignores that fewer,
 * longer rounds also cost degrees of freedom of Student's t; {@link #bestIterations} therefore picks the {@code m}
 * whose expected half-width {@code t(n-1) sqrt((b + w/m) / n)} is smallest, {@code n} being the rounds that fit.
 *
 * @param within the within-fork variance of the log iteration scores
 * @param between the between-fork variance of the log fork means (0 when the forks agree within their noise)
 * @param iterations iterations per fork measured
 * @param forks forks (rounds) measured
 */
public record VarianceSplit(double within, double between, int iterations, int forks) {

    /**
     * @param record a record with per-round iterations
     * @return its split, or null when it has fewer than 2 rounds of at least 2 positive iterations each
     */
    public static VarianceSplit of(ResultRecord record) {
        List<List<Double>> rounds = record.iterations();
        if (rounds.size() < 2) {
            return null;
        }
        int m = Integer.MAX_VALUE;
        for (List<Double> round : rounds) {
            if (round.size() < 2 || round.stream().anyMatch(v -> !(v > 0) || !Double.isFinite(v))) {
                return null;
            }
            m = Math.min(m, round.size());
        }
        double withinSum = 0;
        double[] means = new double[rounds.size()];
        for (int i = 0; i < rounds.size(); i++) {
            double[] logs = rounds.get(i).stream().mapToDouble(Math::log).toArray();
            means[i] = mean(logs);
            withinSum += variance(logs, means[i]);
        }
        double within = withinSum / rounds.size();
        double betweenMeans = variance(means, mean(means));
        double between = Math.max(0, betweenMeans - within / m);
        return new VarianceSplit(within, between, m, rounds.size());
    }

    /**
     * @param forkCost what a fork costs besides its measured iterations (JVM start, warm-up), in iterations
     * @param budget the time a configuration may take, in iterations
     * @param maxIterations the most iterations per fork to consider, at least 1
     * @return the iterations per fork, from 1 to {@code maxIterations}, whose rounds fitting the budget (at least 2)
     *         give the narrowest expected t interval of the configuration's mean
     */
    public int bestIterations(double forkCost, double budget, int maxIterations) {
        if (!(forkCost >= 0 && budget > 0 && maxIterations >= 1)) {
            throw new IllegalArgumentException("fork cost " + forkCost + ", budget " + budget + ", max iterations "
                    + maxIterations + ": out of range");
        }
        int best = 1;
        double narrowest = Double.POSITIVE_INFINITY;
        for (int m = 1; m <= maxIterations; m++) {
            int n = (int) Math.max(2, Math.floor(budget / (forkCost + m)));
            double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
            double halfWidth = t * Math.sqrt((between + within / m) / n);
            if (halfWidth < narrowest - 1e-12) {
                narrowest = halfWidth;
                best = m;
            }
        }
        return best;
    }

    static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /** The sample variance (n - 1) of at least two values about their mean (also the bootstrap's spread). */
    static double variance(double[] values, double mean) {
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        return squares / (values.length - 1);
    }

    /** @return the spread within a fork, as a relative standard deviation (sqrt of the log variance) */
    public double withinSd() {
        return Math.sqrt(within);
    }

    /** @return the spread between forks, as a relative standard deviation */
    public double betweenSd() {
        return Math.sqrt(between);
    }
}

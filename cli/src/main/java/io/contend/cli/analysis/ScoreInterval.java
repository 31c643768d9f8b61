package io.contend.cli.analysis;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * A configuration's score over its rounds as results.json keeps it: the mean of the per-round scores and the
 * half-width of its 95% Student's t interval. One place for the lab's aggregation and for a run continued with
 * {@code --more}, so that both write the same numbers.
 */
public final class ScoreInterval {
    private ScoreInterval() {
    }

    /**
     * @param values the per-round scores, at least one
     * @return their mean
     */
    public static double mean(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no scores to average");
        }
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    /**
     * @param values the per-round scores
     * @return the half-width of the 95% t interval of their mean, or null with fewer than two
     */
    public static Double halfWidth(double[] values) {
        int n = values.length;
        if (n < 2) {
            return null;
        }
        double mean = mean(values);
        double squares = 0;
        for (double v : values) {
            squares += (v - mean) * (v - mean);
        }
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.5 + RatioEstimate.CONFIDENCE / 2);
        return t * Math.sqrt(squares / (n - 1) / n);
    }
}

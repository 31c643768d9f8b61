package io.contend.cli.analysis;

import io.contend.cli.results.Direction;

import java.util.Arrays;

/**
 * The per-round log ratios an interval is built on, summarized: how many rounds had a usable ratio, their mean and
 * their sample standard deviation. Both of the lab's intervals ({@link RatioEstimate}'s t interval and the
 * {@link ConfidenceSequence}) start from it.
 *
 * @param n rounds with a positive, finite ratio
 * @param mean the mean of their logarithms
 * @param sd the sample standard deviation of their logarithms (0 for one round)
 */
record LogRatios(int n, double mean, double sd) {

    /**
     * @param ratios one ratio per round; NaN, infinite or non-positive ratios are skipped
     * @return their summary
     * @throws IllegalArgumentException if no ratio is usable
     */
    static LogRatios of(double[] ratios) {
        double[] logs = Arrays.stream(ratios).filter(r -> Double.isFinite(r) && r > 0).map(Math::log).toArray();
        int n = logs.length;
        if (n == 0) {
            throw new IllegalArgumentException("no usable round among " + Arrays.toString(ratios));
        }
        double mean = Arrays.stream(logs).average().orElseThrow();
        double squares = 0;
        for (double d : logs) {
            squares += (d - mean) * (d - mean);
        }
        return new LogRatios(n, mean, n == 1 ? 0 : Math.sqrt(squares / (n - 1)));
    }

    /**
     * @param contender the contender's score in each round
     * @param baseline the baseline's score in the same rounds
     * @param direction which way scores are better
     * @return each round's ratio, above 1 when the contender is better
     * @throws IllegalArgumentException if the arrays differ in length
     */
    static double[] paired(double[] contender, double[] baseline, Direction direction) {
        if (contender.length != baseline.length) {
            throw new IllegalArgumentException("paired rounds need as many contender scores as baseline scores: "
                    + contender.length + " vs " + baseline.length);
        }
        double[] ratios = new double[contender.length];
        for (int i = 0; i < ratios.length; i++) {
            ratios[i] = direction.ratio(contender[i], baseline[i]);
        }
        return ratios;
    }

    /**
     * @param halfWidth the interval's half-width on the log scale
     * @param confidence the interval's confidence
     * @return the geometric mean with that interval
     */
    RatioEstimate estimate(double halfWidth, double confidence) {
        return new RatioEstimate(Math.exp(mean), Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), confidence, n,
                sd);
    }

    /**
     * @param confidence the confidence an interval would have
     * @return the geometric mean of one round, without an interval
     */
    RatioEstimate withoutInterval(double confidence) {
        return new RatioEstimate(Math.exp(mean), Double.NaN, Double.NaN, confidence, n, 0);
    }
}

package io.contend.hdr;

/**
 * The unit values are shown in: recorded values are divided by {@code ratio}, as HistogramLogProcessor's
 * {@code -outputValueUnitRatio}. With values recorded in nanoseconds (as contend's load generator does),
 * 1e6 shows milliseconds.
 *
 * @param ratio what recorded values are divided by, positive and finite
 * @param label the unit's name, for headers and axes
 */
public record OutputUnit(double ratio, String label) {
    /** Nanoseconds shown as milliseconds: HistogramLogProcessor's default ratio, 1e6. */
    public static final OutputUnit MILLISECONDS = of(1e6);

    /**
     * @param ratio what recorded values are divided by
     * @param label the unit's name
     * @throws IllegalArgumentException if the ratio is not positive and finite, or the label is null or blank
     */
    public OutputUnit {
        if (!(ratio > 0) || !Double.isFinite(ratio)) {
            throw new IllegalArgumentException("the output value unit ratio must be a positive number, got " + ratio);
        }
        if (label == null || label.isBlank()) {
            throw new IllegalArgumentException("the output unit needs a label, got '" + label + "'");
        }
    }

    /**
     * @param ratio what recorded values (nanoseconds) are divided by
     * @return the unit, labelled ns, us, ms or s for 1, 1e3, 1e6, 1e9, else "ns/" and the ratio
     * @throws IllegalArgumentException if the ratio is not positive and finite
     */
    public static OutputUnit of(double ratio) {
        String label;
        if (ratio == 1) {
            label = "ns";
        } else if (ratio == 1e3) {
            label = "us";
        } else if (ratio == 1e6) {
            label = "ms";
        } else if (ratio == 1e9) {
            label = "s";
        } else {
            label = "ns/" + ratio;
        }
        return new OutputUnit(ratio, label);
    }

    /**
     * @param value a recorded value
     * @return the value in this unit
     */
    public double scale(double value) {
        return value / ratio;
    }
}

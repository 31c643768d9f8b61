package io.contend.writepath;

/** A {@link ReadBack} check found a break: a lost write, a mismatch, an unacknowledged row, a bad segment, a leak. */
public final class ReadBackException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Not serialized: reports are for the run that made them. */
    private final transient ReadBack.Report report;

    /** @param report the report with the breaks */
    public ReadBackException(ReadBack.Report report) {
        super("read-back check failed: " + report);
        this.report = report;
    }

    /** @return the report */
    public ReadBack.Report report() {
        return report;
    }
}

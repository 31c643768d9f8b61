package io.contend.backoff;

/** Whether Lincheck runs at its defaults (minutes a test) or at CI's reduced budget (seconds). */
final class LincheckBudget {
    private LincheckBudget() {
    }

    /** @return true when {@code -Dcontend.lincheck.full=true} was given */
    static boolean full() {
        return Boolean.getBoolean("contend.lincheck.full");
    }
}

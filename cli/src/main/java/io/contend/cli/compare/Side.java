package io.contend.cli.compare;

/** The two builds of a comparison. */
public enum Side {
    /** The old build, the reference of every ratio. */
    BASELINE,
    /** The new build. */
    CANDIDATE;

    /** @return {@code baseline} or {@code candidate} */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

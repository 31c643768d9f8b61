package io.contend.load;

/**
 * One kind of operation of a workload. Called from every load-generator thread at once, so it must be
 * thread-safe. Throwing counts the operation as an error (the first messages are kept); its latency is not
 * recorded.
 */
public interface Operation {
    /** @return the operation's tag in logs and summaries: letters, digits, '.', '_' or '-' */
    String name();

    /**
     * Performs the operation once.
     *
     * @throws Exception to count an error
     */
    void run() throws Exception;

    /** What an operation does, for {@link #named}. */
    @FunctionalInterface
    interface Body {
        /** @throws Exception to count an error */
        void run() throws Exception;
    }

    /**
     * @param name the operation's tag
     * @param body what it runs
     * @return an operation with the given name that runs body
     */
    static Operation named(String name, Body body) {
        java.util.Objects.requireNonNull(body, "body");
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("operation names use letters, digits, '.', '_' and '-': '" + name + "'");
        }
        return new Operation() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void run() throws Exception {
                body.run();
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }
}

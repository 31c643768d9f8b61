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
     * Checks an operation's name: it becomes a tag in HDR interval logs, whose lines a comma or a space would break.
     *
     * @param name the name
     * @return the name
     * @throws IllegalArgumentException naming it unless it is one or more letters, digits, '.', '_' or '-'
     */
    static String checkName(String name) {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("operation names use letters, digits, '.', '_' and '-': "
                    + (name == null ? "null" : "'" + name + "'"));
        }
        return name;
    }

    /**
     * @param name the operation's tag
     * @param body what it runs
     * @return an operation with the given name that runs body
     */
    static Operation named(String name, Body body) {
        java.util.Objects.requireNonNull(body, "body");
        checkName(name);
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

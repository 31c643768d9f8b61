package io.contend.exec;

/**
 * Hears the failures of a {@link StagedExecutor}: every task whose stage handler threw, every result the sink threw
 * on, every command given to {@code execute} that threw, and a worker that stopped because something outside a
 * task threw (its idle strategy, say). Called on the thread where it happened, so it must be thread-safe and
 * quick; what it throws is dropped, so that a worker never stops because of it.
 */
@FunctionalInterface
public interface FailureListener {
    /** The stage name {@link #report} gets for a failure of the sink. */
    String SINK = "<sink>";

    /**
     * @param stage the stage's name, or {@link #SINK}
     * @param failure what was thrown
     */
    void failed(String stage, Throwable failure);

    /**
     * Calls {@link #failed}, dropping anything it throws.
     *
     * @param stage the stage's name, or {@link #SINK}
     * @param failure what was thrown
     */
    default void report(String stage, Throwable failure) {
        try {
            failed(stage, failure);
        } catch (RuntimeException | Error ignored) {
            // a listener must not stop a worker; it has had its chance to say something
        }
    }

    /**
     * The default: a WARNING to the {@link System.Logger} {@code io.contend.exec}, with the stage and the stack
     * trace, for every failure, as Netty's executors log a task that threw.
     *
     * @return the listener
     */
    static FailureListener logging() {
        System.Logger log = System.getLogger("io.contend.exec");
        return (stage, failure) -> log.log(System.Logger.Level.WARNING, "staged executor: " + (SINK.equals(stage)
                ? "the sink" : "stage '" + stage + "'") + " failed", failure);
    }
}

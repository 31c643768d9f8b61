package io.contend.exec;

/**
 * What a stage does with a task. Called by the stage's workers, several at once, so it must be thread-safe.
 * The result goes to the next stage (or, after the last stage, to the executor's sink); null ends the task's
 * way through the pipeline. Throwing (any Throwable, Errors included) counts the task as failed in the stage's
 * metrics and goes to the executor's {@link FailureListener}; the task is not retried and the worker goes on.
 *
 * @param <T> what the stage receives: the submitted type for the first stage, the previous stage's result type
 *        otherwise
 * @param <R> what the stage hands on
 */
@FunctionalInterface
public interface StageHandler<T, R> {
    /**
     * @param task what the previous stage produced, or what was submitted
     * @return the next stage's task, or null
     * @throws Exception to fail the task
     */
    R handle(T task) throws Exception;
}

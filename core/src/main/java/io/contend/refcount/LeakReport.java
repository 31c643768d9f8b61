package io.contend.refcount;

import java.util.List;

/**
 * An object that became unreachable while still holding references: {@code release()} was not called enough.
 *
 * @param className the leaked object's class
 * @param created the stack where it was created
 * @param touches the most recent {@link RefCounted#touch(Object) touches}, oldest first
 * @param droppedTouches older touches not kept
 */
public record LeakReport(String className, List<StackTraceElement> created, List<Touch> touches, int droppedTouches) {

    /**
     * One recorded touch.
     *
     * @param hint the hint's {@code toString()}, or null
     * @param thread the touching thread's name
     * @param stack where the touch happened
     */
    public record Touch(String hint, String thread, List<StackTraceElement> stack) {
        /**
         * Copies the stack.
         *
         * @param hint the hint's {@code toString()}, or null
         * @param thread the touching thread's name
         * @param stack where the touch happened
         */
        public Touch {
            stack = List.copyOf(stack);
        }
    }

    /**
     * Copies the lists.
     *
     * @param className the leaked object's class
     * @param created the stack where it was created
     * @param touches the most recent touches, oldest first
     * @param droppedTouches older touches not kept
     */
    public LeakReport {
        created = List.copyOf(created);
        touches = List.copyOf(touches);
    }

    /** @return a multi-line report: what leaked, the recent touches (newest first), and where it was created */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder("LEAK: ").append(className)
                .append(" was garbage-collected without its final release()");
        for (int i = touches.size() - 1; i >= 0; i--) {
            Touch touch = touches.get(i);
            out.append("\n  touch #").append(touches.size() - i).append(" on ").append(touch.thread());
            if (touch.hint() != null) {
                out.append(", hint: ").append(touch.hint());
            }
            appendStack(out, touch.stack());
        }
        if (droppedTouches > 0) {
            out.append("\n  (").append(droppedTouches).append(" older touches not kept)");
        }
        out.append("\n  created at:");
        appendStack(out, created);
        return out.toString();
    }

    private static void appendStack(StringBuilder out, List<StackTraceElement> stack) {
        for (StackTraceElement frame : stack) {
            out.append("\n\t").append(frame);
        }
    }
}

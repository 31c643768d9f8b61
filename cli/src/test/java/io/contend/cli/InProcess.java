package io.contend.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the contend command in this JVM, as a test would from a shell, and keeps what the last run printed. */
public final class InProcess {
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    /** @return the exit code; {@link #out()} and {@link #err()} then hold this run's output */
    public int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    /** @return standard output of the last run */
    public String out() {
        return out.toString();
    }

    /** @return standard error of the last run */
    public String err() {
        return err.toString();
    }
}

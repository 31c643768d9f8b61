package io.contend.cli.writepath;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code contend writepath check}: asks a running {@code writepath serve} for its read-back check. */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = {"Runs the read-back check of a running 'contend writepath serve' (POST /check) and prints its "
                + "report: every acknowledged write read back with its exact value, no unacknowledged write stored, "
                + "every segment's checksum and histogram total, no leak. Exit 0 if nothing is broken, 1 otherwise "
                + "or if the server cannot be reached.", ""})
public final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "The server's base URL, e.g. http://127.0.0.1:8080/")
    String url;

    @Override
    public Integer call() throws InterruptedException {
        URI base;
        try {
            base = URI.create(url.endsWith("/") ? url : url + "/");
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--url is not a URI: '" + url + "'", e);
        }
        if (base.getScheme() == null || !base.getScheme().equals("http") || base.getHost() == null) {
            throw new ParameterException(spec.commandLine(), "--url must be an http URL with a host: '" + url + "'");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HttpResponse<String> response;
        try {
            response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build().send(
                    HttpRequest.newBuilder(base.resolve("check")).timeout(Duration.ofMinutes(5))
                            .POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            err.println("contend writepath: cannot reach " + base + ": " + (e.getMessage() == null ? e : e.getMessage()));
            err.flush();
            return 1;
        }
        String body = response.body().strip();
        if (response.statusCode() == 200) {
            out.println("read-back ok: " + body);
            out.flush();
            return 0;
        }
        err.println("contend writepath: read-back failed (HTTP " + response.statusCode() + "): " + body);
        err.flush();
        return 1;
    }
}

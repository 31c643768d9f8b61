package io.contend.cli.writepath;

import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.contend.writepath.WritePathServer;
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

/**
 * {@code contend writepath check}: asks a running {@code writepath serve} for its read-back check. It passes only
 * when the server answers 200 and its JSON report says {@code "ok":true}: a status alone is not trusted.
 */
@Command(name = "check",
        mixinStandardHelpOptions = true,
        description = {"Runs the read-back check of a running 'contend writepath serve' (POST /check) and prints its "
                + "report: every acknowledged write read back with its exact value, no unacknowledged write stored, "
                + "every segment's checksum and histogram total, no leak. Exit 0 if the report says ok, 1 otherwise "
                + "or if the server cannot be reached.", ""})
public final class CheckCommand implements Callable<Integer> {
    /** Where the token is read from when --token is not given. */
    static final String TOKEN_ENV = "CONTEND_WRITEPATH_TOKEN";

    @Spec
    CommandSpec spec;

    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "The server's base URL, e.g. http://127.0.0.1:8080/")
    String url;

    @Option(names = "--token", paramLabel = "TOKEN", description = "The check token the server printed at start "
            + "(default: $" + TOKEN_ENV + ").")
    String token;

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
        if (base.getPort() > 65_535) {
            throw new ParameterException(spec.commandLine(), "--url has a port out of range [0, 65535]: '" + url
                    + "'");
        }
        String secret = token != null ? token : System.getenv(TOKEN_ENV);
        if (secret == null || secret.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give the check token that 'contend writepath serve' "
                    + "printed: --token TOKEN (or $" + TOKEN_ENV + ")");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        HttpResponse<String> response;
        try {
            response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build().send(
                    HttpRequest.newBuilder(base.resolve("check")).timeout(Duration.ofMinutes(5))
                            .header(WritePathServer.TOKEN_HEADER, secret)
                            .POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException | IllegalArgumentException e) {
            err.println("contend writepath: cannot reach " + base + ": " + (e.getMessage() == null ? e : e.getMessage()));
            err.flush();
            return 1;
        }
        String body = response.body().strip();
        Boolean ok = reportedOk(body);
        if (response.statusCode() == 200 && Boolean.TRUE.equals(ok)) {
            out.println("read-back ok: " + body);
            out.flush();
            return 0;
        }
        String why = ok == null ? "not a check report" : ok ? "the status says otherwise" : "the report is not ok";
        err.println("contend writepath: read-back failed (HTTP " + response.statusCode() + ", " + why + "): "
                + firstLine(body));
        err.flush();
        return 1;
    }

    /** @return the report's {@code ok}, or null if the body is not a JSON object with a boolean {@code ok} */
    static Boolean reportedOk(String body) {
        try {
            JsonElement json = JsonParser.parseString(body);
            if (!json.isJsonObject()) {
                return null;
            }
            JsonElement ok = json.getAsJsonObject().get("ok");
            return ok != null && ok.isJsonPrimitive() && ok.getAsJsonPrimitive().isBoolean() ? ok.getAsBoolean() : null;
        } catch (RuntimeException | StackOverflowError notJson) {
            return null;
        }
    }

    private static String firstLine(String text) {
        String line = text.lines().findFirst().orElse("");
        return line.length() > 2_000 ? line.substring(0, 2_000) + "..." : line;
    }
}

package io.contend.load.workload;

import io.contend.load.Durations;
import io.contend.load.Operation;
import io.contend.load.Workload;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * HTTP requests with the JDK's HttpClient: {@code --url} (required), {@code --method} GET (default) or POST,
 * {@code --body} for POST, {@code --timeout} (default 10s). The operation's tag is the method in lower case. A
 * status of 400 or more, a timeout or a connection failure counts as an error (a refused connection as
 * "connection refused HOST:PORT"). The response body is read and discarded.
 */
public final class HttpWorkload implements Workload {
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    /** The options it reads. */
    public static final List<WorkloadOption> OPTIONS = List.of(
            new WorkloadOption("url", "URL", "The http or https URL to request (required)."),
            new WorkloadOption("method", "METHOD", "GET or POST (default: GET)."),
            new WorkloadOption("body", "TEXT", "The body of a POST (default: none)."),
            new WorkloadOption("timeout", "D", "Connect and request timeout (default: "
                    + Durations.format(DEFAULT_TIMEOUT) + ")."));

    private final HttpClient client;
    private final HttpRequest request;
    private final String name;

    /** @param options --url, --method, --body, --timeout */
    public HttpWorkload(WorkloadOptions options) {
        String url = options.required("url", "the URL to request, e.g. http://127.0.0.1:8080/");
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--url is not a URI: '" + url + "'", e);
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
            throw new IllegalArgumentException("--url must be an http or https URL: '" + url + "'");
        }
        String method = options.string("method", "GET").toUpperCase(Locale.ROOT);
        String body = options.string("body", null);
        Duration timeout = options.duration("timeout", DEFAULT_TIMEOUT);
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(timeout);
        switch (method) {
            case "GET":
                if (body != null) {
                    throw new IllegalArgumentException("--body needs --method POST");
                }
                builder.GET();
                break;
            case "POST":
                builder.POST(body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
                break;
            default:
                throw new IllegalArgumentException("--method must be GET or POST: '" + method + "'");
        }
        request = builder.build();
        name = method.toLowerCase(Locale.ROOT);
        client = HttpClient.newBuilder().connectTimeout(timeout).build();
    }

    @Override
    public List<Operation> operations() {
        return List.of(new Operation() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void run() throws IOException, InterruptedException {
                HttpResponse<Void> response;
                try {
                    response = client.send(request, HttpResponse.BodyHandlers.discarding());
                } catch (ConnectException e) {
                    throw connectFailure(e);
                }
                if (response.statusCode() >= 400) {
                    throw new IOException("HTTP " + response.statusCode() + " from " + request.method() + " " + request.uri());
                }
            }
        });
    }

    /**
     * The JDK's client throws a ConnectException without a message when a connection is refused; this names the
     * address, and keeps a message when there is one.
     */
    private ConnectException connectFailure(ConnectException e) {
        String reason = null;
        for (Throwable t = e; t != null && reason == null; t = t.getCause() == t ? null : t.getCause()) {
            reason = t.getMessage();
        }
        URI uri = request.uri();
        int port = uri.getPort() >= 0 ? uri.getPort() : uri.getScheme().equals("https") ? 443 : 80;
        String address = uri.getHost() + ":" + port;
        ConnectException named = new ConnectException(reason == null ? "connection refused " + address
                : "cannot connect to " + address + ": " + reason);
        named.initCause(e);
        return named;
    }

    @Override
    public String toString() {
        return "http{" + request.method() + " " + request.uri() + "}";
    }
}

package io.contend.cli.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives Debian's headless Chromium over the Chrome DevTools Protocol (its WebSocket, with the JDK's own
 * client): load a page, collect the errors it reports (exceptions, console errors, failed loads), evaluate
 * JavaScript, take screenshots. Test-only; the report itself has no script.
 */
final class HeadlessChromium implements AutoCloseable {
    private static final Pattern DEVTOOLS = Pattern.compile("DevTools listening on (ws://\\S+)");
    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable");

    private final Process process;
    private final Path profile;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonObject>> pending = new ConcurrentHashMap<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private volatile CompletableFuture<Void> loaded = new CompletableFuture<>();

    /** @return the browser to use: $CONTEND_CHROMIUM, else the first of Debian's usual paths that exists, or null */
    static Path find() {
        String configured = System.getenv("CONTEND_CHROMIUM");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return CANDIDATES.stream().map(Path::of).filter(Files::isExecutable).findFirst().orElse(null);
    }

    /**
     * Starts the browser with a fresh profile directory of its own. The profile is not in a JUnit {@code @TempDir}:
     * Chromium's helper processes can still write to it for a moment after the browser ends, which made JUnit's
     * clean-up fail the test (seen on CI); {@link #close()} removes it best-effort instead.
     */
    HeadlessChromium(Path executable) throws Exception {
        profile = Files.createTempDirectory("contend-chromium-");
        process = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--remote-debugging-port=0",
                "--window-size=1280,1000", "about:blank").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String browserUrl = devtoolsUrl();
        HttpClient http = HttpClient.newHttpClient();
        URI list = URI.create(browserUrl.replaceFirst("^ws://([^/]+)/.*$", "http://$1/json/list"));
        String pageUrl = null;
        for (JsonElement target : JsonParser.parseString(http.send(HttpRequest.newBuilder(list).build(),
                HttpResponse.BodyHandlers.ofString()).body()).getAsJsonArray()) {
            if (target.getAsJsonObject().get("type").getAsString().equals("page")) {
                pageUrl = target.getAsJsonObject().get("webSocketDebuggerUrl").getAsString();
                break;
            }
        }
        if (pageUrl == null) {
            throw new IOException("Chromium offers no page target at " + list);
        }
        socket = http.newWebSocketBuilder().buildAsync(URI.create(pageUrl), new Listener())
                .get(20, TimeUnit.SECONDS);
        send("Runtime.enable", new JsonObject());
        send("Log.enable", new JsonObject());
        send("Page.enable", new JsonObject());
    }

    private String devtoolsUrl() throws IOException {
        BufferedReader stderr = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String line;
        while (System.nanoTime() < deadline && (line = stderr.readLine()) != null) {
            Matcher m = DEVTOOLS.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> {
                    try {
                        stderr.lines().forEach(l -> { });
                    } catch (java.io.UncheckedIOException closed) {
                        // the browser ended
                    }
                }, "chromium-stderr");
                drain.setDaemon(true);
                drain.start();
                return m.group(1);
            }
            seen.append(line).append('\n');
        }
        throw new IOException("Chromium did not print its DevTools address; it said:\n" + seen);
    }

    /** Loads a page and waits for its load event. */
    void open(URI page) throws Exception {
        loaded = new CompletableFuture<>();
        JsonObject params = new JsonObject();
        params.addProperty("url", page.toString());
        JsonObject result = send("Page.navigate", params);
        if (result.has("errorText")) {
            throw new IOException("Chromium could not open " + page + ": " + result.get("errorText").getAsString());
        }
        loaded.get(30, TimeUnit.SECONDS);
    }

    /** @return the value of a JavaScript expression, which must produce JSON-serializable data */
    JsonElement evaluate(String expression) throws Exception {
        JsonObject params = new JsonObject();
        params.addProperty("expression", expression);
        params.addProperty("returnByValue", true);
        JsonObject result = send("Runtime.evaluate", params);
        if (result.has("exceptionDetails")) {
            throw new IllegalStateException("script failed: " + result.get("exceptionDetails"));
        }
        return result.getAsJsonObject("result").get("value");
    }

    /** Writes a PNG of the whole page (beyond the window), or of a clip of it when clip is not null. */
    void screenshot(Path png, double[] clip) throws Exception {
        JsonObject params = new JsonObject();
        params.addProperty("format", "png");
        params.addProperty("captureBeyondViewport", true);
        JsonObject area = new JsonObject();
        if (clip == null) {
            JsonObject size = send("Page.getLayoutMetrics", new JsonObject()).getAsJsonObject("cssContentSize");
            clip = new double[]{0, 0, size.get("width").getAsDouble(), size.get("height").getAsDouble()};
        }
        area.addProperty("x", clip[0]);
        area.addProperty("y", clip[1]);
        area.addProperty("width", clip[2]);
        area.addProperty("height", clip[3]);
        area.addProperty("scale", 1);
        params.add("clip", area);
        String data = send("Page.captureScreenshot", params).get("data").getAsString();
        Files.write(png, Base64.getDecoder().decode(data));
    }

    /** @return errors the page reported: uncaught exceptions, console errors, failed resource loads */
    List<String> errors() {
        return new ArrayList<>(errors);
    }

    private JsonObject send(String method, JsonObject params) throws Exception {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonObject> reply = new CompletableFuture<>();
        pending.put(id, reply);
        JsonObject message = new JsonObject();
        message.addProperty("id", id);
        message.addProperty("method", method);
        message.add("params", params);
        socket.sendText(message.toString(), true).get(10, TimeUnit.SECONDS);
        JsonObject response = reply.get(30, TimeUnit.SECONDS);
        if (response.has("error")) {
            throw new IOException(method + " failed: " + response.get("error"));
        }
        return response.getAsJsonObject("result");
    }

    private void onMessage(JsonObject message) {
        if (message.has("id")) {
            CompletableFuture<JsonObject> reply = pending.remove(message.get("id").getAsInt());
            if (reply != null) {
                reply.complete(message);
            }
            return;
        }
        String method = message.get("method").getAsString();
        JsonObject params = message.getAsJsonObject("params");
        switch (method) {
            case "Page.loadEventFired" -> loaded.complete(null);
            case "Runtime.exceptionThrown" -> errors.add("exception: " + params.get("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> {
                if (params.get("type").getAsString().equals("error")) {
                    errors.add("console.error: " + params.get("args"));
                }
            }
            case "Log.entryAdded" -> {
                JsonObject entry = params.getAsJsonObject("entry");
                if (entry.get("level").getAsString().equals("error")) {
                    errors.add(entry.get("source").getAsString() + ": " + entry.get("text").getAsString()
                            + (entry.has("url") ? " (" + entry.get("url").getAsString() + ")" : ""));
                }
            }
            default -> { }
        }
    }

    /**
     * Closes the connection and ends the browser and every helper process it started, forcibly if they do not end
     * within 10 s, then removes the profile directory best-effort.
     */
    @Override
    public void close() {
        try {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the browser is going away in any case
        }
        List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        all.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : all) {
            try {
                p.onExit().get(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
        deleteBestEffort(profile);
    }

    private static void deleteBestEffort(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException e) {
            // a leftover profile in the temp directory is harmless
        }
    }

    /** Reassembles fragmented text frames into CDP messages. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                onMessage(JsonParser.parseString(partial.toString()).getAsJsonObject());
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}

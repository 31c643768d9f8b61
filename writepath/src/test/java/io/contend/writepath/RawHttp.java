package io.contend.writepath;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal HTTP/1.1 client on one keep-alive socket, for tests that need exact bytes on the wire (partial
 * headers, slow bodies, raw paths) or many requests with little overhead. Not thread-safe: one per client.
 */
final class RawHttp implements AutoCloseable {
    /** A response: status, headers (names lower case) and body. */
    record Response(int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;

    RawHttp(URI base) throws IOException {
        this(base, 10_000);
    }

    RawHttp(URI base, int readTimeoutMillis) throws IOException {
        socket = new Socket();
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5_000);
        socket.setSoTimeout(readTimeoutMillis);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        host = base.getHost() + ":" + base.getPort();
    }

    /** Sends a request with a Content-Length body (or none) and reads the response. */
    Response send(String method, String rawPath, byte[] body, String... headers) throws IOException {
        StringBuilder b = new StringBuilder(method).append(' ').append(rawPath).append(" HTTP/1.1\r\nHost: ")
                .append(host).append("\r\n");
        for (int i = 0; i + 1 < headers.length; i += 2) {
            b.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        if (body != null) {
            b.append("Content-Length: ").append(body.length).append("\r\n");
        }
        b.append("\r\n");
        out.write(b.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) {
            out.write(body);
        }
        out.flush();
        return read(method.equals("HEAD"));
    }

    /** Writes raw bytes, e.g. a partial request. */
    void write(String raw) throws IOException {
        out.write(raw.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Reads one response. */
    Response read(boolean head) throws IOException {
        String status = line();
        if (status == null) {
            throw new IOException("connection closed before a response");
        }
        String[] parts = status.split(" ", 3);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String h = line(); h != null && !h.isEmpty(); h = line()) {
            int colon = h.indexOf(':');
            headers.put(h.substring(0, colon).trim().toLowerCase(Locale.ROOT), h.substring(colon + 1).trim());
        }
        int length = head ? 0 : Integer.parseInt(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new IOException("connection closed in the body");
        }
        return new Response(Integer.parseInt(parts[1]), headers, body);
    }

    /** @return whether the server closed the connection (end of stream) within the socket's read timeout */
    boolean closedByServer() {
        try {
            return in.read() < 0;
        } catch (IOException e) {
            return e.getMessage() != null && e.getMessage().contains("reset");
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int c = in.read(); c >= 0; c = in.read()) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        return b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}

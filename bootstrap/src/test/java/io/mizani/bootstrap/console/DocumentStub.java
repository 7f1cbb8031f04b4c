package io.mizani.bootstrap.console;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * A merchant's file host in the tests: a local HTTP server answering each path with the bytes and the declared
 * Content-Type it was given (sent chunked, with no Content-Length), or a redirect. It runs on loopback, which the
 * service reaches in sandbox mode only.
 */
final class DocumentStub implements AutoCloseable {

    /** A tiny valid PNG (1 x 1 pixel). */
    static final byte[] PNG = java.util.Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==");
    static final byte[] PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private record Answer(int status, String type, byte[] body, String location) {
    }

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();

    DocumentStub() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", ex -> {
            Answer a = answers.getOrDefault(ex.getRequestURI().getPath(), new Answer(404, "text/plain", new byte[0], null));
            ex.getResponseHeaders().add("Content-Type", a.type());
            if (a.location() != null) {
                ex.getResponseHeaders().add("Location", a.location());
            }
            ex.sendResponseHeaders(a.status(), a.body().length == 0 ? -1 : 0);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(a.body());
            } catch (IOException closedEarly) {
                // the service stopped reading (a document over the limit): nothing to do
            }
        });
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    /** Serves {@code body} at {@code path} declared as {@code type}; answers its URL. */
    String serve(String path, String type, byte[] body) {
        answers.put(path, new Answer(200, type, body, null));
        return url(path);
    }

    /** Redirects {@code path} to {@code location}; answers its URL. */
    String redirect(String path, String location) {
        answers.put(path, new Answer(302, "text/plain", new byte[0], location));
        return url(path);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

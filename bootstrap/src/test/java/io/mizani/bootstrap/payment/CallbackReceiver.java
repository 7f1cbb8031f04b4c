package io.mizani.bootstrap.payment;

import com.sun.net.httpserver.HttpServer;
import com.standardwebhooks.Webhook;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Predicate;

/** A merchant's callback endpoint in the test: a local HTTP server that records requests and answers scripted statuses. */
public final class CallbackReceiver implements AutoCloseable {

    public record Received(String path, Map<String, List<String>> headers, String body, Instant at) {
        public String header(String name) {
            List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
            return v == null || v.isEmpty() ? null : v.get(0);
        }

        /** Verifies the Standard Webhooks signature with the official library; throws if it does not verify. */
        public void verify(String secret) {
            try {
                new Webhook(secret).verify(body, headers);
            } catch (Exception e) {
                throw new AssertionError("callback signature does not verify: " + e, e);
            }
        }
    }

    private final HttpServer server;
    public final List<Received> received = new CopyOnWriteArrayList<>();
    /** Statuses to answer, in order; 200 once empty. */
    public final ConcurrentLinkedQueue<Integer> script = new ConcurrentLinkedQueue<>();
    public volatile int defaultStatus = 200;

    public CallbackReceiver() {
        this(0);
    }

    public CallbackReceiver(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", ex -> {
            byte[] body = ex.getRequestBody().readAllBytes();
            Map<String, List<String>> headers = new HashMap<>();
            ex.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), new ArrayList<>(v)));
            Instant at = Instant.now();
            Integer status = script.poll();
            ex.sendResponseHeaders(status == null ? defaultStatus : status, -1);
            ex.close();
            // recorded once answered: a test that closes the receiver as soon as a callback arrived must not cut the
            // answer off (the service would then rightly count a failed attempt and retry later)
            received.add(new Received(ex.getRequestURI().getPath(), headers, new String(body, StandardCharsets.UTF_8),
                    at));
        });
        server.setExecutor(Executors.newFixedThreadPool(8));
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public List<Received> to(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    /** Waits until at least {@code n} requests matched. */
    public List<Received> await(Predicate<Received> match, int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<Received> hits = received.stream().filter(match).toList();
            if (hits.size() >= n) {
                return hits;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("expected " + n + " callbacks within " + timeout + ", got "
                + received.stream().filter(match).count() + " (all: " + received.size() + ")");
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}

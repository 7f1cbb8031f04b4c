package io.mizani.adapter.provider.payment;

import io.mizani.application.payment.CallbackSender;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * POSTs a callback signed per Standard Webhooks: {@code webhook-id}, {@code webhook-timestamp} (Unix seconds)
 * and {@code webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">} keyed with the base64-decoded
 * part of the merchant's {@code whsec_} secret. Any answer other than 2xx, or none within the timeout, is a
 * failed attempt.
 *
 * <p>Sent with the service's own Vert.x HTTP client (keep-alive connections pooled per endpoint, redirects never
 * followed, TLS with the JVM's trust store and host name verification). The JDK's {@code java.net.http} client it
 * replaced spent about three times the CPU per callback in its asynchronous machinery (docs/performance.md). The
 * caller's thread waits for the answer, so {@link #send} keeps the blocking contract of {@link CallbackSender}. The
 * client closes with its Vert.x instance.
 */
public final class StandardWebhooksSender implements CallbackSender {

    private static final ThreadLocal<Mac> HMAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    });

    private static final int KEEP_ALIVE_SECONDS = 20;
    /** An answer's headers are read, never used: a large header block must not fail a 2xx. */
    private static final int MAX_HEADER_BYTES = 64 * 1024;

    private final HttpClient client;
    private final Duration timeout;

    /** {@code connections}: at most this many open connections per endpoint (the callback worker's concurrency). */
    public StandardWebhooksSender(Vertx vertx, Duration timeout, int connections) {
        this.timeout = timeout;
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setName("mizani-webhooks")
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()))
                .setMaxPoolSize(Math.max(1, connections))
                .setKeepAlive(true)
                // closed by us before a merchant's load balancer drops it (commonly after 60 s idle)
                .setKeepAliveTimeout(KEEP_ALIVE_SECONDS)
                .setMaxHeaderSize(MAX_HEADER_BYTES)
                .setVerifyHost(true)
                .setForceSni(true));
    }

    @Override
    public Delivery send(String url, String webhookId, long timestampSeconds, String body, String secret) {
        Attempt attempt = new Attempt();
        try {
            String signature = sign(secret, webhookId, timestampSeconds, body);
            RequestOptions options = new RequestOptions()
                    .setMethod(HttpMethod.POST)
                    .setAbsoluteURI(url)
                    .setFollowRedirects(false)
                    // a connection (from the pool or new) within the deadline, else the attempt fails
                    .setConnectTimeout(timeout.toMillis())
                    // a backstop only: the deadline below ends the attempt first and resets the request
                    .setIdleTimeout(timeout.toMillis() * 2)
                    .putHeader("content-type", "application/json")
                    .putHeader("user-agent", "Mizani-Webhooks/1.0")
                    .putHeader("webhook-id", webhookId)
                    .putHeader("webhook-timestamp", Long.toString(timestampSeconds))
                    .putHeader("webhook-signature", signature);
            Future<Integer> status = client.request(options).compose(request -> {
                if (!attempt.started(request)) {
                    return Future.failedFuture("abandoned"); // its caller gave up: never sent late
                }
                return request.send(Buffer.buffer(body.getBytes(StandardCharsets.UTF_8)))
                        .compose(response -> response.end().map(ignored -> response.statusCode()));
            });
            return new Delivery(status.toCompletionStage().toCompletableFuture()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS), null);
        } catch (TimeoutException e) {
            attempt.abandon();
            return new Delivery(null, "TimeoutException: no answer within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            attempt.abandon();
            Thread.currentThread().interrupt();
            return new Delivery(null, "interrupted");
        } catch (ExecutionException e) {
            return failed(e.getCause() == null ? e : e.getCause());
        } catch (RuntimeException e) {
            return failed(e); // a URL Vert.x cannot parse
        }
    }

    /**
     * One attempt's request and whether its caller stopped waiting. An attempt given up is recorded as failed and
     * retried with the same webhook-id, so its request must never go out afterwards: a request obtained after that
     * is reset unsent, one already sent is reset (its connection is not reused with a half-read answer on it).
     */
    private static final class Attempt {
        private HttpClientRequest request;
        private boolean abandoned;

        synchronized boolean started(HttpClientRequest obtained) {
            if (abandoned) {
                obtained.reset();
                return false;
            }
            request = obtained;
            return true;
        }

        synchronized void abandon() {
            abandoned = true;
            if (request != null) {
                request.reset();
            }
        }
    }

    /** The error as {@code Kind: message}; Netty's connect failures read as the JDK's ({@code ConnectException}). */
    private static Delivery failed(Throwable e) {
        String kind = e instanceof ConnectException ? "ConnectException" : e.getClass().getSimpleName();
        return new Delivery(null, kind + (e.getMessage() == null ? "" : ": " + e.getMessage()));
    }

    /** {@code v1,<base64 HMAC-SHA256>} over {@code id.timestamp.body}. */
    public static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        String raw = secret.startsWith("whsec_") ? secret.substring("whsec_".length()) : secret;
        byte[] key = Base64.getDecoder().decode(raw);
        try {
            Mac mac = HMAC.get();
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] digest = mac.doFinal((webhookId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

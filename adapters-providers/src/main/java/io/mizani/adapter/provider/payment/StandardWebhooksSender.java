package io.mizani.adapter.provider.payment;

import io.mizani.application.payment.CallbackSender;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * POSTs a callback signed per Standard Webhooks: {@code webhook-id}, {@code webhook-timestamp} (Unix seconds)
 * and {@code webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">} keyed with the base64-decoded
 * part of the merchant's {@code whsec_} secret. Any answer other than 2xx, or none within the timeout, is a
 * failed attempt.
 */
public final class StandardWebhooksSender implements CallbackSender {

    private final HttpClient client;
    private final Duration timeout;

    public StandardWebhooksSender(Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public Delivery send(String url, String webhookId, long timestampSeconds, String body, String secret) {
        try {
            String signature = sign(secret, webhookId, timestampSeconds, body);
            HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(timeout)
                    .header("content-type", "application/json")
                    .header("user-agent", "Mizani-Webhooks/1.0")
                    .header("webhook-id", webhookId)
                    .header("webhook-timestamp", Long.toString(timestampSeconds))
                    .header("webhook-signature", signature)
                    .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                    .build();
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            return new Delivery(response.statusCode(), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Delivery(null, "interrupted");
        } catch (Exception e) {
            return new Delivery(null, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    /** {@code v1,<base64 HMAC-SHA256>} over {@code id.timestamp.body}. */
    public static String sign(String secret, String webhookId, long timestampSeconds, String body) {
        String raw = secret.startsWith("whsec_") ? secret.substring("whsec_".length()) : secret;
        byte[] key = Base64.getDecoder().decode(raw);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] digest = mac.doFinal((webhookId + "." + timestampSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}

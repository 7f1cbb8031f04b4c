package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.payment.RailOutcome;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Paystack's HTTP API as the rails use it: {@code Authorization: Bearer <secret key>}, JSON in and out, every answer
 * the documented envelope {@code {status, message, data}}. A timeout, a 5xx, a 429, a 401 (wrong key: logged) or an
 * answer that is not a JSON object is {@link Reply#noAnswer() no answer}: never a decline.
 */
public final class PaystackApi {

    private static final Logger LOG = Logger.getLogger(PaystackApi.class.getName());

    private final PaystackConfig config;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();

    public PaystackApi(PaystackConfig config) {
        this.config = config;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.timeout()).build();
    }

    public PaystackConfig config() {
        return config;
    }

    ObjectMapper json() {
        return json;
    }

    /** One answer: the HTTP status and the parsed body, or why there was no usable answer. */
    public record Reply(int status, JsonNode body, RailOutcome.NoAnswer noAnswer) {

        /** Paystack's own {@code status: true} and a 2xx. */
        public boolean ok() {
            return noAnswer == null && status / 100 == 2 && body != null && body.path("status").asBoolean(false);
        }

        public JsonNode data() {
            return body == null ? null : body.get("data");
        }

        public String message() {
            return body == null ? null : DarajaRail.text(body, "message");
        }
    }

    public Reply get(String pathAndQuery) {
        return call("GET", pathAndQuery, null);
    }

    public Reply post(String path, JsonNode body) {
        return call("POST", path, body);
    }

    private Reply call(String method, String path, JsonNode body) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(config.baseUrl() + path))
                    .timeout(config.timeout())
                    .header("Authorization", "Bearer " + config.secretKey())
                    .header("Accept", "application/json");
            if ("POST".equals(method)) {
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
            } else {
                request.GET();
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status >= 500 || status == 429) {
                return new Reply(status, null, new RailOutcome.NoAnswer("Paystack answered HTTP " + status));
            }
            if (status == 401 || status == 403) {
                LOG.log(Level.WARNING, "Paystack answered {0} to {1} {2}: check MIZANI_PAYSTACK_SECRET_KEY",
                        new Object[]{status, method, path.replaceAll("\\?.*", "")});
                return new Reply(status, null, new RailOutcome.NoAnswer("Paystack answered HTTP " + status
                        + " (secret key refused)"));
            }
            JsonNode parsed = null;
            String text = response.body();
            if (text != null && !text.isBlank()) {
                try {
                    parsed = json.readTree(text);
                } catch (Exception malformed) {
                    parsed = null;
                }
            }
            if (parsed == null || !parsed.isObject()) {
                return new Reply(status, null, new RailOutcome.NoAnswer("Paystack answered unreadable JSON (HTTP "
                        + status + ")"));
            }
            return new Reply(status, parsed, null);
        } catch (HttpTimeoutException e) {
            return new Reply(0, null, new RailOutcome.NoAnswer("Paystack timed out"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(0, null, new RailOutcome.NoAnswer("interrupted"));
        } catch (Exception e) {
            return new Reply(0, null, new RailOutcome.NoAnswer("Paystack unreachable: " + e.getClass().getSimpleName()));
        }
    }
}

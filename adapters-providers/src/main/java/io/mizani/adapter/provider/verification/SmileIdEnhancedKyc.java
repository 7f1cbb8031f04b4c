package io.mizani.adapter.provider.verification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Smile ID Enhanced KYC over its synchronous REST endpoint ({@code POST /v1/id_verification}). Requests are signed
 * as Smile ID documents it: {@code signature = base64(HMAC-SHA256(api_key, timestamp + partner_id + "sid_request"))}
 * with an ISO-8601 timestamp. Every answer is trusted only with its signature: Smile ID signs its response the same
 * way with the timestamp it answers with, and an answer whose {@code signature} is missing or does not match
 * (constant-time comparison) is unreadable ({@code malformed}), never a verdict. Names ({@code FirstName},
 * {@code OtherName}, {@code LastName}, else {@code FullName}) and {@code DOB} map into the identity match's
 * {@link RegistryIdentity}. Result codes:
 * <ul>
 *   <li>1012 (valid ID), 1020 (exact match), 1021 (partial match): verified, charged;</li>
 *   <li>1013 (unable to validate), 1022 (no match): not verified, charged;</li>
 *   <li>1023 (not found, no charges were applied): not verified, fee waived (refunded);</li>
 *   <li>1014 (unsupported ID format), 1016 (product not activated), 2xxx errors and HTTP 4xx: rejected before the
 *       check ran (refunded);</li>
 *   <li>1015 (ID authority unavailable), HTTP 5xx, connection faults: unavailable (refunded);</li>
 *   <li>an unreadable body or an unknown code: unavailable, logged for reconciliation.</li>
 * </ul>
 * A merchant's own key is {@code partner_id:api_key}.
 */
public final class SmileIdEnhancedKyc implements VerificationProvider {

    public static final String NAME = "smile_id";

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http;
    private final URI endpoint;
    private final String partnerId;
    private final String apiKey;
    private final Duration timeout;
    private final Map<String, String> idTypes;
    private final Clock clock;

    /**
     * @param idTypes check key → Smile ID {@code id_type} (the checks this provider can serve)
     */
    public SmileIdEnhancedKyc(URI baseUrl, String partnerId, String apiKey, Duration timeout,
                              Map<String, String> idTypes, Clock clock) {
        this.endpoint = baseUrl.resolve("/v1/id_verification");
        this.partnerId = partnerId;
        this.apiKey = apiKey;
        this.timeout = timeout;
        this.idTypes = Map.copyOf(idTypes);
        this.clock = clock;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public String name(ProviderRequest request) {
        return NAME;
    }

    static String sign(String apiKey, String timestamp, String partnerId) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(apiKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update(timestamp.getBytes(StandardCharsets.UTF_8));
            mac.update(partnerId.getBytes(StandardCharsets.UTF_8));
            mac.update("sid_request".getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(mac.doFinal());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public CheckOutcome run(ProviderRequest request) {
        String[] credentials = credentials(request.ownProviderKey());
        if (credentials == null) {
            return rejected("no Smile ID credentials configured");
        }
        String idType = idTypes.get(request.check().key());
        if (idType == null) {
            return rejected("check " + request.check().key() + " is not served by Smile ID");
        }
        String partner = credentials[0];
        String key = credentials[1];
        String timestamp = DateTimeFormatter.ISO_INSTANT.format(clock.instant().truncatedTo(ChronoUnit.MILLIS));
        ObjectNode body = json.createObjectNode();
        body.put("partner_id", partner);
        body.put("timestamp", timestamp);
        body.put("signature", sign(key, timestamp, partner));
        body.put("source_sdk", "rest_api");
        body.put("source_sdk_version", "1.0.0");
        body.put("country", request.country());
        body.put("id_type", idType);
        body.put("id_number", request.inputs().identifier());
        Optional.ofNullable(request.inputs().get("dob")).ifPresent(v -> body.put("dob", v));
        Optional.ofNullable(request.inputs().get("surname")).ifPresent(v -> body.put("last_name", v));
        ObjectNode params = body.putObject("partner_params");
        params.put("job_id", request.lookupId());
        params.put("user_id", request.lookupId());
        params.put("job_type", 5);

        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(endpoint)
                            .timeout(timeout)
                            .header("Content-Type", "application/json")
                            .header("Accept", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "Smile ID timed out", null);
        } catch (IOException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "Smile ID unreachable: " + e, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "interrupted", null);
        }
        int status = response.statusCode();
        if (status >= 500) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "Smile ID HTTP " + status, null);
        }
        JsonNode node;
        try {
            node = json.readTree(response.body());
        } catch (JsonProcessingException e) {
            return malformed("unreadable Smile ID body");
        }
        if (node == null || !node.isObject()) {
            return malformed("unreadable Smile ID body");
        }
        if (status >= 400) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED,
                    "Smile ID refused the request: " + node.path("code").asText("") + " " + node.path("error").asText(""),
                    node.path("code").asText(null));
        }
        String signature = node.path("signature").asText(null);
        String answeredAt = node.path("timestamp").asText(null);
        if (signature == null || answeredAt == null) {
            return malformed("Smile ID response is not signed");
        }
        if (!MessageDigest.isEqual(sign(key, answeredAt, partner).getBytes(StandardCharsets.UTF_8),
                signature.getBytes(StandardCharsets.UTF_8))) {
            return malformed("Smile ID response signature does not match");
        }
        String code = node.path("ResultCode").asText("");
        String text = node.path("ResultText").asText(null);
        String reference = node.path("SmileJobID").asText(null);
        String fullName = subjectName(node);
        ProviderAnswer answer = new ProviderAnswer(null, fullName, null, new ProviderReply(reference, text, code),
                node.toString(), identity(node));
        return switch (code) {
            case "1012", "1020", "1021" -> new CheckOutcome.Verified(withStatus(answer, "VERIFIED"));
            case "1013", "1022" -> new CheckOutcome.NotVerified(withStatus(answer, "NOT_VERIFIED"), true);
            case "1023" -> new CheckOutcome.NotVerified(withStatus(answer, "NOT_VERIFIED"), false);
            case "1014", "1016" -> new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, text, code);
            case "1015" -> new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, text, code);
            default -> code.startsWith("2")
                    ? new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, text, code)
                    : new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.MALFORMED,
                    "unknown Smile ID result code " + code, code);
        };
    }

    private static ProviderAnswer withStatus(ProviderAnswer a, String status) {
        boolean verified = "VERIFIED".equals(status);
        return a.as(status, verified ? a.subjectName() : null, verified ? a.identity() : null);
    }

    /** Smile ID's names and date of birth in the identity match's shape. */
    static RegistryIdentity identity(JsonNode node) {
        java.time.LocalDate dob = RegistryIdentity.parseDate(text(node, "DOB"));
        String first = text(node, "FirstName");
        String last = text(node, "LastName");
        if (first != null || last != null) {
            String other = text(node, "OtherName") != null ? text(node, "OtherName") : text(node, "OtherNames");
            return new RegistryIdentity(first, other, last, dob);
        }
        return RegistryIdentity.fromFullName(text(node, "FullName"), dob);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() || v.asText().isBlank() || "Not Available".equalsIgnoreCase(v.asText())
                ? null : v.asText();
    }

    private static String subjectName(JsonNode node) {
        String full = node.path("FullName").asText("");
        if (!full.isBlank()) {
            return full.strip();
        }
        String joined = (node.path("FirstName").asText("") + " " + node.path("LastName").asText("")).strip();
        return joined.isEmpty() ? null : joined;
    }

    private String[] credentials(Optional<String> ownKey) {
        if (ownKey.isPresent()) {
            String[] parts = ownKey.get().split(":", 2);
            return parts.length == 2 && !parts[0].isBlank() && !parts[1].isBlank() ? parts : null;
        }
        return partnerId == null || partnerId.isBlank() || apiKey == null || apiKey.isBlank()
                ? null : new String[]{partnerId, apiKey};
    }

    private static CheckOutcome rejected(String why) {
        return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, why, null);
    }

    private static CheckOutcome malformed(String why) {
        return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.MALFORMED, why, null);
    }
}

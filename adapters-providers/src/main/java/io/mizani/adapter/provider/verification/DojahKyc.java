package io.mizani.adapter.provider.verification;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.IdentifierMask;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Dojah's government-database lookups, from its documented request and response shapes: {@code GET} with headers
 * {@code AppId} and {@code Authorization} (the secret key itself, not {@code Bearer}), the identifier as a query
 * parameter, and the registry record under {@code entity}:
 * <ul>
 *   <li>{@code nin}: {@code /api/v1/kyc/nin?nin=} → {@code entity.first_name, middle_name, last_name,
 *       date_of_birth (yyyy-MM-dd)};</li>
 *   <li>{@code bvn}, {@code bvn_basic}: {@code /api/v1/kyc/bvn/full?bvn=} → the same names and date of birth;</li>
 *   <li>{@code national_id_ke}: {@code /api/v1/ke/kyc/id?id=} → {@code entity.first_name, middle_name, last_name,
 *       date_of_birth}.</li>
 * </ul>
 * Outcomes: 200 with an {@code entity} verified; 404, or a 400 whose {@code error}/{@code message} says the number
 * was not found ({@code "national_id not found"}), not verified (the lookup ran and is billed); any other 400 or a
 * 401/403 rejected before the check ran (refunded, not counted by the circuit breaker); 424, 429 and 5xx, faults and
 * timeouts unavailable; an unreadable body or a 200 without {@code entity} malformed. A merchant's own key is
 * {@code app_id:secret_key}.
 */
public final class DojahKyc implements VerificationProvider {

    public static final String NAME = "dojah";

    /** check key → path and query parameter name. */
    static final Map<String, String[]> ENDPOINTS = Map.of(
            "nin", new String[]{"/api/v1/kyc/nin", "nin"},
            "bvn", new String[]{"/api/v1/kyc/bvn/full", "bvn"},
            "bvn_basic", new String[]{"/api/v1/kyc/bvn/full", "bvn"},
            "national_id_ke", new String[]{"/api/v1/ke/kyc/id", "id"});

    private final ObjectMapper json = new ObjectMapper();
    private final HttpClient http;
    private final URI baseUrl;
    private final String appId;
    private final String secretKey;
    private final Duration timeout;

    public DojahKyc(URI baseUrl, String appId, String secretKey, Duration timeout) {
        this.baseUrl = baseUrl;
        this.appId = appId;
        this.secretKey = secretKey;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    @Override
    public String name(ProviderRequest request) {
        return NAME;
    }

    @Override
    public CheckOutcome run(ProviderRequest request) {
        String[] credentials = credentials(request.ownProviderKey());
        if (credentials == null) {
            return rejected("no Dojah credentials configured");
        }
        String[] endpoint = ENDPOINTS.get(request.check().key());
        if (endpoint == null) {
            return rejected("check " + request.check().key() + " is not served by Dojah");
        }
        URI uri = baseUrl.resolve(endpoint[0] + "?" + endpoint[1] + "="
                + URLEncoder.encode(request.inputs().identifier(), StandardCharsets.UTF_8));
        HttpResponse<String> response;
        try {
            response = http.send(HttpRequest.newBuilder(uri)
                            .timeout(timeout)
                            .header("AppId", credentials[0])
                            .header("Authorization", credentials[1])
                            .header("Accept", "application/json")
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "Dojah timed out", null);
        } catch (IOException e) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "Dojah unreachable: " + e, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "interrupted", null);
        }
        int status = response.statusCode();
        String code = String.valueOf(status);
        if (status >= 500 || status == 424 || status == 429) {
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "Dojah HTTP " + status, code);
        }
        JsonNode node;
        try {
            node = json.readTree(response.body());
        } catch (JsonProcessingException e) {
            return malformed("unreadable Dojah body (HTTP " + status + ")");
        }
        if (node == null || !node.isObject()) {
            return malformed("unreadable Dojah body (HTTP " + status + ")");
        }
        String reference = "dj_" + request.lookupId().substring(request.lookupId().indexOf('_') + 1);
        if (status >= 400) {
            String identifier = request.inputs().identifier();
            // a message echoing the number must not store it in the clear (history detail, logs)
            String message = Optional.ofNullable(text(node, "error")).or(() -> Optional.ofNullable(text(node, "message")))
                    .orElse("HTTP " + status).replace(identifier, IdentifierMask.mask(identifier));
            if (status == 404 || message.toLowerCase(Locale.ROOT).contains("not found")) {
                return new CheckOutcome.NotVerified(new ProviderAnswer("NOT_VERIFIED", null, null,
                        new ProviderReply(reference, message, code), node.toString(), null), true);
            }
            return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, "Dojah refused the request: "
                    + message, code);
        }
        JsonNode entity = node.get("entity");
        if (entity == null || !entity.isObject() || entity.isEmpty()) {
            return malformed("Dojah answer without entity");
        }
        RegistryIdentity identity = identity(entity);
        String subject = Stream.of(identity.firstName(), identity.middleName(), identity.lastName())
                .filter(p -> p != null).collect(Collectors.joining(" "));
        return new CheckOutcome.Verified(new ProviderAnswer("VERIFIED", subject.isEmpty() ? null : subject, null,
                new ProviderReply(reference, "ID number validated", code), node.toString(), identity));
    }

    /** Dojah's names and date of birth (snake_case or the NIMC spellings some endpoints return). */
    static RegistryIdentity identity(JsonNode entity) {
        return new RegistryIdentity(
                first(entity, "first_name", "firstname"),
                first(entity, "middle_name", "middlename"),
                first(entity, "last_name", "surname", "lastname"),
                RegistryIdentity.parseDate(first(entity, "date_of_birth", "dateOfBirth", "birthdate")));
    }

    private static String first(JsonNode node, String... fields) {
        for (String f : fields) {
            String v = text(node, f);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || v.isNull() || !v.isValueNode() || v.asText().isBlank() ? null : v.asText().strip();
    }

    private String[] credentials(Optional<String> ownKey) {
        if (ownKey.isPresent()) {
            String[] parts = ownKey.get().split(":", 2);
            return parts.length == 2 && !parts[0].isBlank() && !parts[1].isBlank() ? parts : null;
        }
        return appId == null || appId.isBlank() || secretKey == null || secretKey.isBlank()
                ? null : new String[]{appId, secretKey};
    }

    private static CheckOutcome rejected(String why) {
        return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.REJECTED, why, null);
    }

    private static CheckOutcome malformed(String why) {
        return new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.MALFORMED, why, null);
    }
}

package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.adapter.provider.common.BearerToken;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.refund.Refund;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.Base64;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * MTN Mobile Money over the MoMo Open API: collections by Request to Pay ({@code POST /collection/v1_0/requesttopay},
 * looked up with {@code GET /collection/v1_0/requesttopay/{X-Reference-Id}}), payouts by Transfer
 * ({@code POST /disbursement/v1_0/transfer}, {@code GET /disbursement/v1_0/transfer/{X-Reference-Id}}); refunds of
 * collections it took ({@link #refund}, {@link #queryRefund}: {@code /disbursement/v1_0/refund}) and account holder
 * names ({@link #basicUserInfo}) share its tokens.
 * <p>
 * The X-Reference-Id of a payment is {@link #referenceId(Payment) derived} from the payment's own reference, so it is
 * the same on every attempt of the same payment: MTN answers 409 to a reused id, which means "already submitted" and
 * is followed by the status lookup. A lookup answering 404 (MTN never got the request: the submission's answer was
 * lost before it arrived) re-sends the request under the same id, which MTN cannot take twice.
 * <p>
 * Bearer tokens ({@code POST /{collection,disbursement}/token/}, Basic api user:api key) are cached per product for
 * their {@code expires_in} and refreshed a minute (at most half their life) before; one refresh at a time. A call
 * answered 401 drops the token and is tried once more with a new one; a second 401 (a wrong subscription key) is
 * logged and is "no answer", as are a timeout, a 5xx and an unreadable answer: never a decline.
 */
public final class MtnRail implements PaymentRail {

    private static final Logger LOG = Logger.getLogger(MtnRail.class.getName());

    /** MTN's documented failure reasons, as the failure reason the merchant sees. */
    static final Map<String, String> REASONS = Map.of(
            "PAYER_NOT_FOUND", "payer not found",
            "PAYEE_NOT_FOUND", "payee not found",
            "APPROVAL_REJECTED", "payer rejected the request",
            "EXPIRED", "payer did not approve in time",
            "NOT_ENOUGH_FUNDS", "insufficient funds",
            "PAYER_LIMIT_REACHED", "payer limit reached",
            "PAYEE_NOT_ALLOWED_TO_RECEIVE", "payee not allowed to receive",
            "NOT_ALLOWED", "not allowed");

    /** The two MoMo products this rail uses: each has its own subscription key and its own token. */
    enum Product {
        COLLECTION("collection", "/collection/v1_0/requesttopay", "payer"),
        DISBURSEMENT("disbursement", "/disbursement/v1_0/transfer", "payee"),
        /** Refunds are a disbursement operation: the disbursement key and token, no party (MTN knows the payer). */
        REFUND("disbursement", "/disbursement/v1_0/refund", null);

        final String path;
        final String resource;
        final String party;

        Product(String path, String resource, String party) {
            this.path = path;
            this.resource = resource;
            this.party = party;
        }
    }

    private final MtnConfig config;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<Product, BearerToken> tokens;

    public MtnRail(MtnConfig config, Clock clock) {
        this.config = config;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.api().timeout()).build();
        BearerToken disbursement = new BearerToken(clock, () -> issueToken(Product.DISBURSEMENT));
        this.tokens = Map.of(Product.COLLECTION, new BearerToken(clock, () -> issueToken(Product.COLLECTION)),
                Product.DISBURSEMENT, disbursement, Product.REFUND, disbursement);
    }

    /**
     * The X-Reference-Id of this payment: a version-4-shaped UUID made of the SHA-256 of the payment's reference
     * ({@code MZP…}), so every attempt, every worker and every replica uses the same one without a second write.
     */
    public static String referenceId(Payment p) {
        return referenceId(p.reference().value());
    }

    /** {@link #referenceId(Payment)} of the payment with this service reference. */
    public static String referenceId(String paymentReference) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256")
                    .digest(("mizani-mtn:" + paymentReference).getBytes(StandardCharsets.UTF_8));
            h[6] = (byte) ((h[6] & 0x0f) | 0x40);
            h[8] = (byte) ((h[8] & 0x3f) | 0x80);
            long msb = 0;
            long lsb = 0;
            for (int i = 0; i < 8; i++) {
                msb = (msb << 8) | (h[i] & 0xff);
                lsb = (lsb << 8) | (h[i + 8] & 0xff);
            }
            return new UUID(msb, lsb).toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Product product(Payment p) {
        return p.routing().requestType() == RequestType.WITHDRAWAL ? Product.DISBURSEMENT : Product.COLLECTION;
    }

    @Override
    public RailOutcome initiate(Payment p) {
        return submit(p);
    }

    /** The status lookup; a request MTN never received (404) is sent again under the same X-Reference-Id. */
    @Override
    public RailOutcome query(Payment p) {
        Product product = product(p);
        String id = referenceId(p);
        Reply reply = call(product, "GET", product.resource + "/" + id, null, id);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 404) {
            return submit(p);
        }
        if (reply.status() != 200 || reply.body() == null) {
            return unknown("MTN status lookup answered HTTP " + reply.status());
        }
        return verdict(reply.body(), id);
    }

    /** 202: submitted; 409: this X-Reference-Id was already submitted, so its status is looked up. */
    private RailOutcome submit(Payment p) {
        Product product = product(p);
        String id = referenceId(p);
        ObjectNode body = json.createObjectNode()
                .put("amount", p.amounts().amount().amount().stripTrailingZeros().toPlainString())
                .put("currency", p.amounts().amount().currency())
                .put("externalId", p.reference().value());
        body.putObject(product.party).put("partyIdType", "MSISDN").put("partyId", msisdn(p.instructions().accountNumber(), p.routing().country()));
        String note = p.instructions().remark() == null ? p.references().merchantReference() : p.instructions().remark();
        body.put("payerMessage", truncate(note, 160)).put("payeeNote", truncate(note, 160));
        Reply reply = call(product, "POST", product.resource, body, id);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 202 || reply.status() == 200) {
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        if (reply.status() == 409) {
            return lookupAfterConflict(product, id);
        }
        if (reply.status() == 400) {
            // MTN validated the request and refused it: it will never be executed
            return new RailOutcome.Declined(id, "MTN refused the request: " + describe(reply.body()));
        }
        return unknown("MTN answered HTTP " + reply.status() + " to the submission");
    }

    private RailOutcome lookupAfterConflict(Product product, String id) {
        Reply reply = call(product, "GET", product.resource + "/" + id, null, id);
        if (reply.noAnswer() != null || reply.status() != 200 || reply.body() == null) {
            // already submitted: look again later, never send again
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        return verdict(reply.body(), id);
    }

    /**
     * The X-Reference-Id of a refund: derived like a payment's ({@link #referenceId(String)}) from the collection's
     * service reference and the merchant's refund_reference (unique per merchant), so the one UUID is reused by every
     * attempt, worker and replica without a stored copy; it is also the refund's provider_reference.
     */
    public static String refundReferenceId(Payment collection, Refund refund) {
        return referenceId("refund:" + collection.reference().value() + ":" + refund.refundReference());
    }

    /**
     * Whether this collection was taken by MTN through this adapter: its provider_reference is its X-Reference-Id
     * (a collection the built-in sandbox took before MTN was configured has another one and cannot be refunded here).
     */
    public static boolean took(Payment collection) {
        return collection.routing().requestType() == RequestType.PAYMENT
                && referenceId(collection).equals(collection.outcome().providerReference());
    }

    /**
     * Refunds (part of) a collection MTN took: {@code POST /disbursement/v1_0/refund} under the refund's own
     * X-Reference-Id with {@code referenceIdToRefund} = the collection's X-Reference-Id. 202: submitted; 409: that id
     * was already submitted (its status is looked up); 400: MTN refused it (failed); anything else: no answer.
     */
    public RailOutcome refund(Refund refund, Payment collection) {
        String id = refundReferenceId(collection, refund);
        String note = refund.reason() == null || refund.reason().isBlank()
                ? "Refund of " + refund.references().merchantReference() : refund.reason();
        ObjectNode body = json.createObjectNode()
                .put("amount", refund.amount().amount().stripTrailingZeros().toPlainString())
                .put("currency", refund.amount().currency())
                .put("externalId", refund.refundReference())
                .put("payerMessage", truncate(note, 160))
                .put("payeeNote", truncate(note, 160))
                .put("referenceIdToRefund", collection.outcome().providerReference());
        Reply reply = call(Product.REFUND, "POST", Product.REFUND.resource, body, id);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 202 || reply.status() == 200) {
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        if (reply.status() == 409) {
            return lookupAfterConflict(Product.REFUND, id);
        }
        if (reply.status() == 400) {
            return new RailOutcome.Declined(id, "MTN refused the refund: " + describe(reply.body()));
        }
        return unknown("MTN answered HTTP " + reply.status() + " to the refund");
    }

    /**
     * A refund's status: {@code GET /disbursement/v1_0/refund/{X-Reference-Id}} (SUCCESSFUL, FAILED with its reason,
     * PENDING). 404: MTN never received it (the submission's answer was lost before it arrived), so it is sent again
     * under the same X-Reference-Id, which MTN cannot take twice.
     */
    public RailOutcome queryRefund(Refund refund, Payment collection) {
        String id = refundReferenceId(collection, refund);
        Reply reply = call(Product.REFUND, "GET", Product.REFUND.resource + "/" + id, null, id);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 404) {
            return refund(refund, collection);
        }
        if (reply.status() != 200 || reply.body() == null) {
            return unknown("MTN refund lookup answered HTTP " + reply.status());
        }
        return verdict(reply.body(), id);
    }

    /** What MTN's account holder lookup answered: the holder's name, or that there is none, or no answer. */
    public sealed interface Holder {
        /** MTN named the holder: {@code given_name family_name}, or {@code name} when those are absent. */
        record Named(String name) implements Holder {
        }

        /** MTN has no such account holder (404, or 400: not an MSISDN it knows). */
        record Unknown() implements Holder {
        }

        /** Timeout, 5xx, 401 twice, an unreadable answer or one without a name. */
        record NoAnswer(String detail) implements Holder {
        }
    }

    /**
     * The account holder of an MSISDN: {@code GET /collection/v1_0/accountholder/msisdn/{msisdn}/basicuserinfo} with
     * the collection token (the number is put in MTN's form: country code, no plus).
     */
    public Holder basicUserInfo(String accountNumber, String country) {
        String msisdn = msisdn(accountNumber, country);
        if (msisdn.isEmpty()) {
            return new Holder.Unknown();
        }
        Reply reply = call(Product.COLLECTION, "GET",
                "/collection/v1_0/accountholder/msisdn/" + msisdn + "/basicuserinfo", null, null);
        if (reply.noAnswer() != null) {
            return new Holder.NoAnswer(reply.noAnswer().detail());
        }
        if (reply.status() == 404 || reply.status() == 400) {
            return new Holder.Unknown();
        }
        if (reply.status() != 200 || reply.body() == null) {
            return new Holder.NoAnswer("MTN basicuserinfo answered HTTP " + reply.status());
        }
        String given = DarajaRail.text(reply.body(), "given_name");
        String family = DarajaRail.text(reply.body(), "family_name");
        String both = ((given == null ? "" : given.trim()) + " " + (family == null ? "" : family.trim())).trim();
        if (both.isEmpty()) {
            String name = DarajaRail.text(reply.body(), "name");
            both = name == null ? "" : name.trim();
        }
        return both.isEmpty() ? new Holder.NoAnswer("MTN basicuserinfo gave no name") : new Holder.Named(both);
    }

    /** MTN answers 200 to a lookup even for a failed request: {@code status} and {@code reason} say what became of it. */
    RailOutcome verdict(JsonNode r, String id) {
        String status = DarajaRail.text(r, "status");
        if (status == null) {
            return unknown("MTN lookup gave no status");
        }
        return switch (status.trim().toUpperCase(Locale.ROOT)) {
            case "SUCCESSFUL" -> new RailOutcome.Succeeded(id);
            case "PENDING", "CREATED", "ONGOING" -> new RailOutcome.Submitted(id, config.api().pollEvery());
            case "FAILED", "REJECTED", "TIMEOUT" -> new RailOutcome.Declined(id, reason(r.get("reason")));
            default -> unknown("MTN status " + status);
        };
    }

    static String reason(JsonNode reason) {
        String code = reason == null || reason.isNull() ? null
                : reason.isObject() ? DarajaRail.text(reason, "code") : reason.asText();
        if (code == null || code.isBlank()) {
            return "MTN: FAILED";
        }
        String known = REASONS.get(code.trim().toUpperCase(Locale.ROOT));
        return known != null ? known : "MTN: " + code.trim();
    }

    private static RailOutcome.NoAnswer unknown(String detail) {
        return new RailOutcome.NoAnswer(detail);
    }

    record Reply(int status, JsonNode body, RailOutcome.NoAnswer noAnswer) {
    }

    /** One call with a bearer token; a 401 drops the token and retries once with a fresh one. */
    private Reply call(Product product, String method, String path, JsonNode body, String referenceId) {
        for (int attempt = 1; ; attempt++) {
            Reply reply = callOnce(product, method, path, body, referenceId);
            if (reply.status() != 401) {
                return reply;
            }
            tokens.get(product).invalidate();
            if (attempt == 2) {
                LOG.log(Level.WARNING, "MTN {0} answered 401 twice to {1} {2}: check MIZANI_MTN_{3}_KEY and the API user",
                        new Object[]{product.path, method, path, product.path.toUpperCase(Locale.ROOT)});
                return new Reply(401, null, unknown("MTN answered HTTP 401 (subscription key or API user refused)"));
            }
        }
    }

    private Reply callOnce(Product product, String method, String path, JsonNode body, String referenceId) {
        try {
            String bearer;
            try {
                bearer = tokens.get(product).get();
            } catch (BearerToken.Refused refused) {
                if (refused.status() == 401) {
                    return new Reply(401, null, null);
                }
                return new Reply(0, null, unknown(refused.getMessage()));
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(config.api().baseUrl() + path))
                    .timeout(config.api().timeout())
                    .header("Authorization", "Bearer " + bearer)
                    .header("X-Target-Environment", config.api().targetEnvironment())
                    .header("Ocp-Apim-Subscription-Key", key(product))
                    .header("Accept", "application/json");
            if ("POST".equals(method)) {
                request.header("X-Reference-Id", referenceId);
                if (product != Product.REFUND) {
                    request.header("X-Callback-Url", config.api().callbackUrl());
                }
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
            } else {
                request.GET();
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status >= 500 || status == 429) {
                return new Reply(status, null, unknown("MTN answered HTTP " + status));
            }
            JsonNode parsed = null;
            String text = response.body();
            if (text != null && !text.isBlank()) {
                try {
                    parsed = json.readTree(text);
                } catch (Exception malformed) {
                    if (status == 200) {
                        return new Reply(status, null, unknown("MTN answered unreadable JSON"));
                    }
                }
            }
            if (status == 200 && (parsed == null || !parsed.isObject())) {
                return new Reply(status, null, unknown("MTN answered unreadable JSON"));
            }
            return new Reply(status, parsed, null);
        } catch (HttpTimeoutException e) {
            return new Reply(0, null, unknown("MTN timed out"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(0, null, unknown("interrupted"));
        } catch (Exception e) {
            return new Reply(0, null, unknown("MTN unreachable: " + e.getClass().getSimpleName()));
        }
    }

    private String key(Product product) {
        return product == Product.COLLECTION ? config.products().collectionKey() : config.products().disbursementKey();
    }

    /** {@code POST /{product}/token/} with Basic api user:api key and the product's subscription key. */
    private BearerToken.Issued issueToken(Product product) throws Exception {
        String basic = Base64.getEncoder().encodeToString(
                (config.apiUser().user() + ":" + config.apiUser().key()).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create(config.api().baseUrl() + "/" + product.path + "/token/"))
                .timeout(config.api().timeout())
                .header("Authorization", "Basic " + basic)
                .header("Ocp-Apim-Subscription-Key", key(product))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new BearerToken.Refused(response.statusCode(),
                    "MTN " + product.path + " token answered HTTP " + response.statusCode());
        }
        JsonNode r;
        try {
            r = json.readTree(response.body());
        } catch (Exception malformed) {
            throw new BearerToken.Refused(0, "MTN " + product.path + " token answer unreadable");
        }
        String t = DarajaRail.text(r, "access_token");
        if (t == null) {
            throw new BearerToken.Refused(0, "MTN " + product.path + " token answer without access_token");
        }
        return new BearerToken.Issued(t, r.path("expires_in").asLong(3600));
    }

    /** Digits with the country code and no plus, as MTN's MSISDN party id wants it: 024... in Ghana is 23324... */
    static String msisdn(String number, String country) {
        String digits = number == null ? "" : number.replaceAll("[^0-9]", "");
        String prefix = "GH".equals(country) ? "233" : "UG".equals(country) ? "256" : null;
        if (prefix != null && digits.startsWith("0")) {
            return prefix + digits.substring(1);
        }
        return digits;
    }

    private static String describe(JsonNode r) {
        if (r == null) {
            return "no detail";
        }
        String code = DarajaRail.text(r, "code");
        String message = DarajaRail.text(r, "message");
        return (code == null ? "" : code) + (message == null ? "" : (code == null ? "" : ": ") + message);
    }

    private static String truncate(String s, int max) {
        return s == null ? "" : s.length() <= max ? s : s.substring(0, max);
    }
}

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

import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Airtel Money over the Airtel Africa Open API: collections by USSD push ({@code POST /merchant/v1/payments/},
 * looked up with {@code GET /standard/v1/payments/{id}}), payouts by disbursement ({@code POST
 * /standard/v1/disbursements/} with the PIN encrypted under Airtel's RSA key, looked up with {@code GET
 * /standard/v1/disbursements/{id}}); refunds of collections it took ({@link #refund}: {@code POST
 * /standard/v1/payments/refund}) and account holder names ({@link #user}: {@code GET /standard/v1/users/{msisdn}})
 * share its token. Every call carries {@code X-Country}, {@code X-Currency} and the bearer token.
 * <p>
 * The partner transaction id of a payment is {@link #transactionId(Payment) derived} from the payment's own
 * reference, so every attempt, worker and replica sends the same one: Airtel refuses a duplicate id, which means
 * "already submitted" and is followed by the enquiry. An enquiry answering "not found" (Airtel never got the request:
 * the submission's answer was lost before it arrived) sends it again under the same id, which Airtel cannot take
 * twice.
 * <p>
 * The token ({@code POST /auth/oauth2/token}, client credentials; Airtel's tokens live 180 s) is cached for its
 * {@code expires_in} and refreshed a minute (at most half its life) before; one refresh at a time. A call answered 401
 * drops the token and is tried once more with a new one; a second 401 is logged and is "no answer", as are a timeout,
 * a 5xx and an unreadable answer: never a decline.
 */
public final class AirtelRail implements PaymentRail {

    private static final Logger LOG = Logger.getLogger(AirtelRail.class.getName());

    static final String TOKEN = "/auth/oauth2/token";
    static final String COLLECT = "/merchant/v1/payments/";
    static final String COLLECTION_ENQUIRY = "/standard/v1/payments/";
    static final String DISBURSE = "/standard/v1/disbursements/";
    static final String DISBURSEMENT_ENQUIRY = "/standard/v1/disbursements/";
    static final String REFUND = "/standard/v1/payments/refund";
    static final String USERS = "/standard/v1/users/";

    /** Airtel's documented collection and disbursement failure codes, as the failure reason the merchant sees. */
    static final Map<String, String> FAILURES = Map.ofEntries(
            Map.entry("DP00800001002", "payer entered an incorrect PIN"),
            Map.entry("DP00800001003", "payer exceeded the wallet's transaction limit"),
            Map.entry("DP00800001004", "invalid amount"),
            Map.entry("DP00800001005", "payer did not enter the PIN"),
            Map.entry("DP00800001007", "insufficient funds"),
            Map.entry("DP00800001008", "transaction refused"),
            Map.entry("DP00800001009", "do not honor"),
            Map.entry("DP00800001010", "transaction not permitted to payee"),
            Map.entry("DP00800001024", "payer did not approve in time"),
            Map.entry("DP00800001029", "transaction expired"),
            Map.entry("DP00900001003", "maximum transaction limit reached"),
            Map.entry("DP00900001004", "amount out of range"),
            Map.entry("DP00900001005", "transaction failed or refused"),
            Map.entry("DP00900001007", "insufficient funds in the disbursement account"),
            Map.entry("DP00900001009", "invalid initiatee"),
            Map.entry("DP00900001010", "payer is not an allowed user"),
            Map.entry("DP00900001012", "invalid mobile number"),
            Map.entry("DP00900001013", "transaction refused"),
            Map.entry("DP00900001019", "sender is barred"));

    /** "The transaction is still processing and is in ambiguous state" / "in process": look again later. */
    static final Set<String> IN_PROGRESS = Set.of("DP00800001000", "DP00800001006", "DP00900001000", "DP00900001006");
    /** Transaction not found (collections, disbursements): Airtel never got it. */
    static final Set<String> NOT_FOUND = Set.of("DP00800001025", "DP00900001015");
    /** Duplicate transaction id: this id was already submitted. */
    static final String DUPLICATE = "DP00900001017";
    static final String DISBURSED = "DP00900001001";
    /** KYC user enquiry: user not found (invalid MSISDN). */
    static final String USER_NOT_FOUND = "DP02200000002";

    private final AirtelConfig config;
    private final HttpClient http;
    private final ObjectMapper json = new ObjectMapper();
    private final BearerToken token;
    private final PublicKey pinKey;

    public AirtelRail(AirtelConfig config, Clock clock) {
        this.config = config;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(config.api().timeout()).build();
        this.token = new BearerToken(clock, this::issueToken);
        // a wrong key stops the service at start-up (naming the variable), not at the first payout
        this.pinKey = AirtelPin.publicKey(config.disbursement().publicKey());
    }

    /** The partner transaction id of this payment: {@code MZA} + the rest of its service reference ({@code MZP…}). */
    public static String transactionId(Payment p) {
        return transactionId(p.reference().value());
    }

    /** {@link #transactionId(Payment)} of the payment with this service reference. */
    public static String transactionId(String paymentReference) {
        return "MZA" + paymentReference.substring(Math.min(3, paymentReference.length()));
    }

    /** The service reference of the payment a partner transaction id names, or null if it is not one of ours. */
    public static String paymentReference(String transactionId) {
        return transactionId != null && transactionId.startsWith("MZA") && transactionId.length() > 3
                ? "MZP" + transactionId.substring(3) : null;
    }

    /**
     * Whether this collection was taken by Airtel through this adapter: its provider_reference is its partner
     * transaction id (one the built-in sandbox took before Airtel was configured has another and stays there).
     */
    public static boolean took(Payment collection) {
        return collection.routing().requestType() == RequestType.PAYMENT
                && transactionId(collection).equals(collection.outcome().providerReference());
    }

    private static boolean payout(Payment p) {
        return p.routing().requestType() == RequestType.WITHDRAWAL;
    }

    @Override
    public RailOutcome initiate(Payment p) {
        return submit(p);
    }

    /** The enquiry; a transaction Airtel never received is sent again under the same id. */
    @Override
    public RailOutcome query(Payment p) {
        String id = transactionId(p);
        Reply reply = enquiry(p);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 404 || NOT_FOUND.contains(responseCode(reply.body()))) {
            return submit(p);
        }
        if (reply.status() != 200 || reply.body() == null) {
            return unknown("Airtel enquiry answered HTTP " + reply.status());
        }
        return verdict(reply.body(), id);
    }

    private Reply enquiry(Payment p) {
        String path = (payout(p) ? DISBURSEMENT_ENQUIRY : COLLECTION_ENQUIRY) + encode(transactionId(p));
        return call("GET", path, p.routing().country(), p.amounts().amount().currency(), null);
    }

    /**
     * Collections: {@code POST /merchant/v1/payments/} {@code {reference, subscriber: {country, currency, msisdn},
     * transaction: {amount, country, currency, id}}}; payouts: {@code POST /standard/v1/disbursements/}
     * {@code {payee: {msisdn, wallet_type}, reference, pin, transaction: {amount, id, type: B2C}}}.
     */
    private RailOutcome submit(Payment p) {
        String id = transactionId(p);
        String country = p.routing().country();
        String currency = p.amounts().amount().currency();
        String msisdn = msisdn(p.instructions().accountNumber(), country);
        BigDecimal amount = amount(p.amounts().amount().amount());
        ObjectNode body = json.createObjectNode();
        if (payout(p)) {
            body.putObject("payee").put("msisdn", msisdn).put("wallet_type", "NORMAL");
            body.put("reference", p.reference().value());
            body.put("pin", AirtelPin.encrypt(config.disbursement().pin(), pinKey));
            body.putObject("transaction").put("amount", amount).put("id", id).put("type", "B2C");
        } else {
            body.put("reference", p.reference().value());
            body.putObject("subscriber").put("country", country).put("currency", currency).put("msisdn", msisdn);
            body.putObject("transaction").put("amount", amount).put("country", country).put("currency", currency)
                    .put("id", id);
        }
        Reply reply = call("POST", payout(p) ? DISBURSE : COLLECT, country, currency, body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        String code = responseCode(r);
        String txStatus = transactionStatus(r);
        boolean ok = reply.status() / 100 == 2 && (success(r) || "SUCCESS".equals(txStatus));
        if (ok) {
            if (payout(p) && ("TS".equals(txStatus) || DISBURSED.equals(code))) {
                return new RailOutcome.Succeeded(id);
            }
            if ("TF".equals(txStatus)) {
                return new RailOutcome.Declined(id, reason(code, r));
            }
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        if (DUPLICATE.equals(code)) {
            return lookupAfterSubmission(p);
        }
        if (IN_PROGRESS.contains(code)) {
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        if (FAILURES.containsKey(code)) {
            return new RailOutcome.Declined(id, FAILURES.get(code));
        }
        if (reply.status() == 400) {
            // Airtel validated the request and refused it: it will never be executed
            return new RailOutcome.Declined(id, "Airtel refused the request: " + describe(r));
        }
        // an answer we cannot read as taken or refused: Airtel's enquiry decides
        return lookupAfterSubmission(p);
    }

    private RailOutcome lookupAfterSubmission(Payment p) {
        String id = transactionId(p);
        Reply reply = enquiry(p);
        if (reply.noAnswer() != null || reply.status() != 200 || reply.body() == null
                || NOT_FOUND.contains(responseCode(reply.body()))) {
            // already submitted (or in flight): look again later, never send again from here
            return new RailOutcome.Submitted(id, config.api().pollEvery());
        }
        RailOutcome outcome = verdict(reply.body(), id);
        return outcome instanceof RailOutcome.NoAnswer ? new RailOutcome.Submitted(id, config.api().pollEvery()) : outcome;
    }

    /**
     * What the enquiry's {@code data.transaction.status} says: {@code TS} succeeded; {@code TF} (and {@code TE},
     * expired) failed with the reason of its {@code response_code} or {@code message}; {@code TIP} and {@code TA}
     * (ambiguous) still pending; anything else unknown.
     */
    RailOutcome verdict(JsonNode r, String id) {
        String status = transactionStatus(r);
        if (status == null) {
            return IN_PROGRESS.contains(responseCode(r)) ? new RailOutcome.Submitted(id, config.api().pollEvery())
                    : unknown("Airtel enquiry gave no transaction status");
        }
        return switch (status) {
            case "TS" -> new RailOutcome.Succeeded(id);
            case "TF", "TE" -> new RailOutcome.Declined(id, reason(responseCode(r), r));
            case "TIP", "TA" -> new RailOutcome.Submitted(id, config.api().pollEvery());
            default -> unknown("Airtel transaction status " + status);
        };
    }

    static String reason(String code, JsonNode r) {
        if (code != null && FAILURES.containsKey(code)) {
            return FAILURES.get(code);
        }
        String message = DarajaRail.text(r == null ? null : r.path("data").path("transaction"), "message");
        if (message == null || message.isBlank()) {
            message = DarajaRail.text(r == null ? null : r.path("status"), "message");
        }
        if (message == null || message.isBlank() || "SUCCESS".equalsIgnoreCase(message.trim())) {
            return "Airtel: transaction failed";
        }
        return "Airtel: " + truncate(message.trim(), 200);
    }

    /**
     * Refunds a collection Airtel took: its {@code airtel_money_id} is read from the collection's enquiry, then
     * {@code POST /standard/v1/payments/refund} {@code {transaction: {airtel_money_id}}}. Airtel refunds the whole
     * transaction (the request has no amount), so a partial refund is refused before anything is sent.
     */
    public RailOutcome refund(Refund refund, Payment collection) {
        return refundOnce(refund, collection, false);
    }

    /**
     * A refund whose first answer was lost. Airtel documents no refund enquiry, so the refund is asked for again for
     * the same {@code airtel_money_id} (Airtel refunds a transaction once): a success settles it; a refusal may mean
     * the earlier attempt went through, so it is no answer (the refund stays pending, for reconciliation), never a
     * guessed failure.
     */
    public RailOutcome queryRefund(Refund refund, Payment collection) {
        return refundOnce(refund, collection, true);
    }

    private RailOutcome refundOnce(Refund refund, Payment collection, boolean again) {
        if (refund.amount().compareTo(collection.amounts().amount()) != 0) {
            return new RailOutcome.Declined(null, "Airtel refunds a whole collection only: refund "
                    + collection.amounts().amount().amount().toPlainString() + " " + collection.amounts().amount().currency());
        }
        Reply found = enquiry(collection);
        if (found.noAnswer() != null) {
            return found.noAnswer();
        }
        String moneyId = found.status() == 200 && "TS".equals(transactionStatus(found.body()))
                ? DarajaRail.text(found.body().path("data").path("transaction"), "airtel_money_id") : null;
        if (moneyId == null || moneyId.isBlank()) {
            if (again || found.status() >= 400 && found.status() != 404 || found.body() == null) {
                return unknown("Airtel enquiry of the refunded collection answered HTTP " + found.status());
            }
            return new RailOutcome.Declined(null, "Airtel does not show the collection as successful");
        }
        ObjectNode body = json.createObjectNode();
        body.putObject("transaction").put("airtel_money_id", moneyId);
        Reply reply = call("POST", REFUND, collection.routing().country(), collection.amounts().amount().currency(), body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        JsonNode r = reply.body();
        String status = transactionStatus(r);
        String reference = DarajaRail.text(r == null ? null : r.path("data").path("transaction"), "airtel_money_id");
        reference = reference == null || reference.isBlank() ? moneyId : reference;
        if (reply.status() / 100 == 2 && ("SUCCESS".equals(status) || "TS".equals(status) || status == null && success(r))) {
            return new RailOutcome.Succeeded(reference);
        }
        if (again) {
            return unknown("Airtel refused a repeated refund (an earlier attempt may have been taken): "
                    + describe(r));
        }
        return new RailOutcome.Declined(reference, "Airtel refused the refund: " + describe(r));
    }

    /** What Airtel's KYC user enquiry answered: the holder's name, or that there is none, or no answer. */
    public sealed interface Holder {
        /** Airtel named the holder: {@code first_name last_name}. */
        record Named(String name) implements Holder {
        }

        /** Airtel has no such user (404 or {@code DP02200000002}). */
        record Unknown() implements Holder {
        }

        /** Timeout, 5xx, 401 twice, a failed enquiry or an answer without a name. */
        record NoAnswer(String detail) implements Holder {
        }
    }

    /** The Airtel Money user of an account number: {@code GET /standard/v1/users/{msisdn}} (the number without country code). */
    public Holder user(String accountNumber, String country) {
        String msisdn = msisdn(accountNumber, country);
        String currency = currencyOf(country);
        if (msisdn.isEmpty() || currency == null) {
            return new Holder.Unknown();
        }
        Reply reply = call("GET", USERS + msisdn, country, currency, null);
        if (reply.noAnswer() != null) {
            return new Holder.NoAnswer(reply.noAnswer().detail());
        }
        if (reply.status() == 404 || USER_NOT_FOUND.equals(responseCode(reply.body()))) {
            return new Holder.Unknown();
        }
        if (reply.status() != 200 || reply.body() == null) {
            return new Holder.NoAnswer("Airtel user enquiry answered HTTP " + reply.status());
        }
        JsonNode data = reply.body().path("data");
        String first = DarajaRail.text(data, "first_name");
        String last = DarajaRail.text(data, "last_name");
        String both = ((first == null ? "" : first.trim()) + " " + (last == null ? "" : last.trim())).trim();
        if (both.isEmpty()) {
            return new Holder.NoAnswer("Airtel user enquiry gave no name");
        }
        return new Holder.Named(both);
    }

    private static RailOutcome.NoAnswer unknown(String detail) {
        return new RailOutcome.NoAnswer(detail);
    }

    static boolean success(JsonNode r) {
        return r != null && r.path("status").path("success").asBoolean(false);
    }

    static String responseCode(JsonNode r) {
        return r == null ? null : DarajaRail.text(r.path("status"), "response_code");
    }

    static String transactionStatus(JsonNode r) {
        String s = r == null ? null : DarajaRail.text(r.path("data").path("transaction"), "status");
        return s == null || s.isBlank() ? null : s.trim().toUpperCase(Locale.ROOT);
    }

    record Reply(int status, JsonNode body, RailOutcome.NoAnswer noAnswer) {
    }

    /** One call with the bearer token; a 401 drops the token and retries once with a fresh one. */
    private Reply call(String method, String path, String country, String currency, JsonNode body) {
        for (int attempt = 1; ; attempt++) {
            Reply reply = callOnce(method, path, country, currency, body);
            if (reply.status() != 401) {
                return reply;
            }
            token.invalidate();
            if (attempt == 2) {
                LOG.log(Level.WARNING, "Airtel answered 401 twice to {0} {1}: check MIZANI_AIRTEL_CLIENT_ID and "
                        + "MIZANI_AIRTEL_CLIENT_SECRET", new Object[]{method, path.startsWith(USERS) ? USERS + "…" : path});
                return new Reply(401, null, unknown("Airtel answered HTTP 401 (client credentials refused)"));
            }
        }
    }

    private Reply callOnce(String method, String path, String country, String currency, JsonNode body) {
        try {
            String bearer;
            try {
                bearer = token.get();
            } catch (BearerToken.Refused refused) {
                if (refused.status() == 401) {
                    return new Reply(401, null, null);
                }
                return new Reply(0, null, unknown(refused.getMessage()));
            }
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(config.api().baseUrl() + path))
                    .timeout(config.api().timeout())
                    .header("Authorization", "Bearer " + bearer)
                    .header("X-Country", country)
                    .header("X-Currency", currency)
                    .header("Accept", "*/*");
            if ("POST".equals(method)) {
                request.header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)));
            } else {
                request.GET();
            }
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status >= 500 || status == 429) {
                return new Reply(status, null, unknown("Airtel answered HTTP " + status));
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
            if (status / 100 == 2 && (parsed == null || !parsed.isObject())) {
                return new Reply(status, null, unknown("Airtel answered unreadable JSON"));
            }
            return new Reply(status, parsed != null && parsed.isObject() ? parsed : null, null);
        } catch (HttpTimeoutException e) {
            return new Reply(0, null, unknown("Airtel timed out"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Reply(0, null, unknown("interrupted"));
        } catch (Exception e) {
            return new Reply(0, null, unknown("Airtel unreachable: " + e.getClass().getSimpleName()));
        }
    }

    /** {@code POST /auth/oauth2/token} {@code {client_id, client_secret, grant_type: client_credentials}}. */
    private BearerToken.Issued issueToken() throws Exception {
        ObjectNode body = json.createObjectNode()
                .put("client_id", config.client().id())
                .put("client_secret", config.client().secret())
                .put("grant_type", "client_credentials");
        HttpRequest request = HttpRequest.newBuilder(URI.create(config.api().baseUrl() + TOKEN))
                .timeout(config.api().timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "*/*")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        int status = response.statusCode();
        if (status != 200) {
            // Airtel answers a wrong client with 400/401 {error: invalid_client}: both are "refused"
            throw new BearerToken.Refused(status == 400 || status == 403 ? 401 : status,
                    "Airtel token answered HTTP " + status);
        }
        JsonNode r;
        try {
            r = json.readTree(response.body());
        } catch (Exception malformed) {
            throw new BearerToken.Refused(0, "Airtel token answer unreadable");
        }
        String t = DarajaRail.text(r, "access_token");
        if (t == null || t.isBlank()) {
            throw new BearerToken.Refused(0, "Airtel token answer without access_token");
        }
        // Airtel sends expires_in as a string ("180")
        long life;
        try {
            life = Long.parseLong(r.path("expires_in").asText("180").trim());
        } catch (NumberFormatException e) {
            life = 180;
        }
        return new BearerToken.Issued(t, life);
    }

    /** The currency Airtel's X-Currency wants with an X-Country this adapter serves. */
    static String currencyOf(String country) {
        return switch (country == null ? "" : country) {
            case "KE" -> "KES";
            case "UG" -> "UGX";
            default -> null;
        };
    }

    /**
     * The number as Airtel wants it: "Do not send country code in msisdn" (a Kenyan {@code +254 733 123456} or
     * {@code 0733123456} is {@code 733123456}; Ugandan numbers likewise without {@code 256}).
     */
    static String msisdn(String number, String country) {
        String digits = number == null ? "" : number.replaceAll("[^0-9]", "");
        String prefix = "KE".equals(country) ? "254" : "UG".equals(country) ? "256" : null;
        if (prefix != null && digits.startsWith(prefix) && digits.length() == prefix.length() + 9) {
            return digits.substring(prefix.length());
        }
        if (digits.startsWith("0") && digits.length() == 10) {
            return digits.substring(1);
        }
        return digits;
    }

    /** The amount as a JSON number without trailing zeros and never in exponent form (1000, 12.5). */
    static BigDecimal amount(BigDecimal amount) {
        BigDecimal a = amount.stripTrailingZeros();
        return a.scale() < 0 ? a.setScale(0) : a;
    }

    private static String describe(JsonNode r) {
        if (r == null) {
            return "no detail";
        }
        String code = responseCode(r);
        if (code == null) {
            code = DarajaRail.text(r.path("status"), "code");
        }
        String message = DarajaRail.text(r.path("status"), "message");
        if (message == null) {
            message = DarajaRail.text(r, "error_description");
        }
        String d = (code == null ? "" : code) + (message == null ? "" : (code == null ? "" : ": ") + message);
        return d.isEmpty() ? "no detail" : truncate(d, 200);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String truncate(String s, int max) {
        return s == null ? "" : s.length() <= max ? s : s.substring(0, max);
    }
}

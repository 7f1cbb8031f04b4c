package io.mizani.adapter.provider.payment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mizani.application.payment.CheckoutHandOffs;
import io.mizani.application.payment.PaymentRail;
import io.mizani.application.payment.RailOutcome;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;

/**
 * Paystack (platform.md section 14) for {@code card_ng}, {@code card_ke} (collections) and {@code nip_ng} (payouts).
 * <p>
 * Card: {@code POST /transaction/initialize} with the customer's e-mail, the amount in subunits, the payment's
 * Paystack reference ({@link #reference(Payment)}: its provider_reference) and the return URL
 * {@code <MIZANI_PUBLIC_URL>/checkout/<token>/return}; the {@code authorization_url} is recorded
 * ({@link CheckoutHandOffs}) for the service's hosted page to hand the payer on. The verdict is
 * {@code GET /transaction/verify/{reference}}: {@code success} succeeds, {@code failed} and {@code reversed} fail,
 * anything else ({@code abandoned}: the payer has not paid yet, {@code ongoing}, {@code pending}...) stays pending until
 * the checkout expires ({@code checkout expired}, after one last verify).
 * <p>
 * Payout: {@code POST /transferrecipient} ({@code nuban}, the customer's name, the account number, the bank code of
 * the payment's network {@code net_ng_nip_<code>}) then {@code POST /transfer} ({@code source: balance}, the
 * recipient, the Paystack reference), looked up with {@code GET /transfer/verify/{reference}}.
 * <p>
 * A lookup that finds nothing at Paystack (the submission's answer was lost before Paystack took it) sends the request
 * again under the same reference; Paystack refuses a duplicate reference, which is then looked up, never sent twice.
 */
public final class PaystackRail implements PaymentRail {

    /** Providers this rail serves when it is configured. */
    public static final Set<String> PROVIDERS = Set.of("card_ng", "card_ke", "nip_ng");
    /** network_id of a Paystack bank in nip_ng's withdraw networks: this prefix and the bank's code. */
    public static final String BANK_NETWORK_PREFIX = "net_ng_nip_";

    private final PaystackApi api;
    private final CheckoutHandOffs handOffs;
    private final Clock clock;

    public PaystackRail(PaystackApi api, CheckoutHandOffs handOffs, Clock clock) {
        this.api = api;
        this.handOffs = handOffs;
        this.clock = clock;
    }

    /**
     * The payment's reference at Paystack (its provider_reference): the service's reference in lower case, which
     * suits both transaction references (alphanumeric, {@code -.=}) and transfer references (lower-case
     * alphanumeric, {@code -_}, 16 or more). The service's references are upper case, so it maps back one to one.
     */
    public static String reference(Payment p) {
        return p.reference().value().toLowerCase(Locale.ROOT);
    }

    /** Whether this payment is one the rail carries (card collections, nip_ng payouts). */
    public static boolean carries(Payment p) {
        if (!PROVIDERS.contains(p.routing().provider())) {
            return false;
        }
        return p.routing().rail() == Rail.CARD ? p.routing().requestType() == RequestType.PAYMENT
                : p.routing().requestType() == RequestType.WITHDRAWAL;
    }

    /** The return URL Paystack sends the payer back to (it appends {@code ?trxref=&reference=}). */
    public String returnUrl(Payment p) {
        return api.config().publicUrl() + "/checkout/" + p.references().checkoutToken() + "/return";
    }

    /** Amount in the currency's subunit (kobo, cents): Paystack's unit. */
    static long subunits(BigDecimal amount) {
        return amount.movePointRight(2).setScale(0, java.math.RoundingMode.UNNECESSARY).longValueExact();
    }

    @Override
    public RailOutcome initiate(Payment p) {
        return isCard(p) ? initialize(p) : transfer(p);
    }

    @Override
    public RailOutcome query(Payment p) {
        return isCard(p) ? verifyCard(p) : verifyTransfer(p);
    }

    private static boolean isCard(Payment p) {
        return p.routing().rail() == Rail.CARD;
    }

    // ---- card ---------------------------------------------------------------------------------------------------

    private RailOutcome initialize(Payment p) {
        String ref = reference(p);
        if (expired(p)) {
            return new RailOutcome.Declined(ref, HostedCheckout.CHECKOUT_EXPIRED);
        }
        ObjectNode body = api.json().createObjectNode()
                .put("email", email(p))
                .put("amount", subunits(p.amounts().amount().amount()))
                .put("currency", p.amounts().currency())
                .put("reference", ref)
                .put("callback_url", returnUrl(p));
        body.putArray("channels").add("card");
        ObjectNode metadata = body.putObject("metadata");
        metadata.put("merchant_reference", p.references().merchantReference());
        metadata.put("cancel_action", api.config().publicUrl() + "/checkout/" + p.references().checkoutToken());
        PaystackApi.Reply reply = api.post("/transaction/initialize", body);
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.ok()) {
            String url = DarajaRail.text(reply.data(), "authorization_url");
            if (url == null || url.isBlank()) {
                return new RailOutcome.NoAnswer("Paystack initialize answered without authorization_url");
            }
            handOffs.save(p.id(), url);
            return new RailOutcome.Submitted(ref, nextLook(p));
        }
        if (reply.status() == 400 && duplicate(reply.message())) {
            // already initialised (an earlier answer was lost): its verdict comes from verify
            RailOutcome verdict = verifyCardOnly(p);
            return verdict instanceof RailOutcome.NoAnswer ? new RailOutcome.Submitted(ref, nextLook(p)) : verdict;
        }
        if (reply.status() == 400 || reply.status() == 422) {
            return new RailOutcome.Declined(ref, "Paystack refused the transaction: " + describe(reply));
        }
        return new RailOutcome.NoAnswer("Paystack initialize answered HTTP " + reply.status());
    }

    private RailOutcome verifyCard(Payment p) {
        if (handOffs.find(p.id()).isEmpty() && !expired(p)) {
            // Initialize's answer never came back: open it again under the same reference
            return initialize(p);
        }
        RailOutcome verdict = verifyCardOnly(p);
        if (verdict instanceof RailOutcome.NoAnswer n && n.detail().startsWith(NOT_FOUND)) {
            return expired(p) ? new RailOutcome.Declined(reference(p), HostedCheckout.CHECKOUT_EXPIRED) : initialize(p);
        }
        if (verdict instanceof RailOutcome.Submitted && expired(p)) {
            return new RailOutcome.Declined(reference(p), HostedCheckout.CHECKOUT_EXPIRED);
        }
        return verdict;
    }

    private static final String NOT_FOUND = "Paystack does not know ";

    /** {@code GET /transaction/verify/{reference}} and its verdict, without re-sending anything. */
    RailOutcome verifyCardOnly(Payment p) {
        String ref = reference(p);
        PaystackApi.Reply reply = api.get("/transaction/verify/" + encode(ref));
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 404 || (reply.status() == 400 && notFound(reply.message()))) {
            return new RailOutcome.NoAnswer(NOT_FOUND + ref);
        }
        if (!reply.ok() || reply.data() == null || !reply.data().isObject()) {
            return new RailOutcome.NoAnswer("Paystack verify answered HTTP " + reply.status() + ": " + describe(reply));
        }
        JsonNode data = reply.data();
        String status = DarajaRail.text(data, "status");
        if (status == null) {
            return new RailOutcome.NoAnswer("Paystack verify gave no status");
        }
        return switch (status.trim().toLowerCase(Locale.ROOT)) {
            case "success" -> amountMatches(p, data) ? new RailOutcome.Succeeded(ref)
                    : new RailOutcome.NoAnswer("Paystack verify: amount " + data.path("amount").asText()
                    + " differs from the payment's " + subunits(p.amounts().amount().amount()));
            case "failed" -> new RailOutcome.Declined(ref, reason(data, "declined by Paystack"));
            case "reversed" -> new RailOutcome.Declined(ref, "reversed by Paystack");
            default -> new RailOutcome.Submitted(ref, nextLook(p));
        };
    }

    /** A success for another amount (or currency) than the payment's is not taken as this payment's success. */
    private static boolean amountMatches(Payment p, JsonNode data) {
        JsonNode amount = data.get("amount");
        if (amount != null && amount.canConvertToLong() && amount.asLong() != subunits(p.amounts().amount().amount())) {
            return false;
        }
        String currency = DarajaRail.text(data, "currency");
        return currency == null || currency.equalsIgnoreCase(p.amounts().currency());
    }

    private boolean expired(Payment p) {
        return HostedCheckout.expired(p.times().createdAt(), api.config().checkoutTtl(), clock.instant());
    }

    /** MIZANI_RAIL_POLL_MS, or the checkout's expiry when that comes first (card). */
    private Duration nextLook(Payment p) {
        Duration poll = api.config().pollEvery();
        if (!isCard(p)) {
            return poll;
        }
        Instant expiry = HostedCheckout.expiresAt(p.times().createdAt(), api.config().checkoutTtl());
        Duration left = Duration.between(clock.instant(), expiry);
        if (left.isNegative()) {
            return Duration.ZERO;
        }
        return left.compareTo(poll) < 0 ? left : poll;
    }

    private static String email(Payment p) {
        String email = p.customer() == null ? null : p.customer().email();
        if (email != null && email.contains("@") && !email.isBlank()) {
            return email.trim();
        }
        // Paystack requires an e-mail; a payment without one gets an address that reaches no one
        return reference(p) + "@customers.mizani.invalid";
    }

    // ---- payout -------------------------------------------------------------------------------------------------

    /** The destination bank's code: the payment's network is {@code net_ng_nip_<bank code>}. */
    static String bankCode(Payment p) {
        String network = p.routing().networkId();
        if (network == null || !network.startsWith(BANK_NETWORK_PREFIX) || network.length() == BANK_NETWORK_PREFIX.length()) {
            return null;
        }
        return network.substring(BANK_NETWORK_PREFIX.length());
    }

    private RailOutcome transfer(Payment p) {
        String ref = reference(p);
        String bank = bankCode(p);
        if (bank == null) {
            return new RailOutcome.Declined(ref, "no destination bank: the payout's network is not a Paystack bank");
        }
        String name = p.customer() == null ? "" : p.customer().fullName();
        ObjectNode recipient = api.json().createObjectNode()
                .put("type", "nuban")
                .put("name", name.isBlank() ? p.references().merchantReference() : name)
                .put("account_number", p.instructions().accountNumber().replaceAll("\\s", ""))
                .put("bank_code", bank)
                .put("currency", p.amounts().currency());
        PaystackApi.Reply created = api.post("/transferrecipient", recipient);
        if (created.noAnswer() != null) {
            return created.noAnswer();
        }
        if (!created.ok()) {
            if (created.status() == 400 || created.status() == 422) {
                return new RailOutcome.Declined(ref, "Paystack refused the recipient: " + describe(created));
            }
            return new RailOutcome.NoAnswer("Paystack transferrecipient answered HTTP " + created.status());
        }
        String code = DarajaRail.text(created.data(), "recipient_code");
        if (code == null || code.isBlank()) {
            return new RailOutcome.NoAnswer("Paystack transferrecipient answered without recipient_code");
        }
        String reason = p.instructions().remark() == null ? p.references().merchantReference() : p.instructions().remark();
        ObjectNode body = api.json().createObjectNode()
                .put("source", "balance")
                .put("amount", subunits(p.amounts().amount().amount()))
                .put("currency", p.amounts().currency())
                .put("recipient", code)
                .put("reference", ref)
                .put("reason", reason.length() > 100 ? reason.substring(0, 100) : reason);
        PaystackApi.Reply sent = api.post("/transfer", body);
        if (sent.noAnswer() != null) {
            return sent.noAnswer();
        }
        if (sent.ok()) {
            return transferVerdict(p, sent.data());
        }
        if ((sent.status() == 400 || sent.status() == 409) && duplicate(sent.message())) {
            RailOutcome verdict = verifyTransferOnly(p);
            return verdict instanceof RailOutcome.NoAnswer ? new RailOutcome.Submitted(ref, nextLook(p)) : verdict;
        }
        if (sent.status() == 400 || sent.status() == 422) {
            return new RailOutcome.Declined(ref, "Paystack refused the transfer: " + describe(sent));
        }
        return new RailOutcome.NoAnswer("Paystack transfer answered HTTP " + sent.status());
    }

    private RailOutcome verifyTransfer(Payment p) {
        RailOutcome verdict = verifyTransferOnly(p);
        if (verdict instanceof RailOutcome.NoAnswer n && n.detail().startsWith(NOT_FOUND)) {
            return transfer(p);
        }
        return verdict;
    }

    RailOutcome verifyTransferOnly(Payment p) {
        String ref = reference(p);
        PaystackApi.Reply reply = api.get("/transfer/verify/" + encode(ref));
        if (reply.noAnswer() != null) {
            return reply.noAnswer();
        }
        if (reply.status() == 404 || (reply.status() == 400 && notFound(reply.message()))) {
            return new RailOutcome.NoAnswer(NOT_FOUND + ref);
        }
        if (!reply.ok() || reply.data() == null || !reply.data().isObject()) {
            return new RailOutcome.NoAnswer("Paystack transfer verify answered HTTP " + reply.status() + ": "
                    + describe(reply));
        }
        return transferVerdict(p, reply.data());
    }

    private RailOutcome transferVerdict(Payment p, JsonNode data) {
        String ref = reference(p);
        String status = data == null ? null : DarajaRail.text(data, "status");
        if (status == null) {
            return new RailOutcome.NoAnswer("Paystack transfer gave no status");
        }
        return switch (status.trim().toLowerCase(Locale.ROOT)) {
            case "success" -> new RailOutcome.Succeeded(ref);
            case "failed", "reversed", "rejected", "abandoned", "blocked" ->
                    new RailOutcome.Declined(ref, reason(data, "Paystack: transfer " + status.trim().toLowerCase(Locale.ROOT)));
            default -> new RailOutcome.Submitted(ref, nextLook(p));
        };
    }

    // ---- shared -------------------------------------------------------------------------------------------------

    private static String reason(JsonNode data, String fallback) {
        String g = DarajaRail.text(data, "gateway_response");
        if (g == null || g.isBlank()) {
            g = DarajaRail.text(data, "message");
        }
        return g == null || g.isBlank() ? fallback : "Paystack: " + g.trim();
    }

    static boolean duplicate(String message) {
        String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return m.contains("duplicate") || m.contains("already");
    }

    static boolean notFound(String message) {
        String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
        return m.contains("not found");
    }

    static String describe(PaystackApi.Reply reply) {
        String m = reply.message();
        return m == null || m.isBlank() ? "HTTP " + reply.status() : m;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}

package io.mizani.application.payment;

import io.mizani.domain.payment.CardEntry;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Payment;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Input port: the hosted card checkout a payer's browser reaches by its token (platform.md section 12): the page,
 * paying with a card, cancelling. See {@link CardCheckoutService} for the rules.
 */
public interface CardCheckout {

    enum Result {
        SUCCEEDED, DECLINED, CANCELLED, EXPIRED, ALREADY_COMPLETED, INVALID_CARD, UNKNOWN_CARD, UNAVAILABLE, PENDING,
        /** Switched to mobile money: the prompt goes to the payer's phone ({@link #payByMomo}). */
        SWITCHED,
        /** The phone number is not a mobile number of the payment's country: nothing changed. */
        INVALID_PHONE,
        /** The momo provider cannot take this payment (not offered, amount outside its bounds): nothing changed. */
        MOMO_REFUSED,
        /** Not possible in the payment's state (switched already; card or cancel after a switch; a worker's lease). */
        CONFLICT
    }

    /** A mobile money provider the page offers: its code (the form's value) and its network's name. */
    record MomoOption(String provider, String name) {
    }

    /** What the page shows about whose payment it is (the Team's name; logo, theme colour, payment note where set). */
    record Brand(String name, String logo, String themeColor, String paymentNote) {
    }

    /** Port: the branding of the Team (account) a payment belongs to. */
    interface Branding {
        Optional<Brand> of(long accountId);
    }

    /**
     * Port: a card acquirer that takes the card on its own page (Paystack, platform.md section 14). The service's
     * page hands the payer on to {@link #handOff}; when the payer comes back, {@link #verify} asks the acquirer.
     */
    interface Acquirer {

        /** Whether this payment is taken by the acquirer (otherwise the sandbox test cards apply). */
        boolean carries(Payment payment);

        /** The acquirer's page for this payment, once it has opened the transaction. */
        Optional<String> handOff(Payment payment);

        /** The acquirer's status lookup; a slow or broken acquirer is {@link RailOutcome.NoAnswer}. */
        RailOutcome verify(Payment payment);
    }

    /**
     * The checkout as the page shows it; {@code external}: the card is taken on an acquirer's page, found at
     * {@code handOff} (null until the acquirer has opened the transaction); {@code momo}: the mobile money providers
     * the page offers beside the card (for a switched payment: the one carrying it).
     */
    record Page(Payment payment, Brand brand, Instant expiresAt, boolean external, String handOff,
                List<MomoOption> momo) {

        public Page {
            momo = momo == null ? List.of() : List.copyOf(momo);
        }

        public Page(Payment payment, Brand brand, Instant expiresAt) {
            this(payment, brand, expiresAt, false, null, List.of());
        }

        /** Switched to mobile money: the page waits for the payer's approval on the phone. */
        public boolean switched() {
            return MomoSwitch.switched(payment);
        }

        /** The name of the momo provider carrying a switched payment (its code when the catalogue has no name). */
        public String momoName() {
            return momo.stream().filter(o -> o.provider().equals(payment.routing().provider())).findFirst()
                    .map(MomoOption::name).orElse(payment.routing().provider());
        }
    }

    record Outcome(Result result, Page page, String redirectTo, String message) {
        public Payment payment() {
            return page.payment();
        }
    }

    String DECLINED_MESSAGE = "Your card was declined. No money was taken: try another card.";
    String UNKNOWN_CARD_MESSAGE =
            "Sandbox checkout: use 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).";

    /** The checkout; one past its expiry is failed (and called back) on the spot. */
    Page view(String token);

    /**
     * Pays with the card the payer typed: judged as a card form judges it first ({@link CardEntry#problems}: an
     * invalid entry is {@link Result#INVALID_CARD}, naming every problem, with nothing sent and the payment as it was).
     */
    Outcome pay(String token, CardEntry card);

    /** {@link #pay(String, CardEntry)} with the card number alone. */
    default Outcome pay(String token, String cardNumber) {
        return pay(token, CardEntry.numberOnly(cardNumber));
    }

    /**
     * The payer gave up: the payment fails with {@code cancelled by the payer}. Refused ({@link Result#CONFLICT})
     * once the payment was switched to mobile money: the provider may still settle it.
     */
    Outcome cancel(String token);

    /**
     * Pays with mobile money instead of a card (docs/adr/0009-checkout-momo-switch.md): {@code provider} one of
     * {@link Page#momo()}, {@code phone} a mobile number of the payment's country. The payment moves to the momo
     * rail once and the worker sends the prompt to that phone ({@link Result#SWITCHED}); a bad number is
     * {@link Result#INVALID_PHONE}, a provider not offered or an amount outside its bounds {@link Result#MOMO_REFUSED},
     * a second switch {@link Result#CONFLICT}: nothing changes then.
     */
    Outcome payByMomo(String token, String provider, String phone);

    String MOMO_NOT_OFFERED_MESSAGE = "Choose one of the mobile money providers shown.";

    /**
     * The payer is back from the acquirer's page: the acquirer is asked ({@link Acquirer#verify}) and its verdict
     * settles the payment; no verdict leaves it pending ({@link Result#PENDING}). The payer goes to redirect_url.
     */
    default Outcome returned(String token) {
        Page page = view(token);
        return new Outcome(page.payment().status().isFinal() ? Result.ALREADY_COMPLETED : Result.PENDING, page,
                redirect(page.payment()), null);
    }

    /** redirect_url with merchant_reference and status appended as query parameters. */
    static String redirect(Payment p) {
        String redirectUrl = p.instructions().redirectUrl();
        if (redirectUrl == null) {
            return null;
        }
        String sep = redirectUrl.contains("?") ? "&" : "?";
        return redirectUrl + sep + "merchant_reference="
                + URLEncoder.encode(p.references().merchantReference(), StandardCharsets.UTF_8)
                + "&status=" + p.status().wire();
    }
}

package io.mizani.domain.payment;

import io.mizani.domain.common.Money;

import java.util.Objects;

/**
 * The one move a hosted checkout makes besides settling: a card payment the payer chooses to pay with mobile money
 * instead (docs/adr/0009-checkout-momo-switch.md). The payment keeps its reference, amount, merchant reference and
 * checkout; what carries it changes: {@code routing} names the momo provider's deposit network, {@code fee} is that
 * network's fee and {@code payerNumber} the phone that receives the prompt (international digits, e.g.
 * {@code 254712345655}; stored sealed as payment_config.account_number is).
 * <p>
 * Allowed once, from a card payment that is still open ({@code queued} or {@code pending}) and whose checkout has not
 * expired; afterwards the payment is an ordinary momo payment: card entry, a second switch, the checkout's expiry and
 * the payer's cancel no longer apply to it (the provider's answer or the pending deadline settles it).
 */
public record MomoSwitch(Payment.Routing routing, Money fee, String payerNumber) {

    /** Card entry after the switch. */
    public static final String CARD_CLOSED =
            "This payment is being paid with mobile money: card details are no longer taken here.";
    /** A second switch. */
    public static final String ALREADY_SWITCHED =
            "This payment is already being paid with mobile money: approve the prompt on your phone.";
    /** Cancel after the switch: the provider may still settle it. */
    public static final String CANNOT_CANCEL =
            "The prompt was sent to your phone, so this payment can no longer be cancelled here: decline the prompt"
                    + " on your phone or let it time out.";
    /** A worker is handing the card payment to its rail at this very moment (a short lease). */
    public static final String BUSY = "This payment is being updated: try again in a moment.";

    public MomoSwitch {
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(fee, "fee");
        Objects.requireNonNull(payerNumber, "payerNumber");
        if (routing.rail() != Rail.MOMO || routing.requestType() != RequestType.PAYMENT) {
            throw new IllegalArgumentException("a checkout switches to a momo collection only");
        }
    }

    /**
     * Whether {@code payment} was accepted as a card payment with a hosted checkout and has since been switched to
     * mobile money: it still has its checkout token, but the momo rail carries it.
     */
    public static boolean switched(Payment payment) {
        return payment.references().checkoutToken() != null && payment.routing().rail() == Rail.MOMO;
    }

    /**
     * Why {@code payment} cannot switch now, or null when it can: it is final, already switched, not a card
     * checkout, or its checkout has {@code expired}.
     */
    public static Refusal refusal(Payment payment, boolean expired) {
        if (payment.status().isFinal()) {
            return Refusal.FINAL;
        }
        if (switched(payment)) {
            return Refusal.ALREADY_SWITCHED;
        }
        if (payment.routing().rail() != Rail.CARD || payment.references().checkoutToken() == null) {
            return Refusal.NOT_A_CHECKOUT;
        }
        return expired ? Refusal.EXPIRED : null;
    }

    /** Why a switch is refused. */
    public enum Refusal {
        FINAL, ALREADY_SWITCHED, NOT_A_CHECKOUT, EXPIRED
    }

    /** The last four digits of a phone number, the rest masked: {@code 254712345655} → {@code •••• 5655}. */
    public static String masked(String number) {
        if (number == null) {
            return "";
        }
        String digits = number.replaceAll("\\D", "");
        return digits.length() < 4 ? "••••" : "•••• " + digits.substring(digits.length() - 4);
    }
}

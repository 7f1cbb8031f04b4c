package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.TestCard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;

/**
 * The hosted card checkout (sandbox). The page is reached by the payer's browser with no credentials: the
 * 256-bit token in its URL is the only key, so it is generated at random per payment and never derived
 * from anything guessable. Card 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined; then the payer
 * is sent to the payment's redirect_url.
 */
public final class CardCheckout {

    public enum Result { SUCCEEDED, DECLINED, ALREADY_COMPLETED, UNKNOWN_CARD, UNAVAILABLE }

    public record Outcome(Result result, Payment payment, String redirectTo, String message) {
    }

    private final PaymentStore store;
    private final PaymentFinaliser finaliser;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final boolean sandbox;

    /** {@code sandbox} false (live mode): the test cards settle nothing; no card acquirer is connected. */
    public CardCheckout(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock,
                        boolean sandbox) {
        this.store = store;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.sandbox = sandbox;
    }

    public Payment view(String token) {
        return unitOfWork.inTransaction(() -> find(token));
    }

    public Outcome pay(String token, String cardNumber) {
        TestCard card = TestCard.of(cardNumber);
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return new Outcome(Result.ALREADY_COMPLETED, p, redirect(p), "This payment is already " + p.status().wire() + ".");
            }
            if (!sandbox) {
                return new Outcome(Result.UNAVAILABLE, p, null,
                        "Card payments cannot be completed here: no card acquirer is connected in live mode.");
            }
            if (card == TestCard.UNKNOWN) {
                return new Outcome(Result.UNKNOWN_CARD, p, null,
                        "Sandbox checkout: use 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).");
            }
            Instant now = clock.instant();
            String providerReference = "card_" + p.reference();
            if (p.status() == PaymentStatus.QUEUED) {
                store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, providerReference, null, null);
            }
            boolean approved = card == TestCard.APPROVED;
            finaliser.finish(p.id(), PaymentStatus.PENDING, approved ? PaymentStatus.SUCCEEDED : PaymentStatus.FAILED,
                    now, providerReference, approved ? null : "card declined");
            Payment done = store.findById(p.id()).orElseThrow();
            return new Outcome(approved ? Result.SUCCEEDED : Result.DECLINED, done, redirect(done),
                    approved ? "Payment approved." : "Card declined.");
        });
    }

    private Payment find(String token) {
        if (token == null || token.length() < 20) {
            throw DomainError.notFound("checkout not found");
        }
        return store.lockByCheckoutToken(token).orElseThrow(() -> DomainError.notFound("checkout not found"));
    }

    /** redirect_url with merchant_reference and status appended as query parameters. */
    static String redirect(Payment p) {
        if (p.redirectUrl() == null) {
            return null;
        }
        String sep = p.redirectUrl().contains("?") ? "&" : "?";
        return p.redirectUrl() + sep + "merchant_reference=" + URLEncoder.encode(p.merchantReference(), StandardCharsets.UTF_8)
                + "&status=" + p.status().wire();
    }
}

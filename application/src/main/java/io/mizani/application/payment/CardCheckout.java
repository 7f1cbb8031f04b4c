package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.TestCard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The hosted card checkout (sandbox acquirer, platform.md section 12). The page is reached by the payer's browser
 * with no credentials: the 256-bit token in its URL is the only key, so it is generated at random per payment and
 * never derived from anything guessable. Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined and
 * the payment stays {@code pending}, so the payer can try another card on the same page. The payment fails when
 * the payer cancels ({@code cancelled by the payer}) or when the checkout expires ({@code checkout expired},
 * {@code MIZANI_CHECKOUT_TTL} after acceptance; the payment worker enforces it too, see {@code HostedCardRail});
 * each final state is called back and the payer is sent to redirect_url. Every step runs under the payment's row
 * lock, so a payer's card and an expiry or a second tab cannot both settle it.
 */
public final class CardCheckout {

    public enum Result { SUCCEEDED, DECLINED, CANCELLED, EXPIRED, ALREADY_COMPLETED, UNKNOWN_CARD, UNAVAILABLE }

    /** What the page shows about whose payment it is (the Team's name; logo, theme colour, payment note where set). */
    public record Brand(String name, String logo, String themeColor, String paymentNote) {
    }

    /** Port: the branding of the Team (account) a payment belongs to. */
    public interface Branding {
        Optional<Brand> of(long accountId);
    }

    /** The checkout as the page shows it. */
    public record Page(Payment payment, Brand brand, Instant expiresAt) {
    }

    public record Outcome(Result result, Page page, String redirectTo, String message) {
        public Payment payment() {
            return page.payment();
        }
    }

    public static final String DECLINED_MESSAGE = "Your card was declined. No money was taken: try another card.";
    public static final String UNKNOWN_CARD_MESSAGE =
            "Sandbox checkout: use 4242 4242 4242 4242 (approved) or 4000 0000 0000 0002 (declined).";

    private final PaymentStore store;
    private final PaymentFinaliser finaliser;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final boolean sandbox;
    private final Duration ttl;
    private final Branding branding;

    /** {@code sandbox} false (live mode): the test cards settle nothing; no card acquirer is connected. */
    public CardCheckout(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock,
                        boolean sandbox, Duration ttl, Branding branding) {
        this.store = store;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.sandbox = sandbox;
        this.ttl = ttl;
        this.branding = branding;
    }

    public CardCheckout(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock,
                        boolean sandbox) {
        this(store, finaliser, unitOfWork, clock, sandbox, Duration.ofMinutes(30), id -> Optional.empty());
    }

    /** The checkout; one past its expiry is failed (and called back) on the spot. */
    public Page view(String token) {
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (!p.status().isFinal() && expired(p)) {
                p = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
            }
            return page(p);
        });
    }

    public Outcome pay(String token, String cardNumber) {
        TestCard card = TestCard.of(cardNumber);
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return finished(p);
            }
            if (expired(p)) {
                Payment done = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
                return new Outcome(Result.EXPIRED, page(done), redirect(done), "This checkout has expired.");
            }
            if (!sandbox) {
                return new Outcome(Result.UNAVAILABLE, page(p), null,
                        "Card payments cannot be completed here: no card acquirer is connected in live mode.");
            }
            if (card == TestCard.UNKNOWN) {
                return new Outcome(Result.UNKNOWN_CARD, page(p), null, UNKNOWN_CARD_MESSAGE);
            }
            Instant now = clock.instant();
            String providerReference = "card_" + p.reference();
            if (p.status() == PaymentStatus.QUEUED) {
                store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, providerReference, null,
                        HostedCheckout.expiresAt(p.createdAt(), ttl));
            }
            if (card == TestCard.DECLINED) {
                // the acquirer refused this card: the payment stays pending and the payer may try another one
                return new Outcome(Result.DECLINED, page(store.findById(p.id()).orElseThrow()), null, DECLINED_MESSAGE);
            }
            finaliser.finish(p.id(), PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, now, providerReference, null);
            Payment done = store.findById(p.id()).orElseThrow();
            return new Outcome(Result.SUCCEEDED, page(done), redirect(done), "This payment succeeded.");
        });
    }

    /** The payer gave up: the payment fails with {@code cancelled by the payer}. */
    public Outcome cancel(String token) {
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return finished(p);
            }
            if (expired(p)) {
                Payment done = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
                return new Outcome(Result.EXPIRED, page(done), redirect(done), "This checkout has expired.");
            }
            Payment done = fail(p, HostedCheckout.CANCELLED_BY_THE_PAYER);
            return new Outcome(Result.CANCELLED, page(done), redirect(done), "This payment was cancelled.");
        });
    }

    private Outcome finished(Payment p) {
        return new Outcome(Result.ALREADY_COMPLETED, page(p), redirect(p),
                p.status() == PaymentStatus.SUCCEEDED ? "This payment has already succeeded."
                        : "This payment has already failed.");
    }

    private boolean expired(Payment p) {
        return HostedCheckout.expired(p.createdAt(), ttl, clock.instant());
    }

    private Payment fail(Payment p, String reason) {
        finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, clock.instant(), null, reason);
        return store.findById(p.id()).orElseThrow();
    }

    private Page page(Payment p) {
        return new Page(p, branding.of(p.accountId()).orElse(null), HostedCheckout.expiresAt(p.createdAt(), ttl));
    }

    private Payment find(String token) {
        if (token == null || token.length() < 20) {
            throw DomainError.notFound("checkout not found");
        }
        return store.lockByCheckoutToken(token).orElseThrow(() -> DomainError.notFound("checkout not found"));
    }

    /** redirect_url with merchant_reference and status appended as query parameters. */
    public static String redirect(Payment p) {
        if (p.redirectUrl() == null) {
            return null;
        }
        String sep = p.redirectUrl().contains("?") ? "&" : "?";
        return p.redirectUrl() + sep + "merchant_reference=" + URLEncoder.encode(p.merchantReference(), StandardCharsets.UTF_8)
                + "&status=" + p.status().wire();
    }
}

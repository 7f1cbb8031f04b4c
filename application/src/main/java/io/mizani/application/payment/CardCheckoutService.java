package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.CardEntry;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.TestCard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
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
public final class CardCheckoutService implements CardCheckout {

    private final PaymentStore store;
    private final PaymentFinaliser finaliser;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final boolean sandbox;
    private final Duration ttl;
    private final Branding branding;
    private Acquirer acquirer;

    /** {@code sandbox} false (live mode): the test cards settle nothing; no card acquirer is connected. */
    public CardCheckoutService(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock,
                               boolean sandbox, Duration ttl, Branding branding) {
        this.store = store;
        this.finaliser = finaliser;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.sandbox = sandbox;
        this.ttl = ttl;
        this.branding = branding;
    }

    public CardCheckoutService(PaymentStore store, PaymentFinaliser finaliser, UnitOfWork unitOfWork, Clock clock,
                               boolean sandbox) {
        this(store, finaliser, unitOfWork, clock, sandbox, Duration.ofMinutes(30), id -> Optional.empty());
    }

    /** Card payments this acquirer carries are taken on its page, not with the sandbox test cards. */
    public CardCheckoutService withAcquirer(Acquirer acquirer) {
        this.acquirer = acquirer;
        return this;
    }

    private boolean external(Payment p) {
        return acquirer != null && acquirer.carries(p);
    }

    /** The checkout; one past its expiry is failed (and called back) on the spot. */
    @Override
    public Page view(String token) {
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (!p.status().isFinal() && expired(p)) {
                p = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
            }
            return page(p);
        });
    }

    @Override
    public Outcome pay(String token, CardEntry entry) {
        TestCard card = TestCard.of(entry.digits());
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return finished(p);
            }
            if (expired(p)) {
                Payment done = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
                return new Outcome(Result.EXPIRED, page(done), CardCheckout.redirect(done), "This checkout has expired.");
            }
            if (external(p)) {
                return new Outcome(Result.UNAVAILABLE, page(p), null,
                        "Card details are not taken here: continue on the card processor's page.");
            }
            if (!sandbox) {
                return new Outcome(Result.UNAVAILABLE, page(p), null,
                        "Card payments cannot be completed here: no card acquirer is connected in live mode.");
            }
            var problems = entry.problems(YearMonth.from(clock.instant().atZone(ZoneOffset.UTC)));
            if (!problems.isEmpty()) {
                return new Outcome(Result.INVALID_CARD, page(p), null, String.join(" ", problems));
            }
            if (card == TestCard.UNKNOWN) {
                return new Outcome(Result.UNKNOWN_CARD, page(p), null, UNKNOWN_CARD_MESSAGE);
            }
            Instant now = clock.instant();
            String providerReference = "card_" + p.reference().value();
            if (p.status() == PaymentStatus.QUEUED) {
                store.transition(p.id(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, providerReference, null,
                        HostedCheckout.expiresAt(p.times().createdAt(), ttl));
            }
            if (card == TestCard.DECLINED) {
                // the acquirer refused this card: the payment stays pending and the payer may try another one
                return new Outcome(Result.DECLINED, page(store.findById(p.id()).orElseThrow()), null, DECLINED_MESSAGE);
            }
            finaliser.finish(p.id(), PaymentStatus.PENDING, PaymentStatus.SUCCEEDED, now, providerReference, null);
            Payment done = store.findById(p.id()).orElseThrow();
            return new Outcome(Result.SUCCEEDED, page(done), CardCheckout.redirect(done), "This payment succeeded.");
        });
    }

    /** The payer gave up: the payment fails with {@code cancelled by the payer}. */
    @Override
    public Outcome cancel(String token) {
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return finished(p);
            }
            if (expired(p)) {
                Payment done = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
                return new Outcome(Result.EXPIRED, page(done), CardCheckout.redirect(done), "This checkout has expired.");
            }
            Payment done = fail(p, HostedCheckout.CANCELLED_BY_THE_PAYER);
            return new Outcome(Result.CANCELLED, page(done), CardCheckout.redirect(done), "This payment was cancelled.");
        });
    }

    /**
     * Back from the acquirer's page: its status lookup runs outside any transaction (the row is not held while the
     * acquirer answers), then its verdict settles the payment under the row lock unless something else settled it
     * meanwhile. Without a verdict the payment stays pending and the payer is still sent to redirect_url.
     */
    @Override
    public Outcome returned(String token) {
        Payment before = unitOfWork.inTransaction(() -> find(token));
        if (before.status().isFinal()) {
            return finished(before);
        }
        if (!external(before)) {
            return new Outcome(Result.PENDING, page(before), CardCheckout.redirect(before), null);
        }
        RailOutcome verdict = acquirer.verify(before);
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            if (p.status().isFinal()) {
                return finished(p);
            }
            Instant now = clock.instant();
            switch (verdict) {
                case RailOutcome.Succeeded s -> finaliser.succeed(p, now, s.providerReference());
                case RailOutcome.Declined d -> finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, now,
                        d.providerReference(), d.reason());
                default -> {
                    Payment still = store.findById(p.id()).orElseThrow();
                    return new Outcome(Result.PENDING, page(still), CardCheckout.redirect(still),
                            "The card processor has not confirmed this payment yet.");
                }
            }
            Payment done = store.findById(p.id()).orElseThrow();
            return new Outcome(done.status() == PaymentStatus.SUCCEEDED ? Result.SUCCEEDED : Result.DECLINED,
                    page(done), CardCheckout.redirect(done), null);
        });
    }

    private Outcome finished(Payment p) {
        return new Outcome(Result.ALREADY_COMPLETED, page(p), CardCheckout.redirect(p),
                p.status() == PaymentStatus.SUCCEEDED ? "This payment has already succeeded."
                        : "This payment has already failed.");
    }

    private boolean expired(Payment p) {
        return HostedCheckout.expired(p.times().createdAt(), ttl, clock.instant());
    }

    private Payment fail(Payment p, String reason) {
        finaliser.finish(p.id(), p.status(), PaymentStatus.FAILED, clock.instant(), null, reason);
        return store.findById(p.id()).orElseThrow();
    }

    private Page page(Payment p) {
        boolean external = external(p);
        String handOff = external && !p.status().isFinal() ? acquirer.handOff(p).orElse(null) : null;
        return new Page(p, branding.of(p.accountId().value()).orElse(null),
                HostedCheckout.expiresAt(p.times().createdAt(), ttl), external, handOff);
    }

    private Payment find(String token) {
        if (token == null || token.length() < 20) {
            throw DomainError.notFound("checkout not found");
        }
        return store.lockByCheckoutToken(token).orElseThrow(() -> DomainError.notFound("checkout not found"));
    }
}

package io.mizani.application.payment;

import io.mizani.application.common.PhoneRegions;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.CardEntry;
import io.mizani.domain.payment.AmountRules;
import io.mizani.domain.payment.HostedCheckout;
import io.mizani.domain.payment.MomoSwitch;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.TestCard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The hosted card checkout (sandbox acquirer, platform.md section 12). The page is reached by the payer's browser
 * with no credentials: the 256-bit token in its URL is the only key, so it is generated at random per payment and
 * never derived from anything guessable. Card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined and
 * the payment stays {@code pending}, so the payer can try another card on the same page. The payment fails when
 * the payer cancels ({@code cancelled by the payer}) or when the checkout expires ({@code checkout expired},
 * {@code MIZANI_CHECKOUT_TTL} after acceptance; the payment worker enforces it too, see {@code HostedCardRail});
 * each final state is called back and the payer is sent to redirect_url. Every step runs under the payment's row
 * lock, so a payer's card and an expiry or a second tab cannot both settle it.
 * <p>
 * Mobile money on the same page (docs/adr/0009-checkout-momo-switch.md): where the Team has an active momo provider
 * with a deposit channel in the payment's currency, the payer may give a phone number instead of a card; the
 * payment then moves to that provider once ({@link MomoSwitch}) and the payment worker sends the prompt.
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
    private PaymentCatalogue catalogue;
    private PhoneRegions phones;

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

    /**
     * Offers mobile money on the page: the Team's momo deposit channels come from {@code catalogue} (as discovery
     * lists them), the payer's number is judged by {@code phones}. Without it the page takes cards only.
     */
    public CardCheckoutService withMomo(PaymentCatalogue catalogue, PhoneRegions phones) {
        this.catalogue = catalogue;
        this.phones = phones;
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
            if (!p.status().isFinal() && !MomoSwitch.switched(p) && expired(p)) {
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
            if (MomoSwitch.switched(p)) {
                return new Outcome(Result.CONFLICT, page(p), null, MomoSwitch.CARD_CLOSED);
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
            if (MomoSwitch.switched(p)) {
                return new Outcome(Result.CONFLICT, page(p), null, MomoSwitch.CANNOT_CANCEL);
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
     * The switch to mobile money, under the payment's row lock in one transaction: refused in the payment's state
     * ({@link MomoSwitch#refusal}: final, switched already, expired), then by the payer's input (a provider not
     * offered, a number that is not a mobile number of the payment's country, an amount outside the provider's
     * bounds), then written by one conditional update ({@link PaymentStore#switchToMomo}) that also refuses while a
     * worker holds the card payment's lease. Nothing changes on any refusal.
     */
    @Override
    public Outcome payByMomo(String token, String provider, String phone) {
        // a worker holds the card payment for the moment it takes to open the checkout: ask again shortly, outside
        // the transaction (the worker needs the row to write its look), a bounded number of times
        for (int attempt = 1; ; attempt++) {
            Outcome outcome = switchOnce(token, provider, phone);
            if (outcome.result() != Result.CONFLICT || !MomoSwitch.BUSY.equals(outcome.message())
                    || attempt >= BUSY_ATTEMPTS) {
                return outcome;
            }
            try {
                Thread.sleep(BUSY_PAUSE.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return outcome;
            }
        }
    }

    /** How often, and how far apart, a switch finding a worker's lease on the payment is tried. */
    static final int BUSY_ATTEMPTS = 10;
    static final Duration BUSY_PAUSE = Duration.ofMillis(50);

    private Outcome switchOnce(String token, String provider, String phone) {
        return unitOfWork.inTransaction(() -> {
            Payment p = find(token);
            MomoSwitch.Refusal refusal = MomoSwitch.refusal(p, expired(p));
            if (refusal != null) {
                return switch (refusal) {
                    case FINAL -> finished(p);
                    case ALREADY_SWITCHED -> new Outcome(Result.CONFLICT, page(p), null, MomoSwitch.ALREADY_SWITCHED);
                    case EXPIRED -> {
                        Payment done = fail(p, HostedCheckout.CHECKOUT_EXPIRED);
                        yield new Outcome(Result.EXPIRED, page(done), CardCheckout.redirect(done),
                                "This checkout has expired.");
                    }
                    case NOT_A_CHECKOUT -> new Outcome(Result.MOMO_REFUSED, page(p), null, MOMO_NOT_OFFERED_MESSAGE);
                };
            }
            Optional<Network> network = external(p) ? Optional.empty()
                    : momoNetworks(p).stream().filter(n -> n.identity().provider().equals(provider)).findFirst();
            if (network.isEmpty()) {
                return new Outcome(Result.MOMO_REFUSED, page(p), null, MOMO_NOT_OFFERED_MESSAGE);
            }
            String country = p.routing().country();
            Optional<String> number = phones.mobileNumber(phone, country);
            if (number.isEmpty()) {
                return new Outcome(Result.INVALID_PHONE, page(p), null, invalidPhone(country));
            }
            Network n = network.get();
            try {
                // the amount by acceptance's own rule for the momo channel (bounds, then the fee it must exceed)
                AmountRules.check(p.amounts().amount().amount(), n);
            } catch (io.mizani.domain.error.DomainError outside) {
                return new Outcome(Result.MOMO_REFUSED, page(p), null, n.identity().networkName()
                        + " cannot take this payment: " + outside.getMessage() + ".");
            }
            var routing = new Payment.Routing(RequestType.PAYMENT, country, Rail.MOMO, n.identity().provider(),
                    n.identity().networkId(), n.channel().channelId());
            var change = new MomoSwitch(routing, n.limits().fee(), number.get());
            if (!store.switchToMomo(p.id(), change, clock.instant())) {
                return new Outcome(Result.CONFLICT, page(p), null, MomoSwitch.BUSY);
            }
            Payment switched = store.findById(p.id()).orElseThrow();
            return new Outcome(Result.SWITCHED, page(switched), null, null);
        });
    }

    /** "That is not a mobile number in KE: ..." */
    static String invalidPhone(String country) {
        return "That is not a mobile number in " + country
                + ": enter the number of the phone that receives the prompt.";
    }

    /**
     * The Team's momo channels for this payment, as discovery finds them: providers assigned to the Team, active
     * deposit channels on the momo rail in the payment's country and currency; one per provider, in catalogue order.
     */
    private List<Network> momoNetworks(Payment p) {
        if (catalogue == null) {
            return List.of();
        }
        Set<String> assigned = catalogue.assignedProviders(p.accountId().value());
        Set<String> seen = new HashSet<>();
        List<Network> out = new ArrayList<>();
        for (Network n : catalogue.networks(p.routing().country())) {
            if (n.channel().rail() == Rail.MOMO && n.channel().ramp() == RampType.DEPOSIT && n.active()
                    && assigned.contains(n.identity().provider())
                    && n.limits().currency().equals(p.amounts().currency())
                    && seen.add(n.identity().provider())) {
                out.add(n);
            }
        }
        return out;
    }

    /** What the page offers beside the card; for a switched payment, the provider carrying it. */
    private List<MomoOption> momoOptions(Payment p) {
        if (p.status().isFinal() || (!MomoSwitch.switched(p) && (p.routing().rail() != Rail.CARD || external(p)))) {
            return List.of();
        }
        return momoNetworks(p).stream()
                .filter(n -> !MomoSwitch.switched(p) || n.identity().provider().equals(p.routing().provider()))
                .map(n -> new MomoOption(n.identity().provider(), n.identity().networkName())).toList();
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
                HostedCheckout.expiresAt(p.times().createdAt(), ttl), external, handOff, momoOptions(p));
    }

    private Payment find(String token) {
        if (token == null || token.length() < 20) {
            throw DomainError.notFound("checkout not found");
        }
        return store.lockByCheckoutToken(token).orElseThrow(() -> DomainError.notFound("checkout not found"));
    }
}

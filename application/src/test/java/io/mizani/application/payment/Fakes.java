package io.mizani.application.payment;

import io.mizani.application.beneficiary.Counterparty;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Network;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.Rail;
import io.mizani.domain.payment.RampType;
import io.mizani.domain.tenancy.AccountId;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.*;

/** Tiny in-memory fakes of the payment ports. */
final class Fakes {

    static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration d) {
            now = now.plus(d);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    static final UnitOfWork DIRECT = io.mizani.application.common.DirectUnitOfWork.DIRECT;

    static Network net(String provider, String id, Rail rail, RampType ramp, String min, String max, String fee,
                       boolean active, String country, String currency) {
        return new Network(new Network.Identity(provider, country, id, id.toUpperCase(), id.toUpperCase()),
                new Network.Channel("ch_" + id + "_" + ramp.wire(), rail, ramp, rail.wire()),
                new Network.Limits(Money.of(new BigDecimal(min), currency), Money.of(new BigDecimal(max), currency),
                        Money.of(new BigDecimal(fee), currency)), active);
    }

    static final class Catalogue implements PaymentCatalogue {
        final List<Network> networks = new ArrayList<>(List.of(
                net("mpesa_ke", "mpesa", Rail.MOMO, RampType.DEPOSIT, "10", "150000", "0", true, "KE", "KES"),
                net("mpesa_ke", "mpesa", Rail.MOMO, RampType.WITHDRAW, "10", "150000", "15", true, "KE", "KES"),
                net("airtel_ke", "airtel", Rail.MOMO, RampType.DEPOSIT, "10", "70000", "0", true, "KE", "KES"),
                net("airtel_ke", "airtel", Rail.MOMO, RampType.WITHDRAW, "10", "70000", "15", false, "KE", "KES"),
                net("pesalink_ke", "pesalink", Rail.BANK, RampType.DEPOSIT, "100", "999999", "50", true, "KE", "KES"),
                net("card_ke", "card", Rail.CARD, RampType.DEPOSIT, "50", "500000", "0", true, "KE", "KES")));
        final Map<Long, Set<String>> assigned = new HashMap<>();

        @Override
        public List<CountryInfo> countries() {
            return List.of(new CountryInfo("KE", "Kenya", "KES"));
        }

        @Override
        public Optional<CountryInfo> country(String code) {
            return countries().stream().filter(c -> c.code().equals(code)).findFirst();
        }

        @Override
        public List<Network> networks(String country) {
            return networks.stream().filter(n -> n.identity().country().equals(country)).toList();
        }

        @Override
        public Set<String> assignedProviders(long accountId) {
            return assigned.getOrDefault(accountId, Set.of());
        }
    }

    static final class Store implements PaymentStore {
        final Map<Long, Payment> rows = new LinkedHashMap<>();
        final Map<Long, Instant> nextCheck = new HashMap<>();
        final MutableClock clock;
        long seq = 0;

        Store(MutableClock clock) {
            this.clock = clock;
        }

        @Override
        public boolean merchantReferenceTaken(long accountId, String ref) {
            return rows.values().stream()
                    .anyMatch(p -> p.accountId().value() == accountId && p.references().merchantReference().equals(ref));
        }

        @Override
        public Payment insert(Payment p, Instant next) {
            // the database's unique key (account_id, merchant_reference), refused as the JDBC store refuses it
            String merchantReference = p.references().merchantReference();
            if (merchantReferenceTaken(p.accountId().value(), merchantReference)) {
                throw DomainError.invalidArgument(
                        "payment_config.reference \"" + merchantReference + "\" has already been used");
            }
            long id = ++seq;
            Payment saved = p.stored(id);
            rows.put(id, saved);
            nextCheck.put(id, next);
            return saved;
        }


        @Override
        public Optional<Payment> findByMerchantReference(long accountId, String ref) {
            return rows.values().stream()
                    .filter(p -> p.accountId().value() == accountId && p.references().merchantReference().equals(ref))
                    .findFirst();
        }

        @Override
        public Optional<Payment> findById(long id) {
            return Optional.ofNullable(rows.get(id));
        }

        @Override
        public Optional<Payment> lockByCheckoutToken(String token) {
            return rows.values().stream().filter(p -> token.equals(p.references().checkoutToken())).findFirst();
        }

        @Override
        public Optional<Payment> lockByProviderReference(String provider, String ref) {
            return rows.values().stream().filter(p -> p.routing().provider().equals(provider)
                    && ref.equals(p.outcome().providerReference())).findFirst();
        }

        @Override
        public Optional<Payment> lockByReference(String reference) {
            return rows.values().stream().filter(p -> p.reference().value().equals(reference)).findFirst();
        }

        final Map<Long, Instant> claimedUntil = new HashMap<>();
        final Map<Long, String> claimedBy = new HashMap<>();
        final Set<Long> submitted = new HashSet<>();
        /** Claims made (by claimNext, which the default claimDue calls once per payment claimed). */
        int claims;

        @Override
        public Payment insertLeased(Payment p, Instant now, Lease lease) {
            // due now but held (this store keeps the lease apart from the next check, as a claim here does)
            Payment saved = insert(p, now);
            claimedUntil.put(saved.id(), lease.until());
            claimedBy.put(saved.id(), lease.worker());
            submitted.add(saved.id());
            return saved;
        }

        @Override
        public Optional<Claim> claimNext(Instant now, Duration lease, String worker) {
            Payment best = null;
            for (Payment p : rows.values()) {
                Instant n = nextCheck.get(p.id());
                Instant held = claimedUntil.get(p.id());
                if (!p.status().isFinal() && n != null && !n.isAfter(now) && (held == null || !held.isAfter(now))
                        && (best == null || n.isBefore(nextCheck.get(best.id())))) {
                    best = p;
                }
            }
            if (best == null) {
                return Optional.empty();
            }
            claimedUntil.put(best.id(), now.plus(lease));
            claimedBy.put(best.id(), worker);
            claims++;
            return Optional.of(new Claim(best, !submitted.add(best.id())));
        }

        @Override
        public Set<Long> recordLooks(List<Look> looks, String worker, KeepLeases kept) {
            // as the JDBC store: a kept look keeps the lease to its next look's time plus a lease, while the payment is
            // still the worker's and in the state the look found (the next check kept apart from the lease, as this
            // store's claim keeps it); the rest as recordLooks
            Set<Long> done = new HashSet<>();
            List<Look> rest = new ArrayList<>();
            for (Look l : looks) {
                long id = l.paymentId();
                Payment p = rows.get(id);
                boolean found = p != null && (l.kind() == Look.Kind.SENT ? p.status() == PaymentStatus.QUEUED
                        : l.kind() == Look.Kind.NOT_YET && !p.status().isFinal());
                if (kept.paymentIds().contains(id) && worker.equals(claimedBy.get(id)) && found) {
                    Instant until = l.nextCheckAt().plus(kept.lease());
                    if (l.kind() == Look.Kind.SENT) {
                        transition(id, PaymentStatus.QUEUED, PaymentStatus.PENDING, l.at(), l.providerReference(),
                                null, l.nextCheckAt());
                    } else {
                        if (l.providerReference() != null) {
                            recordProviderReference(id, l.providerReference());
                        }
                        scheduleCheck(id, l.nextCheckAt(), true);
                    }
                    claimedUntil.put(id, until);
                    done.add(id);
                } else {
                    rest.add(l);
                }
            }
            recordLooks(rest, worker);
            return done;
        }

        @Override
        public void giveBack(long id, String worker, boolean firstClaim) {
            if (worker.equals(claimedBy.get(id)) && firstClaim) {
                submitted.remove(id);
            }
            release(id, worker);
        }

        @Override
        public void release(long id, String worker) {
            if (worker.equals(claimedBy.get(id))) {
                claimedBy.remove(id);
                claimedUntil.remove(id);
            }
        }

        @Override
        public boolean transition(long id, PaymentStatus from, PaymentStatus to, Instant now, String providerRef,
                                  String reason, Instant next) {
            Payment p = rows.get(id);
            if (p == null || p.status() != from || !from.canMoveTo(to)) {
                return false;
            }
            Payment.Outcome was = p.outcome();
            Payment.Timestamps at = p.times();
            rows.put(id, p.progressed(
                    new Payment.Outcome(to, reason != null ? reason : was.failureReason(),
                            providerRef != null ? providerRef : was.providerReference(), was.checks()),
                    new Payment.Timestamps(at.createdAt(), now, to == PaymentStatus.PENDING ? now : at.pendingSince(),
                            to.isFinal() ? now : null)));
            nextCheck.put(id, next);
            return true;
        }

        @Override
        public void recordProviderReference(long id, String providerReference) {
            Payment p = rows.get(id);
            if (p != null && !p.status().isFinal()) {
                Payment.Outcome was = p.outcome();
                rows.put(id, p.progressed(new Payment.Outcome(was.status(), was.failureReason(), providerReference,
                        was.checks()), p.times()));
            }
        }

        @Override
        public boolean switchToMomo(long id, io.mizani.domain.payment.MomoSwitch change, Instant now) {
            Payment p = rows.get(id);
            Instant held = claimedUntil.get(id);
            if (p == null || p.status().isFinal() || p.routing().rail() != Rail.CARD
                    || p.references().checkoutToken() == null || (held != null && held.isAfter(now))) {
                return false;
            }
            Payment moved = p.switchedTo(change, now);
            rows.put(id, moved);
            submitted.remove(id);
            nextCheck.put(id, now);
            return true;
        }

        @Override
        public void nudge(long id, Instant now, Duration slack) {
            Payment p = rows.get(id);
            Instant n = nextCheck.get(id);
            if (p.status() == PaymentStatus.PENDING && n != null && n.isAfter(now.plus(slack))) {
                nextCheck.put(id, now);
            }
        }

        @Override
        public void scheduleCheck(long id, Instant next, boolean count) {
            Payment p = rows.get(id);
            if (p.status().isFinal()) {
                return;
            }
            Payment.Outcome was = p.outcome();
            Payment.Timestamps at = p.times();
            rows.put(id, p.progressed(
                    new Payment.Outcome(was.status(), was.failureReason(), was.providerReference(),
                            was.checks() + (count ? 1 : 0)),
                    new Payment.Timestamps(at.createdAt(), clock.instant(), at.pendingSince(), at.completedAt())));
            nextCheck.put(id, next);
        }
    }

    static final class Counterparties implements PaymentCounterparties {
        final Map<UUID, Counterparty> book = new HashMap<>();
        final Map<Long, BigDecimal> lifetime = new HashMap<>();

        @Override
        public Optional<Counterparty> find(long accountId, UUID uuid) {
            return Optional.ofNullable(book.get(uuid));
        }

        @Override
        public void reserveTier0(AccountId accountId, BeneficiaryId id, String currency, Money counted) {
            BigDecimal usd = counted.amount();
            long beneficiaryId = id.value();
            Counterparty c = book.values().stream().filter(b -> b.id() == beneficiaryId).findFirst().orElseThrow();
            if (c.kycLevel() == io.mizani.domain.beneficiary.KycLevel.FULL) {
                return;
            }
            BigDecimal total = lifetime.getOrDefault(beneficiaryId, BigDecimal.ZERO);
            if (Set.of("ZAR", "BWP", "NGN").contains(currency) || usd.compareTo(new BigDecimal("20")) >= 0
                    || total.add(usd).compareTo(new BigDecimal("200")) >= 0) {
                throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                        "full KYC information is required for the transaction", DomainError.Shape.COMPACT, Map.of());
            }
            lifetime.put(beneficiaryId, total.add(usd.setScale(2, java.math.RoundingMode.HALF_EVEN))); // counted in cents, as the real book
        }

        @Override
        public void releaseTier0(AccountId accountId, BeneficiaryId beneficiaryId, Money usd) {
            lifetime.merge(beneficiaryId.value(), usd.amount().negate(), BigDecimal::add);
        }
    }

    static class Outbox implements CallbackOutbox {
        final Map<Long, NewCallback> rows = new LinkedHashMap<>();
        final Map<Long, Integer> attempts = new HashMap<>();
        final Map<Long, Instant> next = new HashMap<>();
        final Map<Long, String> state = new HashMap<>();
        final Map<Long, Integer> limits = new HashMap<>();
        final List<Attempt> log = new ArrayList<>();
        String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        long seq;

        @Override
        public void enqueue(NewCallback c) {
            long id = ++seq;
            rows.put(id, c);
            attempts.put(id, 0);
            next.put(id, c.createdAt());
            state.put(id, "pending");
        }

        /** Callbacks claimed. */
        int claimed;

        @Override
        public DueCallback enqueueLeased(NewCallback c, Instant leaseEnd) {
            enqueue(c);
            next.put(seq, leaseEnd);
            return new DueCallback(seq, c.accountId(), c.paymentId(),
                    new Message(c.webhookId(), c.eventType(), c.body()), new Delivery(c.url(), secret, 0, null));
        }

        @Override
        public List<DueCallback> claimDue(Instant now, Duration lease, int limit) {
            var out = new ArrayList<DueCallback>();
            for (var e : rows.entrySet()) {
                long id = e.getKey();
                if ("pending".equals(state.get(id)) && !next.get(id).isAfter(now) && out.size() < limit) {
                    next.put(id, now.plus(lease));
                    claimed++;
                    var c = e.getValue();
                    out.add(new DueCallback(id, c.accountId(), c.paymentId(),
                            new Message(c.webhookId(), c.eventType(), c.body()),
                            new Delivery(c.url(), secret, attempts.get(id), limits.get(id))));
                }
            }
            return out;
        }

        @Override
        public void recordAttempt(Attempt a) {
            log.add(a);
        }

        @Override
        public void markDelivered(long id, int n, Instant at) {
            attempts.put(id, n);
            state.put(id, "delivered");
        }

        @Override
        public void scheduleRetry(long id, int n, Instant at) {
            attempts.put(id, n);
            next.put(id, at);
        }

        @Override
        public void markDead(long id, int n, Instant at) {
            attempts.put(id, n);
            state.put(id, "dead");
        }
    }

    private Fakes() {
    }
}

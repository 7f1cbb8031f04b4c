package io.mizani.application.balance;

import io.mizani.domain.balance.BalanceRules;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.mizani.domain.error.DomainError;

/**
 * What a payment does to the Team's money, called inside the transaction that accepts or finalises it:
 * <ul>
 *   <li>acceptance: the Team tier daily limit (counted atomically), then, for a withdrawal, the reservation of
 *   {@code amount + fee}: the last refusal, the last statement before commit, so the balance row is locked as
 *   briefly as possible;</li>
 *   <li>success: a collection credits {@code amount − fee}; a withdrawal consumes its reservation;</li>
 *   <li>failure: a withdrawal's reservation is released; the daily counter gives back the payment's amount.</li>
 * </ul>
 */
public final class PaymentFunds {

    private final BalanceLedger ledger;
    private final TeamLimitStore limits;

    public PaymentFunds(BalanceLedger ledger, TeamLimitStore limits) {
        this.ledger = ledger;
        this.limits = limits;
    }

    /** Judges and counts the tier limit and reserves a withdrawal's funds; throws the refusal (the caller rolls back). */
    public void onAccepted(Payment p) {
        long account = p.accountId().value();
        RequestType type = p.routing().requestType();
        Payment.Amounts amounts = p.amounts();
        var limitsNow = limits.load();
        if (!limitsNow.tiers().isEmpty()) {
            int tier = limits.tierOf(account);
            var limit = limitsNow.limitFor(tier, type);
            if (limit.isPresent()) {
                var day = p.times().createdAt().atZone(ZoneOffset.UTC).toLocalDate();
                if (!limits.tryCount(account, day, type, p.id(), amounts.amountUsd(), usd(limit.get()))) {
                    throw BalanceRules.dailyLimitReached(type, limit.get(), tier);
                }
            }
        }
        if (type == RequestType.WITHDRAWAL) {
            Money needed = BalanceRules.withdrawalNeed(amounts.amount(), amounts.fee());
            var r = ledger.reserve(p.accountId(), PaymentId.of(p.id()), p.reference().value(), needed);
            if (!r.ok()) {
                throw BalanceRules.insufficient(r.available().amount(), needed.currency(), needed.amount());
            }
        }
    }

    /**
     * A payout batch's withdrawals accepted together (all of one Team, stored with their ids, in the batch's order):
     * the Team tier daily limit judged per payment in order (the first one over it refuses the whole batch, naming
     * its index and reference), then every payment's {@code amount + fee} reserved at once per currency. Throws the
     * refusal; the caller rolls back, so nothing is counted or reserved then.
     */
    public void onBatchAccepted(long account, List<Payment> payments) {
        if (payments.isEmpty()) {
            return;
        }
        var limitsNow = limits.load();
        if (!limitsNow.tiers().isEmpty()) {
            int tier = limits.tierOf(account);
            var limit = limitsNow.limitFor(tier, RequestType.WITHDRAWAL);
            if (limit.isPresent()) {
                var day = payments.get(0).times().createdAt().atZone(ZoneOffset.UTC).toLocalDate();
                int refused = limits.tryCountAll(account, day, RequestType.WITHDRAWAL, payments.stream()
                        .map(p -> new TeamLimitStore.Count(p.id(), p.amounts().amountUsd())).toList(),
                        usd(limit.get()));
                if (refused >= 0) {
                    DomainError e = BalanceRules.dailyLimitReached(RequestType.WITHDRAWAL, limit.get(), tier);
                    throw new DomainError(e.kind(), e.code(), e.getMessage(), e.shape(), Map.of("index", refused,
                            "reference", payments.get(refused).references().merchantReference()));
                }
            }
        }
        Map<String, List<BalanceLedger.Hold>> byCurrency = new LinkedHashMap<>();
        Map<String, Money> totals = new LinkedHashMap<>();
        for (Payment p : payments) {
            Payment.Amounts a = p.amounts();
            Money needed = BalanceRules.withdrawalNeed(a.amount(), a.fee());
            byCurrency.computeIfAbsent(a.currency(), c -> new ArrayList<>())
                    .add(new BalanceLedger.Hold(p.id(), p.reference().value(), needed));
            totals.merge(a.currency(), needed, Money::plus);
        }
        for (var e : byCurrency.entrySet()) {
            var r = ledger.reserveAll(account, e.getKey(), e.getValue());
            if (!r.ok()) {
                throw BalanceRules.insufficient(r.available().amount(), e.getKey(), totals.get(e.getKey()).amount());
            }
        }
    }

    /**
     * A large payout batch approved before its payments exist (they are stored later by the materialiser): its Team,
     * id and reference, when it was approved, every item's USD amount and merchant reference in the batch's order, and
     * what it needs per currency (the amounts plus the fees).
     */
    public record BatchApproval(long accountId, long batchId, String batchReference, Instant approvedAt,
                                List<Money> amountsUsd, List<String> references, Map<String, Money> needed) {
    }

    /**
     * {@link #onBatchAccepted} for a batch whose payments do not exist yet: the tier daily limit judged per item in
     * order from the USD amounts (the first over it refuses, naming its index and reference) and their sum counted,
     * then the batch's total per currency reserved as ONE reservation tied to the batch. Throws the refusal; the
     * caller rolls back.
     */
    public void onBatchApproved(BatchApproval b) {
        limitFor(b.accountId()).ifPresent(judged -> {
            int refused = limits.tryCountSum(b.accountId(), day(b.approvedAt()), RequestType.WITHDRAWAL,
                    b.amountsUsd(), usd(judged.limit()));
            if (refused >= 0) {
                DomainError e = BalanceRules.dailyLimitReached(RequestType.WITHDRAWAL, judged.limit(), judged.tier());
                throw new DomainError(e.kind(), e.code(), e.getMessage(), e.shape(), Map.of("index", refused,
                        "reference", b.references().get(refused)));
            }
        });
        for (var e : b.needed().entrySet()) {
            var r = ledger.reserveBatch(io.mizani.domain.tenancy.AccountId.of(b.accountId()), b.batchId(), b.batchReference(), e.getValue());
            if (!r.ok()) {
                throw BalanceRules.insufficient(r.available().amount(), e.getKey(), e.getValue().amount());
            }
        }
    }

    /**
     * The payments of a batch approved by {@link #onBatchApproved}, just stored (in the batch's order, with their
     * ids): each recorded as counted on the approval's day (when a limit applies), and the batch's reservation moved
     * to their own reservations per currency, in the caller's transaction: the reserved balance does not change.
     */
    public void onBatchMaterialised(long account, long batchId, Instant approvedAt, List<Payment> payments) {
        limitFor(account).ifPresent(judged -> limits.counted(account, day(approvedAt), RequestType.WITHDRAWAL,
                payments.stream().map(p -> new TeamLimitStore.Count(p.id(), p.amounts().amountUsd())).toList()));
        for (var e : holds(payments).entrySet()) {
            if (!ledger.moveBatch(io.mizani.domain.tenancy.AccountId.of(account), batchId, e.getKey(), e.getValue())) {
                throw new IllegalStateException("payout batch " + batchId + " holds no open " + e.getKey()
                        + " reservation to move to its items");
            }
        }
    }

    /** A tier's withdrawal limit that applies to a Team now. */
    private record Judged(int tier, BigDecimal limit) {
    }

    private java.util.Optional<Judged> limitFor(long account) {
        var limitsNow = limits.load();
        if (limitsNow.tiers().isEmpty()) {
            return java.util.Optional.empty();
        }
        int tier = limits.tierOf(account);
        return limitsNow.limitFor(tier, RequestType.WITHDRAWAL).map(limit -> new Judged(tier, limit));
    }

    private static java.time.LocalDate day(Instant at) {
        return at.atZone(ZoneOffset.UTC).toLocalDate();
    }

    /** Every payment's amount + fee as a hold, per currency, in the payments' order. */
    private static Map<String, List<BalanceLedger.Hold>> holds(List<Payment> payments) {
        Map<String, List<BalanceLedger.Hold>> byCurrency = new LinkedHashMap<>();
        for (Payment p : payments) {
            Payment.Amounts a = p.amounts();
            byCurrency.computeIfAbsent(a.currency(), c -> new ArrayList<>())
                    .add(new BalanceLedger.Hold(p.id(), p.reference().value(), BalanceRules.withdrawalNeed(a.amount(),
                            a.fee())));
        }
        return byCurrency;
    }

    /** A tier's daily limit (configured in USD) as Money. */
    private static Money usd(BigDecimal limit) {
        return Money.of(limit, Payment.Amounts.USD);
    }

    /** Moves the money of a payment that has just become final (its transition won: runs once per payment). */
    public void onFinal(Payment p, PaymentStatus to) {
        RequestType type = p.routing().requestType();
        Payment.Amounts amounts = p.amounts();
        if (to == PaymentStatus.SUCCEEDED) {
            if (type == RequestType.PAYMENT) {
                Money credit = BalanceRules.collectionCredit(amounts.amount(), amounts.fee());
                if (credit.isPositive()) {
                    ledger.credit(p.accountId(), PaymentId.of(p.id()), p.reference().value(), credit);
                }
            } else {
                ledger.consume(p.id());
            }
        } else if (to == PaymentStatus.FAILED) {
            // the day's tier-limit count before the balance, in the order acceptance takes them (onAccepted: count,
            // then reserve): a failure taking the slot first and the count second deadlocked with an acceptance
            limits.release(p.id());
            if (type == RequestType.WITHDRAWAL) {
                ledger.release(p.id());
            }
        }
    }
}

package io.mizani.application.refund;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.application.payment.PaymentStore;
import io.mizani.domain.balance.BalanceRules;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundId;
import io.mizani.domain.refund.RefundRules;
import io.mizani.domain.tenancy.AccountId;

import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Accepts and reads refunds. Refusals in this order: body validation (the command) → the collection (unknown or
 * another merchant's: 404) → not a succeeded collection → refund_reference already used → more than the refundable
 * amount → the payment balance. The judgement of the refundable amount, the refund row, the collection's held total
 * and the balance reservation are one transaction under the lock of the collection's totals row, so concurrent
 * refunds of one collection on any number of replicas never exceed what was collected; the refund is written due for
 * processing, so a worker picks it up and nothing is lost if the service stops right after answering.
 */
public final class RefundService implements StartRefund, ReadRefunds {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    private final PaymentStore payments;
    private final RefundStore store;
    private final BalanceLedger ledger;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private RecoveryPoints recoveryPoints = RecoveryPoints.NONE;

    public RefundService(PaymentStore payments, RefundStore store, BalanceLedger ledger, UnitOfWork unitOfWork,
                         Clock clock) {
        this.payments = payments;
        this.store = store;
        this.ledger = ledger;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
    }

    /** Idempotency-Key recovery points (platform.md section 8): set once by the wiring. */
    public RefundService withRecoveryPoints(RecoveryPoints recoveryPoints) {
        this.recoveryPoints = recoveryPoints;
        return this;
    }

    @Override
    public Refund start(StartRefundCommand cmd) {
        long accountId = cmd.accountId();
        // the request's Idempotency-Key already created a refund (its request died before answering): answer it
        var recovered = recoveryPoints.committed(accountId, RecoveryPoints.REFUND)
                .flatMap(id -> unitOfWork.inTransaction(() -> store.findById(Long.parseLong(id))))
                .filter(r -> r.ids().accountId() == accountId);
        if (recovered.isPresent()) {
            return recovered.get();
        }
        Payment collection = collection(accountId, cmd.merchantReference());
        if (collection.routing().requestType() != RequestType.PAYMENT || collection.status() != PaymentStatus.SUCCEEDED) {
            throw RefundRules.notRefundable();
        }
        Money collected = collection.amounts().amount();
        String currency = collected.currency();
        Money requested = cmd.amount() == null ? null : Money.of(cmd.amount(), currency);
        String refundReference = cmd.refundReference();
        return unitOfWork.inTransaction(() -> {
            if (store.referenceTaken(accountId, refundReference)) {
                throw RefundRules.referenceUsed(refundReference);
            }
            Money held = store.lockHeld(AccountId.of(accountId), PaymentId.of(collection.id()), collected);
            Money amount = RefundRules.judge(requested, RefundRules.refundable(collected, held));
            Refund refund = store.insert(new RefundStore.NewRefund(accountId, collection.id(),
                            new Refund.References(refundReference, collection.references().merchantReference()),
                            amount, cmd.reason(), clock.instant()))
                    .orElseThrow(() -> RefundRules.referenceUsed(refundReference));
            // the last refusal, the last statement before commit: the balance slot is locked as briefly as possible
            var reservation = ledger.reserveRefund(accountId, RefundId.of(refund.id()),
                    PaymentId.of(collection.id()), refundReference, amount);
            if (!reservation.ok()) {
                throw BalanceRules.insufficient(reservation.available().amount(), currency, amount.amount());
            }
            recoveryPoints.record(accountId, RecoveryPoints.REFUND, Long.toString(refund.id()));
            return refund;
        });
    }

    @Override
    public Refund find(long accountId, String refundReference) {
        String ref = refundReference == null ? "" : refundReference.trim();
        return unitOfWork.inTransaction(() -> store.find(accountId, ref))
                .orElseThrow(() -> DomainError.notFound("refund \"" + ref + "\" does not exist"));
    }

    @Override
    public Page list(long accountId, Query q) {
        PaymentId paymentId = null;
        if (!blank(q.merchantReference())) {
            paymentId = PaymentId.of(collection(accountId, q.merchantReference().trim()).id());
        }
        int limit = DEFAULT_LIMIT;
        if (!blank(q.limit())) {
            try {
                limit = Integer.parseInt(q.limit().trim());
            } catch (NumberFormatException e) {
                limit = -1;
            }
            if (limit < 1 || limit > MAX_LIMIT) {
                throw bad("limit", "limit must be an integer from 1 to " + MAX_LIMIT);
            }
        }
        RefundStore.Cursor after = null;
        if (!blank(q.startingAfter())) {
            String ref = q.startingAfter().trim();
            after = unitOfWork.inTransaction(() -> store.cursorOf(accountId, ref))
                    .orElseThrow(() -> bad("starting_after", "starting_after \"" + ref + "\" is not a refund reference"));
        }
        PaymentId of = paymentId;
        RefundStore.Cursor from = after;
        int size = limit;
        List<Refund> rows = unitOfWork.inTransaction(() -> store.page(AccountId.of(accountId), of, from, size + 1));
        boolean more = rows.size() > limit;
        return new Page(more ? rows.subList(0, limit) : rows, more);
    }

    /** The merchant's transaction by merchant_reference; unknown or another merchant's answers 404. */
    private Payment collection(long accountId, String merchantReference) {
        return payments.findByMerchantReference(accountId, merchantReference)
                .orElseThrow(() -> DomainError.notFound("transaction \"" + merchantReference + "\" does not exist"));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static DomainError bad(String field, String message) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", message,
                DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.of(field.toLowerCase(Locale.ROOT))));
    }
}

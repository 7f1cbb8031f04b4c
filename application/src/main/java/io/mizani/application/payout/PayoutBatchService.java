package io.mizani.application.payout;

import io.mizani.application.balance.PaymentFunds;
import io.mizani.application.beneficiary.PaymentCounterparties;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.application.payment.PaymentFinaliser;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.StartPaymentCommand;
import io.mizani.application.payment.StartPaymentService;
import io.mizani.application.payment.Tokens;
import io.mizani.application.payment.TransactionView;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.common.Choice;
import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentReference;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payment.RequestType;
import io.mizani.domain.payout.PayoutBatchStatus;
import io.mizani.domain.team.Role;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.tenancy.UserId;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Payout batches (platform.md section 16).
 * <ul>
 *   <li>create: every item judged exactly as {@code POST /payments} judges a withdrawal ({@link
 *   StartPaymentService#prepare} and its payee check), plus references unique in the batch and unused by the Team;
 *   any problem refuses the whole batch with every item's errors by index; else the drafts are stored in one
 *   statement, {@code awaiting_approval};</li>
 *   <li>approve: under the batch's row lock, by another user of the Team holding owner or admin, in one transaction
 *   (a refusal leaves the batch awaiting approval with nothing reserved; a batch already approved answers as it is,
 *   reserved once). Up to {@link #MATERIALISE_IN_APPROVAL_UP_TO} items: the drafts become payments (one insert), the
 *   tier limit is judged per item in order and every item's amount + fee is reserved at once per currency ({@link
 *   PaymentFunds#onBatchAccepted}). More: the same judgements from the item facts kept in clear, each currency's total
 *   reserved as ONE reservation of the batch ({@link PaymentFunds#onBatchApproved}), the drafts left for {@link
 *   #materialiseNext}, which stores the payments and moves the reservation to them in one transaction (docs/adr/
 *   0008-batch-reservation.md);</li>
 *   <li>each item is then an ordinary withdrawal (the workers, transaction-status, callbacks to the batch's
 *   callback_url); the last one to become final completes the batch and records {@code payout_batch.completed}.</li>
 * </ul>
 */
public final class PayoutBatchService implements PayoutBatches, PaymentFinaliser.Listener {

    /** The stores a batch touches. */
    public record Stores(PayoutBatchStore batches, PaymentStore payments, PaymentCounterparties counterparties,
                         PaymentFunds funds) {
    }

    /** A user's role on a Team ({@code TeamStore::roleOf}). */
    public interface TeamRoles {
        Optional<Role> roleOf(AccountId accountId, UserId userId);
    }

    /**
     * Batches of up to this many items are materialised inside their approval's transaction (docs/payouts.md,
     * docs/adr/0008-batch-reservation.md); larger ones are reserved as one and materialised right after.
     */
    public static final int MATERIALISE_IN_APPROVAL_UP_TO = 500;

    private final StartPaymentService acceptance;
    private final Stores stores;
    private final TeamRoles roles;
    private final Events events;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final int inApprovalUpTo;

    public PayoutBatchService(StartPaymentService acceptance, Stores stores, TeamRoles roles, Events events,
                              UnitOfWork unitOfWork, Clock clock) {
        this(acceptance, stores, roles, events, unitOfWork, clock, MATERIALISE_IN_APPROVAL_UP_TO);
    }

    /** {@code inApprovalUpTo}: the largest batch materialised inside its approval's transaction. */
    public PayoutBatchService(StartPaymentService acceptance, Stores stores, TeamRoles roles, Events events,
                              UnitOfWork unitOfWork, Clock clock, int inApprovalUpTo) {
        this.acceptance = acceptance;
        this.stores = stores;
        this.roles = roles;
        this.events = events;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.inApprovalUpTo = inApprovalUpTo;
    }

    @Override
    public BatchView create(CreateBatch cmd) {
        if (!StartPaymentCommand.httpUrl(cmd.callbackUrl())) {
            throw DomainError.invalidArgument("callback_url must be an absolute http(s) URL");
        }
        long accountId = cmd.caller().accountId();
        Instant now = clock.instant();
        List<Payment> drafts = new ArrayList<>(cmd.items().size());
        List<List<String>> errors = new ArrayList<>(cmd.items().size());
        List<String> references = new ArrayList<>(cmd.items().size());
        Map<String, Integer> firstAt = new HashMap<>();
        for (int i = 0; i < cmd.items().size(); i++) {
            Item item = cmd.items().get(i);
            var problems = new ArrayList<String>(item.readErrors());
            String reference = item.paymentConfig() == null || item.paymentConfig().reference() == null ? null
                    : item.paymentConfig().reference().trim();
            references.add(reference);
            if (problems.isEmpty()) { // an item that could not even be read is not judged further
                try {
                    StartPaymentCommand withdrawal = asWithdrawal(accountId, item, cmd.callbackUrl());
                    var prepared = acceptance.checkPayee(acceptance.prepare(withdrawal),
                            withdrawal.payeeCheckPolicy());
                    var b = prepared.payee().beneficiary();
                    drafts.add(StartPaymentService.draft(accountId, prepared,
                            b == null ? null : StartPaymentService.linked(b, prepared.amounts()), now));
                } catch (DomainError refused) {
                    problems.addAll(StartPaymentCommand.messagesOf(refused));
                }
            }
            if (reference != null && !reference.isEmpty()) {
                Integer first = firstAt.putIfAbsent(reference, i);
                if (first != null) {
                    problems.add("payment_config.reference \"" + reference + "\" is repeated in this batch (first at index "
                            + first + ")");
                }
            }
            errors.add(problems);
        }
        var taken = unitOfWork.inTransaction(() -> stores.payments().merchantReferencesTaken(accountId,
                firstAt.keySet()));
        for (int i = 0; i < references.size(); i++) {
            String r = references.get(i);
            if (r != null && taken.contains(r) && firstAt.get(r) == i) {
                errors.get(i).add("payment_config.reference \"" + r + "\" has already been used");
            }
        }
        var invalid = new ArrayList<Map<String, Object>>();
        for (int i = 0; i < errors.size(); i++) {
            if (!errors.get(i).isEmpty()) {
                var entry = new LinkedHashMap<String, Object>();
                entry.put("index", i);
                entry.put("reference", references.get(i));
                entry.put("errors", List.copyOf(errors.get(i)));
                invalid.add(entry);
            }
        }
        if (!invalid.isEmpty()) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", invalid.size() + " of "
                    + cmd.items().size() + (cmd.items().size() == 1 ? " item is" : " items are")
                    + " invalid: nothing was stored", DomainError.Shape.DEFAULT, Map.of("invalid_items", invalid));
        }
        var totals = totals(drafts);
        PayoutBatchStore.Batch stored = unitOfWork.inTransaction(() -> stores.batches().create(
                new PayoutBatchStore.NewBatch(accountId, cmd.batchReference(), cmd.callbackUrl(),
                        cmd.caller().userId(), drafts, totals)));
        return new BatchView(stored, PayoutBatchStore.Counts.NONE);
    }

    @Override
    public BatchView approve(Caller caller, String batchReference) {
        return unitOfWork.inTransaction(() -> {
            PayoutBatchStore.Batch b = locked(caller, batchReference);
            if (b.people().createdBy() == caller.userId()) {
                throw forbidden("a batch must be approved by another user");
            }
            if (!roles.roleOf(AccountId.of(caller.accountId()), UserId.of(caller.userId())).map(Role::canManage)
                    .orElse(false)) {
                throw forbidden("a batch must be approved by an owner or admin of the Team");
            }
            if (b.status().approved()) {
                return view(b); // approved before: its items were reserved and queued then, once
            }
            if (!b.status().canMoveTo(PayoutBatchStatus.PROCESSING)) {
                throw DomainError.invalidArgument("payout batch \"" + b.batchReference() + "\" is "
                        + b.status().wire() + ": only a batch awaiting approval can be approved");
            }
            Instant now = clock.instant();
            PayoutBatchStore.ItemFacts facts = b.totals().itemCount() > inApprovalUpTo
                    ? stores.batches().facts(b.id()) : null;
            if (facts == null) {
                // a small batch: its payments, their reservations and limit counts, all in this transaction
                List<Payment> stored = materialise(b.id(), now, now, true);
                stores.funds().onBatchAccepted(caller.accountId(), stored);
                stores.batches().approved(b.id(), UserId.of(caller.userId()), stored.size(), now, true);
            } else {
                approveLarge(b, facts, now);
                stores.batches().approved(b.id(), UserId.of(caller.userId()), b.totals().itemCount(), now, false);
            }
            return view(stores.batches().findById(b.id()).orElseThrow());
        });
    }

    /**
     * A large batch's approval without its drafts: the tier-0 envelopes per item (under each beneficiary's row lock,
     * as for one payment), the references still unused by the Team (the first one used answers as the small path's
     * insert does), the tier limit per item in order and the total reserved per currency as one reservation. The
     * payments follow ({@link #materialiseNext}).
     */
    private void approveLarge(PayoutBatchStore.Batch b, PayoutBatchStore.ItemFacts facts, Instant now) {
        AccountId account = AccountId.of(b.accountId());
        for (int i = 0; i < facts.beneficiaries().size(); i++) {
            Long beneficiary = facts.beneficiaries().get(i);
            if (beneficiary != null) {
                stores.counterparties().reserveTier0(account, BeneficiaryId.of(beneficiary),
                        facts.currencies().get(i), facts.amountsUsd().get(i));
            }
        }
        var asked = new java.util.LinkedHashSet<>(facts.references());
        var taken = new java.util.HashSet<>(stores.payments().merchantReferencesTaken(b.accountId(), asked));
        taken.addAll(stores.batches().referencesHeld(account, b.id(), asked)); // another batch still storing them
        if (!taken.isEmpty()) {
            String first = facts.references().stream().filter(taken::contains).findFirst().orElseThrow();
            throw DomainError.invalidArgument("payment_config.reference \"" + first
                    + "\" has already been used (since the batch was created)");
        }
        Map<String, Money> needed = new LinkedHashMap<>();
        b.totals().amount().forEach((currency, amount) -> needed.put(currency, io.mizani.domain.balance.BalanceRules
                .withdrawalNeed(amount, b.totals().fees().getOrDefault(currency, Money.zero(currency)))));
        stores.funds().onBatchApproved(new PaymentFunds.BatchApproval(b.accountId(), b.id(), b.batchReference(), now,
                facts.amountsUsd(), facts.references(), needed));
    }

    /**
     * One round of the materialiser (every replica runs one): claims the approved batch longest waiting for its
     * payments, its row locked and passed over by other replicas, and in ONE transaction stores its payments
     * (accepted at the approval's time), records their limit counts and moves the batch's reservation to them. A crash
     * anywhere rolls all of it back and the batch is claimed again; a batch materialised is never claimed again.
     * Answers how many payments it stored (0: nothing waited).
     */
    public int materialiseNext() {
        long[] claimed = {0};
        try {
            return unitOfWork.inTransaction(() -> stores.batches().claimUnmaterialised().map(u -> {
                claimed[0] = u.id();
                List<Payment> stored = materialise(u.id(), u.approvedAt(), clock.instant(), false);
                stores.funds().onBatchMaterialised(u.accountId(), u.id(), u.approvedAt(), stored);
                stores.batches().materialised(u.id(), clock.instant());
                return stored.size();
            }).orElse(0));
        } catch (DomainError refused) {
            // a payment took one of the batch's references between the approval's check and its commit (the
            // database refuses such a payment once the approval is committed): nothing of the batch was stored; it is
            // tried again after a pause, and the batches approved after it go first (docs/adr/0008)
            if (claimed[0] == 0) {
                throw refused;
            }
            unitOfWork.inNewTransaction(() -> {
                stores.batches().postponeMaterialisation(claimed[0], clock.instant().plus(MATERIALISE_RETRY));
                return null;
            });
            LOG.log(java.util.logging.Level.SEVERE, "payout batch " + claimed[0] + " could not be materialised ("
                    + refused.getMessage() + "); tried again in " + MATERIALISE_RETRY);
            return 0;
        }
    }

    /** How long a batch whose materialisation was refused waits before it is tried again. */
    static final java.time.Duration MATERIALISE_RETRY = java.time.Duration.ofMinutes(1);

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(
            PayoutBatchService.class.getName());

    /**
     * The one place drafts become payments: fresh service references, accepted at {@code acceptedAt}, due at
     * {@code dueAt}, stored in one statement in the batch's order; {@code judgeTier0}: each beneficiary's tier-0
     * envelope judged here (a small batch's approval; a large one judged them at its approval).
     */
    private List<Payment> materialise(long batchId, Instant acceptedAt, Instant dueAt, boolean judgeTier0) {
        List<Payment> payments = new ArrayList<>();
        for (Payment d : stores.batches().drafts(batchId)) {
            Payment.Beneficiary ben = d.beneficiary();
            if (ben != null && judgeTier0) {
                // the tier-0 envelope, judged and counted under the beneficiary's row lock as for one payment
                stores.counterparties().reserveTier0(d.accountId(), BeneficiaryId.of(ben.id()),
                        d.amounts().currency(), d.amounts().amountUsd());
            }
            var references = new Payment.References(PaymentReference.of(Tokens.paymentReference()),
                    d.references().merchantReference(), null);
            payments.add(Payment.accepted(d.accountId(), references, d.routing(), d.amounts(), ben, d.customer(),
                    d.instructions(), acceptedAt));
        }
        return stores.payments().insertAll(payments, dueAt, batchId);
    }

    @Override
    public BatchView cancel(Caller caller, String batchReference) {
        return unitOfWork.inTransaction(() -> {
            PayoutBatchStore.Batch b = locked(caller, batchReference);
            boolean creator = b.people().createdBy() == caller.userId();
            if (!creator && !roles.roleOf(AccountId.of(caller.accountId()), UserId.of(caller.userId()))
                    .map(Role::canManage).orElse(false)) {
                throw forbidden("a batch may be cancelled by its creator or an owner or admin of the Team");
            }
            if (b.status() == PayoutBatchStatus.CANCELLED) {
                return view(b);
            }
            if (!b.status().canMoveTo(PayoutBatchStatus.CANCELLED)) {
                throw DomainError.invalidArgument("payout batch \"" + b.batchReference() + "\" is "
                        + b.status().wire() + ": only a batch awaiting approval can be cancelled");
            }
            stores.batches().cancelled(b.id(), clock.instant());
            return view(stores.batches().findById(b.id()).orElseThrow());
        });
    }

    @Override
    public BatchView get(Caller caller, String batchReference) {
        return unitOfWork.inTransaction(() -> view(found(caller, batchReference)));
    }

    @Override
    public java.util.Optional<BatchView> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
        return unitOfWork.inTransaction(() -> stores.batches().ofPayment(accountId, paymentId).map(this::view));
    }

    @Override
    public ItemPage items(ItemQuery q) {
        PaymentStatus status = q.parsedStatus().orElse(null);
        int limit = q.parsedLimit();
        String after = q.startingAfter() == null || q.startingAfter().isBlank() ? null : q.startingAfter().trim();
        return unitOfWork.inTransaction(() -> {
            PayoutBatchStore.Batch b = found(q.caller(), q.batchReference());
            List<Payment> page = stores.batches().items(b.id(), status, limit + 1, after);
            boolean more = page.size() > limit;
            return new ItemPage(page.stream().limit(limit).map(TransactionView::of).toList(), more);
        });
    }

    /**
     * A payment just became final: counts its batch down and, with the last item, records the completion event. A
     * batch's items are payouts ({@link #asWithdrawal}), so a collection has no batch to count down and costs no
     * statement here (bench/payment-life.sh: one statement less in every collection's life).
     */
    @Override
    public void finished(Payment payment, PaymentStatus status, Instant at) {
        if (payment.routing().requestType() != RequestType.WITHDRAWAL) {
            return;
        }
        stores.batches().itemFinal(payment.id(), at).ifPresent(batchId -> {
            PayoutBatchStore.Batch b = stores.batches().findById(batchId).orElseThrow();
            events.record(b.accountId(), EventTypes.PAYOUT_BATCH_COMPLETED, Map.of("batch", view(b).asMap()));
        });
    }

    private static StartPaymentCommand asWithdrawal(long accountId, Item item, String callbackUrl) {
        var o = item.order() == null ? new StartPaymentCommand.Order(null, null, null, null, null, null, null)
                : item.order();
        var pay = item.paymentConfig() == null ? null : new StartPaymentCommand.PaymentConfig(
                item.paymentConfig().reference(), item.paymentConfig().accountNumber(), item.paymentConfig().remark(),
                item.paymentConfig().paymentCategory(), callbackUrl, null, item.paymentConfig().payeeCheck());
        return new StartPaymentCommand(accountId, new StartPaymentCommand.Order(Choice.of(RequestType.WITHDRAWAL),
                o.transactionChannel(),
                o.provider(), o.amount(), o.currency(), o.country(), o.reason()), item.customer(),
                item.providerConfig(), pay);
    }

    private static PayoutBatchStore.Totals totals(List<Payment> drafts) {
        Map<String, Money> amount = new LinkedHashMap<>();
        Map<String, Money> fees = new LinkedHashMap<>();
        for (Payment d : drafts) {
            amount.merge(d.amounts().currency(), d.amounts().amount(), Money::plus);
            fees.merge(d.amounts().currency(), d.amounts().fee(), Money::plus);
        }
        return new PayoutBatchStore.Totals(drafts.size(), amount, fees);
    }

    private BatchView view(PayoutBatchStore.Batch b) {
        return new BatchView(b, b.status().approved() ? stores.batches().counts(b.id()) : PayoutBatchStore.Counts.NONE);
    }

    private PayoutBatchStore.Batch found(Caller caller, String batchReference) {
        return stores.batches().find(caller.accountId(), batchReference == null ? "" : batchReference)
                .orElseThrow(() -> notFound(batchReference));
    }

    private PayoutBatchStore.Batch locked(Caller caller, String batchReference) {
        return stores.batches().lock(caller.accountId(), batchReference == null ? "" : batchReference)
                .orElseThrow(() -> notFound(batchReference));
    }

    private static DomainError notFound(String batchReference) {
        return DomainError.notFound("payout batch \"" + batchReference + "\" does not exist");
    }

    private static DomainError forbidden(String message) {
        return new DomainError(DomainError.Kind.FORBIDDEN, "forbidden", message);
    }
}

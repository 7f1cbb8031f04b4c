package io.mizani.application.payout;

import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Payment;
import io.mizani.domain.payment.PaymentStatus;
import io.mizani.domain.payout.PayoutBatchStatus;
import io.mizani.domain.tenancy.UserId;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Output port: payout batches (platform.md section 16). A batch awaiting approval keeps its validated items as
 * payment drafts (sealed: they hold account numbers and phones); at approval they become payments of the batch.
 * Every method runs inside the caller's transaction.
 */
public interface PayoutBatchStore {

    /** How many items and how much per currency: the amounts and the fees, each keyed by its own currency. */
    record Totals(int itemCount, Map<String, Money> amount, Map<String, Money> fees) {
        public Totals {
            for (Map<String, Money> perCurrency : List.of(amount, fees)) {
                perCurrency.forEach((currency, money) -> {
                    if (!currency.equals(money.currency())) {
                        throw new IllegalArgumentException("a total under " + currency + " is in " + money.currency());
                    }
                });
            }
        }
    }

    /** Who created the batch and who approved it (null until approved); user ids. */
    record People(long createdBy, Long approvedBy) {
    }

    /** A batch as stored. */
    record Batch(long id, long accountId, String batchReference, PayoutBatchStatus status, Totals totals,
                 People people, Instant createdAt) {
    }

    /** A batch to store: its Team, reference, callback URL, creator and the validated items in order. */
    record NewBatch(long accountId, String batchReference, String callbackUrl, long createdBy, List<Payment> drafts,
                    Totals totals) {
    }

    /** The batch's items (payments) per status. */
    record Counts(int queued, int pending, int succeeded, int failed) {

        public static final Counts NONE = new Counts(0, 0, 0, 0);
    }

    /** Stores the batch {@code awaiting_approval}; a batch_reference the Team used before is refused (400). */
    Batch create(NewBatch batch);

    Optional<Batch> find(long accountId, String batchReference);

    /** {@link #find} with the batch's row locked ({@code FOR UPDATE}) until the transaction ends. */
    Optional<Batch> lock(long accountId, String batchReference);

    Optional<Batch> findById(long id);

    /** The batch one of the Team's payments (its row id) was paid out in; empty for a payment of no batch. */
    Optional<Batch> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId);

    /** The drafts stored with a batch awaiting approval, in the batch's order. */
    List<Payment> drafts(long batchId);

    /**
     * What approval judges of each item, in the batch's order, kept in clear when the batch is created (none of it is
     * an identifier) so a large batch is approved without opening its drafts: the amount in USD (the tier limit), the
     * currency and the beneficiary's id or null (the tier-0 envelope), the merchant's reference.
     */
    record ItemFacts(List<Money> amountsUsd, List<String> currencies, List<Long> beneficiaries,
                     List<String> references) {
    }

    /** The item facts stored with the batch ({@link ItemFacts}); null for a batch stored before they were kept. */
    ItemFacts facts(long batchId);

    /**
     * awaiting_approval → processing by {@code userId}, with {@code openItems} items not final yet. {@code
     * materialised}: its payments were stored in this transaction (the drafts are dropped); else the drafts stay
     * until {@link #materialised}.
     */
    void approved(long batchId, UserId userId, int openItems, Instant at, boolean materialised);

    /** An approved batch whose drafts are still to become payments: its id, Team, reference and approval time. */
    record Unmaterialised(long id, long accountId, String batchReference, Instant approvedAt) {
    }

    /**
     * The approved batch longest waiting for materialisation, its row locked ({@code FOR UPDATE SKIP LOCKED}: a batch
     * another replica is materialising is passed over) until the transaction ends; empty when none waits.
     */
    Optional<Unmaterialised> claimUnmaterialised();

    /**
     * A claimed batch whose materialisation failed is not claimed again before {@code until} (in a transaction of
     * its own, after the failed one rolled back), so batches approved after it are not held up behind it.
     */
    void postponeMaterialisation(long batchId, Instant until);

    /**
     * Which of {@code references} another approved batch of the Team holds while its payments are still to be
     * stored (they are taken, as a payment's are).
     */
    java.util.Set<String> referencesHeld(io.mizani.domain.tenancy.AccountId accountId, long exceptBatchId,
                                         java.util.Collection<String> references);

    /** The batch's payments are stored: its drafts are dropped (inside the claim's transaction). */
    void materialised(long batchId, Instant at);

    /** awaiting_approval → cancelled; drops the drafts. */
    void cancelled(long batchId, Instant at);

    /** The batch's items by status; items of an approved batch not yet materialised count as queued. */
    Counts counts(long batchId);

    /**
     * Up to {@code limit} of the batch's payments in the batch's order, after the one with service reference
     * {@code startingAfter} when given, only those in {@code status} when given.
     */
    List<Payment> items(long batchId, PaymentStatus status, int limit, String startingAfter);

    /**
     * One payment just became final (inside its finalising transaction): when it belongs to a batch, the batch's count
     * of open items goes down by one (one conditional statement on the batch's row), and the batch becomes
     * {@code completed} with the last. Answers the batch's id when this payment completed it.
     */
    Optional<Long> itemFinal(long paymentId, Instant at);
}

package io.mizani.application.payment;

import io.mizani.application.common.HandOffQueue;
import io.mizani.domain.payment.Payment;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * New payments handed straight to this replica's payment worker, so that a new payment's claim is never written: the
 * acceptance inserts it already leased to the worker ({@link PaymentStore#insertLeased}), and once it has committed
 * hands it over here; the worker's next round (back to back with the last while there is work, else after its poll
 * pause, as before) takes it with the payments it claims ({@link ProcessPayments#runOnce}). The claim it saves was a
 * non-HOT update of the payment row with its nine index entries, priced at 105 us of PostgreSQL's 1,069 us per
 * payment's life on pgbench (docs/performance.md). The worker is not woken for a payment handed over: rounds woken for
 * each one were smaller, and a payment's life took 1.42-1.50 transactions against 1.31-1.35 (bench/payment-life.sh).
 * <p>
 * At most {@code capacity} payments wait here (a round's batch), and a round takes at most half a batch of them, so
 * that its claim always has room for the payments due again and for other merchants' (the claim is fair between
 * merchants; the hand-off is first come, first served). A payment accepted while the worker has {@code capacity}
 * waiting is inserted due, as before, and claimed like any other: a backlog is shared out by the claim, as it was. A
 * payment handed over and never taken (the replica stopped or died) is due again when its lease ends, and another
 * worker then only queries it, as it queries a claimed payment whose worker died; a handed payment taken with three
 * quarters of its lease gone is given back untouched, as a claimed one is ({@link ProcessPayments}).
 */
public final class PaymentHandOff {

    /** No hand-off: every payment is inserted due and claimed (a replica whose workers are off). */
    public static final PaymentHandOff OFF = new PaymentHandOff("-", Duration.ZERO, 0);

    /** A payment handed over, and when its lease ends. */
    public record Handed(Payment payment, Instant leaseEnd) {
    }

    private final String worker;
    private final Duration lease;
    private final HandOffQueue<Handed> waiting;

    /** A new worker's identity, as {@code claimed_by} stores it. */
    public static String newWorker() {
        return "w_" + java.util.UUID.randomUUID();
    }

    /** For {@code worker}'s payments, each leased for {@code lease}, at most {@code capacity} waiting. */
    public PaymentHandOff(String worker, Duration lease, int capacity) {
        this.worker = worker;
        this.lease = lease;
        this.waiting = new HandOffQueue<>(capacity);
    }

    /**
     * The lease to insert a new payment under, accepted at {@code now}; empty when hand-offs are off or the worker
     * has {@code capacity} payments waiting already (the payment is then inserted due, for any worker to claim).
     */
    public Optional<PaymentStore.Lease> lease(Instant now) {
        return waiting.hasRoom() ? Optional.of(new PaymentStore.Lease(worker, now.plus(lease))) : Optional.empty();
    }

    /** A payment inserted under {@code lease} has committed: the worker's next round takes it. */
    public void handOver(Payment payment, PaymentStore.Lease lease) {
        waiting.add(new Handed(payment, lease.until()));
    }

    /** Up to {@code max} payments handed over, oldest first; each is the caller's from then on. */
    public List<Handed> take(int max) {
        return waiting.take(max);
    }

    /** The worker the payments are leased to. */
    public String worker() {
        return worker;
    }

    /** How many wait. */
    public int waiting() {
        return waiting.waiting();
    }
}

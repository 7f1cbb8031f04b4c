package io.mizani.application.payment;

import io.mizani.application.common.HandOffQueue;
import io.mizani.domain.payment.Payment;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * New payments handed straight to this replica's payment worker, so that a new payment's claim is never written: the
 * acceptance inserts it already leased to the worker ({@link PaymentStore#insertLeased}), and once it has committed
 * hands it over here; the worker's next round (back to back with the last while there is work, else after its poll
 * pause, as before) takes it with the payments it claims ({@link ProcessPayments#runOnce}). The claim it saves was a
 * non-HOT update of the payment row with its nine index entries, priced at 105 us of PostgreSQL's 1,069 us per
 * payment's life on pgbench (docs/performance.md). The worker is not woken for a payment handed over: rounds woken for
 * each one were smaller, and a payment's life took 1.42-1.50 transactions against 1.31-1.35 (bench/payment-life.sh).
 * <p>
 * At most {@code capacity} payments wait here, taken fairly between merchants as the claim takes them (one of each
 * merchant in turn, each merchant's oldest first: {@link HandOffQueue}), and a round takes at most three quarters of a
 * batch from memory (the kept payments below first, then these), so that its claim always has room for the payments
 * due from elsewhere. A payment accepted while the worker has {@code capacity} waiting is inserted due, as before, and
 * claimed like any other. A payment handed over and never taken (the replica
 * stopped or died) is due again when its lease ends, and another worker then only queries it, as it queries a claimed
 * payment whose worker died; a handed payment taken with three quarters of its lease gone is given back untouched, as
 * a claimed one is ({@link ProcessPayments}).
 * <p>
 * The worker also keeps here the payments it looked at whose next look is due soon (within a quarter of the lease,
 * {@link #keeps}): their look is written with the lease kept to the next look's time plus a lease, as a claim at that
 * time would leave the row ({@link PaymentStore#recordLooks(List, String, PaymentStore.KeepLeases)}), and a round from that
 * time on takes them again ({@link #takeDue}), so the claim to ask about a payment is not written either (priced at
 * 153 us of PostgreSQL's 900 us per life on pgbench, bench/levers.sh {@code ask-claim}). The same rules hold: at most
 * {@code keptCapacity} kept (the rest released and claimed, as before), one taken late is given back, one never taken
 * (replica gone) is due when its kept lease ends and is then only queried.
 */
public final class PaymentHandOff {

    /** No hand-off: every payment is inserted due and claimed (a replica whose workers are off). */
    public static final PaymentHandOff OFF = new PaymentHandOff("-", Duration.ZERO, 0, 0);

    /** A payment handed over, and when its lease ends. */
    public record Handed(Payment payment, Instant leaseEnd) {
    }

    private final String worker;
    private final Duration lease;
    private final HandOffQueue<Handed> waiting;
    private final int keptCapacity;
    /** The kept payments, soonest next look first (the worker's rounds, possibly several threads). */
    private final PriorityQueue<Kept> kept = new PriorityQueue<>(Comparator.comparing(Kept::due));

    /** A payment kept for its next look at {@code due}, leased to the worker until {@code leaseEnd}. */
    public record Kept(Payment payment, Instant due, Instant leaseEnd) {
    }

    /** A new worker's identity, as {@code claimed_by} stores it. */
    public static String newWorker() {
        return "w_" + java.util.UUID.randomUUID();
    }

    /**
     * For {@code worker}'s payments, each leased for {@code lease}, at most {@code capacity} new ones waiting and at
     * most {@code keptCapacity} kept for their next look.
     */
    public PaymentHandOff(String worker, Duration lease, int capacity, int keptCapacity) {
        this.worker = worker;
        this.lease = lease;
        this.waiting = new HandOffQueue<>(capacity, h -> h.payment().accountId()); // fair between merchants
        this.keptCapacity = keptCapacity;
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

    /**
     * Whether a payment looked at {@code at}, next due at {@code nextLook}, is kept rather than released: hand-offs
     * on, the next look within a quarter of the lease (a payment looked at again later than that is left to the claim,
     * as is one a provider notice would more likely settle first), and room. {@code reserved}: payments the caller
     * decided to keep already and has not yet {@link #keep}-ed.
     */
    public boolean keeps(Instant at, Instant nextLook, int reserved) {
        if (keptCapacity == 0 || nextLook == null || Duration.between(at, nextLook).compareTo(lease.dividedBy(4)) > 0) {
            return false;
        }
        synchronized (kept) {
            return kept.size() + reserved < keptCapacity;
        }
    }

    /** A payment whose look wrote it kept until {@code leaseEnd} (committed): a round from {@code due} on takes it. */
    public void keep(Payment payment, Instant due, Instant leaseEnd) {
        synchronized (kept) {
            kept.add(new Kept(payment, due, leaseEnd));
        }
    }

    /** Up to {@code max} kept payments due by {@code now}, soonest first; each is the caller's from then on. */
    public List<Kept> takeDue(Instant now, int max) {
        List<Kept> out = new ArrayList<>();
        synchronized (kept) {
            while (out.size() < max && !kept.isEmpty() && !kept.peek().due().isAfter(now)) {
                out.add(kept.poll());
            }
        }
        return out;
    }

    /** How many are kept. */
    public int kept() {
        synchronized (kept) {
            return kept.size();
        }
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

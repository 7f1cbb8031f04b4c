package io.mizani.application.payment;

import io.mizani.application.common.HandOffQueue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A payment's callback handed straight to this replica's callback worker, so that its claim is never written: the
 * final write inserts it with its first attempt already a lease ahead ({@link CallbackOutbox#enqueueLeased}, the state
 * a claim would leave it in), and once that transaction has committed it is handed over here; the worker's next round
 * takes it with the callbacks it claims ({@link DeliverCallbacks#runOnce}). The claim it saves was a non-HOT update of
 * the event row with its seven index entries (docs/performance.md).
 * <p>
 * As {@link PaymentHandOff}: at most {@code capacity} wait (a round's batch; a callback written while that many wait
 * is inserted due and claimed), a round takes at most half a batch of them, the worker is not woken for one. A callback
 * handed over and never sent (the replica stopped or died) is due when its lease ends, and any replica's worker sends
 * it then, as it sends a claimed callback whose worker died; one taken with half its lease gone is left to that claim,
 * so that it is never sent by two workers at once.
 */
public final class CallbackHandOff {

    /** No hand-off: every callback is inserted due and claimed. */
    public static final CallbackHandOff OFF = new CallbackHandOff(Duration.ZERO, 0);

    /** A callback handed over, and when its lease ends. */
    public record Handed(CallbackOutbox.DueCallback callback, Instant leaseEnd) {
    }

    private final Duration lease;
    private final HandOffQueue<Handed> waiting;

    /** Each callback leased for {@code lease} (the callback worker's), at most {@code capacity} waiting. */
    public CallbackHandOff(Duration lease, int capacity) {
        this.lease = lease;
        this.waiting = new HandOffQueue<>(capacity);
    }

    /** When the first attempt of a callback written at {@code now} is due, when there is room; else empty. */
    public Optional<Instant> lease(Instant now) {
        return waiting.hasRoom() ? Optional.of(now.plus(lease)) : Optional.empty();
    }

    /** A callback written with its first attempt at {@code leaseEnd} has committed: the next round sends it. */
    public void handOver(CallbackOutbox.DueCallback callback, Instant leaseEnd) {
        waiting.add(new Handed(callback, leaseEnd));
    }

    /** Up to {@code max} callbacks handed over, oldest first; each is the caller's from then on. */
    public List<Handed> take(int max) {
        return waiting.take(max);
    }

    /** How long a callback is held ahead. */
    public Duration lease() {
        return lease;
    }

    /** How many wait. */
    public int waiting() {
        return waiting.waiting();
    }
}

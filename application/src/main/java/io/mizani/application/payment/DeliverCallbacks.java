package io.mizani.application.payment;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.payment.RetrySchedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The callback outbox worker: claims due callbacks ({@code FOR UPDATE SKIP LOCKED}), sends them in parallel
 * outside any transaction, signed with the merchant's current secret and a fresh timestamp but always the same
 * {@code webhook-id} and body, then records the attempt and either marks the callback delivered or schedules
 * the next attempt with exponential back-off. After the last attempt it is marked dead.
 * A 410 Gone answer stops retries (Standard Webhooks: the endpoint is gone). A callback with an attempt limit (a
 * redelivery, a test event) gives up once that many attempts are made. Every attempt is logged at INFO with the
 * event id, the URL's host, the answer and the duration: never the body, the signature or the secret.
 */
public final class DeliverCallbacks {

    private static final System.Logger LOG = System.getLogger(DeliverCallbacks.class.getName());

    private final CallbackOutbox outbox;
    private final CallbackSender sender;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final RetrySchedule schedule;
    private final Duration lease;
    private final int batchSize;
    private final Executor executor;
    private volatile CallbackHandOff handOff = CallbackHandOff.OFF;

    public DeliverCallbacks(CallbackOutbox outbox, CallbackSender sender, UnitOfWork unitOfWork, Clock clock,
                            RetrySchedule schedule, Duration lease, int batchSize, Executor executor) {
        this.outbox = outbox;
        this.sender = sender;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.schedule = schedule;
        this.lease = lease;
        this.batchSize = batchSize;
        this.executor = executor;
    }

    /** Takes the callbacks this replica's final writes hand over ({@link CallbackHandOff}): set once by the wiring. */
    public DeliverCallbacks withHandOff(CallbackHandOff handOff) {
        this.handOff = handOff;
        return this;
    }

    /**
     * Takes the callbacks handed over ({@link CallbackHandOff}) and claims due callbacks, sends them in parallel, then
     * records the round's attempts together in one transaction ({@link CallbackOutbox#recordAndSettleAll}). Should
     * that fail, each is recorded on its own, so that one callback's record that cannot be written does not stop the
     * others'; one that is still not recorded is sent again once its claim's lease runs out (receivers dedupe on
     * webhook-id, as Standard Webhooks asks).
     */
    public int runOnce() {
        // the callbacks handed over by this replica's final writes first, at most half a round, then claimed
        List<CallbackOutbox.DueCallback> due = new ArrayList<>();
        Instant now = clock.instant();
        for (CallbackHandOff.Handed h : handOff.take(Math.max(1, batchSize / 2))) {
            // one with half its lease gone is left to the claim once the lease ends: never sent by two workers at once
            if (now.isBefore(h.leaseEnd().minus(handOff.lease().dividedBy(2)))) {
                due.add(h.callback());
            }
        }
        int room = batchSize - due.size();
        if (room > 0) {
            due.addAll(unitOfWork.inTransaction(() -> outbox.claimDue(clock.instant(), lease, room)));
        }
        List<CompletableFuture<CallbackOutbox.Settlement>> sending = due.stream()
                .map(c -> CompletableFuture.supplyAsync(() -> attemptSafely(c), executor))
                .toList();
        List<CallbackOutbox.Settlement> made = new ArrayList<>();
        for (CompletableFuture<CallbackOutbox.Settlement> s : sending) {
            CallbackOutbox.Settlement settlement = s.join();
            if (settlement != null) {
                made.add(settlement);
            }
        }
        if (made.isEmpty()) {
            return due.size();
        }
        // in event order, so that two workers' rounds never wait on each other's rows in a cycle
        made.sort(Comparator.comparingLong(m -> m.attempt().callbackId()));
        try {
            unitOfWork.run(() -> outbox.recordAndSettleAll(made));
        } catch (RuntimeException e) {
            for (CallbackOutbox.Settlement one : made) {
                recordSafely(one);
            }
        }
        return due.size();
    }

    private CallbackOutbox.Settlement attemptSafely(CallbackOutbox.DueCallback c) {
        try {
            return attempt(c);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "callback " + c.message().webhookId() + " attempt failed; it will be retried", e);
            return null;
        }
    }

    private void recordSafely(CallbackOutbox.Settlement s) {
        try {
            unitOfWork.run(() -> outbox.recordAndSettle(s.attempt(), s.next(), s.at(), s.nextAttemptAt()));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "callback " + s.attempt().callbackId()
                    + " attempt not recorded; it will be retried", e);
        }
    }

    /** One attempt of a callback this caller holds (claimed, or written with its next attempt leased ahead). */
    public void deliver(CallbackOutbox.DueCallback c) {
        CallbackOutbox.Settlement s = attempt(c);
        unitOfWork.run(() -> outbox.recordAndSettle(s.attempt(), s.next(), s.at(), s.nextAttemptAt()));
    }

    /** Sends the callback once and says what to record: the attempt and what it leaves the callback as. */
    private CallbackOutbox.Settlement attempt(CallbackOutbox.DueCallback c) {
        Instant started = clock.instant();
        CallbackOutbox.Message m = c.message();
        CallbackOutbox.Delivery to = c.delivery();
        CallbackSender.Delivery delivery;
        if (to.secret() == null || to.secret().isBlank()) {
            delivery = new CallbackSender.Delivery(null, "account has no webhook secret");
        } else {
            try {
                delivery = sender.send(to.url(), m.webhookId(), started.getEpochSecond(), m.body(), to.secret());
            } catch (RuntimeException e) {
                delivery = new CallbackSender.Delivery(null, e.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        Instant finished = clock.instant();
        long durationMs = Duration.between(started, finished).toMillis();
        int attemptNo = to.attempts() + 1;
        CallbackSender.Delivery d = new CallbackSender.Delivery(delivery.statusCode(), shortError(delivery.error()));
        LOG.log(System.Logger.Level.INFO, () -> "event " + m.webhookId() + " attempt " + attemptNo + " to "
                + host(to.url()) + ": " + (d.statusCode() == null ? "no answer (" + errorKind(d.error()) + ")" : d.statusCode())
                + " in " + durationMs + " ms");
        CallbackOutbox.Next next;
        if (d.delivered()) {
            next = CallbackOutbox.Next.DELIVERED;
        } else if (schedule.exhausted(attemptNo) || Integer.valueOf(410).equals(d.statusCode())
                || (to.attemptLimit() != null && attemptNo >= to.attemptLimit())) {
            next = CallbackOutbox.Next.DEAD;
        } else {
            next = CallbackOutbox.Next.RETRY;
        }
        Instant retryAt = next == CallbackOutbox.Next.RETRY ? finished.plus(schedule.delayAfter(attemptNo)) : null;
        return new CallbackOutbox.Settlement(new CallbackOutbox.Attempt(c.id(), attemptNo, started,
                d.statusCode(), d.error(), durationMs), next, finished, retryAt);
    }

    /** Errors are kept short: the exception's class and first words, never a body. */
    static String shortError(String error) {
        if (error == null) {
            return null;
        }
        String oneLine = error.replaceAll("\\s+", " ").trim();
        return oneLine.length() <= 200 ? oneLine : oneLine.substring(0, 200);
    }

    /** What the log says of an error: its kind only (the text before ':'), as a message may quote the URL. */
    static String errorKind(String error) {
        if (error == null) {
            return "unknown";
        }
        int colon = error.indexOf(':');
        return colon < 0 ? error : error.substring(0, colon);
    }

    static String host(String url) {
        try {
            String host = java.net.URI.create(url).getHost();
            return host == null ? "?" : host;
        } catch (RuntimeException e) {
            return "?";
        }
    }
}

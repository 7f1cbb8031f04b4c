package io.mizani.application.events;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.application.payment.DeliverCallbacks;
import io.mizani.application.payment.Tokens;
import io.mizani.domain.error.DomainError;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The merchant's view of its events and its webhook endpoint. Everything reads the event store, the rows the
 * delivery worker works on: what is listed is what was sent, and what a redelivery sends.
 */
public final class EventService implements EventHistory, RedeliverEvent, WebhookEndpointSettings, SendTestEvent {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;
    public static final int MAX_URL_LENGTH = 2048;

    private final EventStore store;
    private final WebhookEndpoints endpoints;
    private final DeliverCallbacks delivery;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final Duration lease;

    /** {@code lease}: how long a test event is held away from the worker while it is sent here (over the timeout). */
    public EventService(EventStore store, WebhookEndpoints endpoints, DeliverCallbacks delivery, UnitOfWork unitOfWork,
                        Clock clock, Duration lease) {
        this.store = store;
        this.endpoints = endpoints;
        this.delivery = delivery;
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.lease = lease;
    }

    @Override
    public List<StoredEvent> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
        return unitOfWork.inTransaction(() -> store.ofPayment(accountId, paymentId));
    }

    @Override
    public EventPage list(long accountId, String type, String limit, String startingAfter) {
        String typeFilter = blank(type) ? null : type.trim();
        if (typeFilter != null && !EventTypes.known(typeFilter)) {
            throw DomainError.invalidArgument("type must be one of " + String.join(", ", EventTypes.ALL));
        }
        int max = parseLimit(limit);
        StoredEvent after = null;
        if (!blank(startingAfter)) {
            after = store.find(accountId, startingAfter.trim()).orElseThrow(() -> DomainError.invalidArgument(
                    "starting_after: no event " + startingAfter.trim()));
        }
        List<StoredEvent> rows = store.list(accountId, typeFilter, after, max + 1);
        boolean more = rows.size() > max;
        return new EventPage(more ? rows.subList(0, max) : rows, more);
    }

    @Override
    public EventDetail detail(long accountId, String id) {
        StoredEvent e = store.find(accountId, id).orElseThrow(() -> notFound(id));
        return new EventDetail(e, store.attempts(e.rowId()));
    }

    @Override
    public DeliveryState redeliver(long accountId, String id) {
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            StoredEvent e = store.lock(accountId, id).orElseThrow(() -> notFound(id));
            String url = e.delivery().url();
            if (e.toEndpoint()) {
                // the endpoint as it is now: redelivering is how a merchant who fixed the URL gets what it missed
                url = endpoints.find(accountId).orElseThrow(() -> DomainError.invalidArgument(
                        "no webhook endpoint is set: PUT /api/global/webhooks/endpoint first"));
            }
            boolean inProgress = e.delivery().status() == DeliveryStatus.PENDING;
            Integer limit = inProgress ? e.attemptLimit() : Integer.valueOf(e.delivery().attempts() + 1);
            store.requeue(e.rowId(), url, now, limit);
            return store.find(accountId, id).orElseThrow().delivery();
        });
    }

    @Override
    public Optional<String> endpoint(long accountId) {
        return endpoints.find(accountId);
    }

    @Override
    public String setEndpoint(long accountId, String url) {
        String valid = validUrl(url);
        Instant now = clock.instant();
        unitOfWork.run(() -> {
            endpoints.save(accountId, valid, now);
            store.redirectPending(accountId, valid);
        });
        return valid;
    }

    @Override
    public StoredEvent sendTest(long accountId) {
        Instant now = clock.instant();
        String id = Tokens.webhookId();
        CallbackOutbox.DueCallback due = unitOfWork.inTransaction(() -> {
            String url = endpoints.find(accountId).orElseThrow(() -> DomainError.invalidArgument(
                    "no webhook endpoint is set: PUT /api/global/webhooks/endpoint first"));
            // held away from the worker (next attempt a lease ahead) and allowed one attempt: the one made here
            store.append(new EventStore.NewEvent(accountId, null, id, EventTypes.WEBHOOK_TEST, url,
                    EventLog.body(EventTypes.WEBHOOK_TEST, now, Map.of()), now, now.plus(lease), 1));
            return store.find(accountId, id).flatMap(e -> store.due(e.rowId())).orElseThrow();
        });
        delivery.deliver(due);
        return store.find(accountId, id).orElseThrow();
    }

    static String validUrl(String url) {
        if (blank(url)) {
            throw DomainError.invalidArgument("url is required");
        }
        String u = url.trim();
        if (u.length() > MAX_URL_LENGTH) {
            throw DomainError.invalidArgument("url must be at most " + MAX_URL_LENGTH + " characters");
        }
        try {
            URI uri = new URI(u);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null && !uri.getHost().isBlank()
                    && uri.getRawUserInfo() == null && uri.getRawFragment() == null) {
                return u;
            }
        } catch (URISyntaxException e) {
            // falls through
        }
        throw DomainError.invalidArgument("url must be an absolute http or https URL");
    }

    private static int parseLimit(String limit) {
        if (blank(limit)) {
            return DEFAULT_LIMIT;
        }
        try {
            int n = Integer.parseInt(limit.trim());
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // falls through
        }
        throw DomainError.invalidArgument("limit must be an integer between 1 and " + MAX_LIMIT);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static DomainError notFound(String id) {
        return DomainError.notFound("event " + id + " not found");
    }
}

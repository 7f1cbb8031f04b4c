package io.mizani.application.events;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.CallbackOutbox;
import io.mizani.domain.error.DomainError;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class EventServiceTest {

    static final Instant NOW = Instant.parse("2026-11-23T03:00:00Z");

    /** In-memory event store: rows by row id; the delivery block kept as the real store computes it. */
    static final class Store implements EventStore, WebhookEndpoints {
        final Map<Long, StoredEvent> rows = new LinkedHashMap<>();
        final Map<Long, String> bodies = new HashMap<>();
        final Map<Long, String> endpoints = new HashMap<>();
        long seq;

        @Override
        public void append(NewEvent e) {
            long id = ++seq;
            boolean sendable = e.url() != null;
            rows.put(id, new StoredEvent(id, e.accountId(), e.id(), e.type(), e.createdAt(), "{}", e.attemptLimit(),
                    new DeliveryState(e.url(), sendable ? DeliveryStatus.PENDING : DeliveryStatus.NO_ENDPOINT, 0, null,
                            sendable ? e.nextAttemptAt() : null, null)));
            bodies.put(id, e.body());
        }

        void set(long rowId, String status, int attempts) {
            StoredEvent e = rows.get(rowId);
            DeliveryState d = e.delivery();
            rows.put(rowId, new StoredEvent(rowId, e.accountId(), e.id(), e.type(), e.createdAt(), e.dataJson(),
                    e.attemptLimit(), new DeliveryState(d.url(), DeliveryStatus.fromWire(status), attempts, NOW, null, 200)));
        }

        @Override
        public List<StoredEvent> list(long accountId, String type, StoredEvent after, int limit) {
            Comparator<StoredEvent> newestFirst = Comparator.comparing(StoredEvent::createdAt)
                    .thenComparing(StoredEvent::rowId).reversed();
            return rows.values().stream().filter(e -> e.accountId() == accountId)
                    .filter(e -> type == null || e.type().equals(type))
                    .filter(e -> after == null || newestFirst.compare(e, after) > 0)
                    .sorted(newestFirst).limit(limit).toList();
        }

        @Override
        public List<StoredEvent> ofPayment(io.mizani.domain.tenancy.AccountId accountId, io.mizani.domain.payment.PaymentId paymentId) {
            return List.of(); // this store keeps no payment ids
        }

        @Override
        public Optional<StoredEvent> find(long accountId, String id) {
            return rows.values().stream().filter(e -> e.accountId() == accountId && e.id().equals(id)).findFirst();
        }

        @Override
        public Optional<StoredEvent> lock(long accountId, String id) {
            return find(accountId, id);
        }

        @Override
        public List<DeliveryAttempt> attempts(long rowId) {
            return List.of();
        }

        @Override
        public void requeue(long rowId, String url, Instant nextAttemptAt, Integer attemptLimit) {
            StoredEvent e = rows.get(rowId);
            DeliveryState d = e.delivery();
            rows.put(rowId, new StoredEvent(rowId, e.accountId(), e.id(), e.type(), e.createdAt(), e.dataJson(),
                    attemptLimit, new DeliveryState(url, DeliveryStatus.PENDING, d.attempts(), d.lastAttemptAt(), nextAttemptAt,
                    d.lastResponseStatus())));
        }

        @Override
        public Optional<CallbackOutbox.DueCallback> due(long rowId) {
            return Optional.empty();
        }

        @Override
        public int redirectPending(long accountId, String url) {
            return 0;
        }

        @Override
        public int purge(Instant before, int limit) {
            return 0;
        }

        @Override
        public Optional<String> find(long accountId) {
            return Optional.ofNullable(endpoints.get(accountId));
        }

        @Override
        public void save(long accountId, String url, Instant at) {
            endpoints.put(accountId, url);
        }
    }

    static final UnitOfWork DIRECT = io.mizani.application.common.DirectUnitOfWork.DIRECT;

    final Store store = new Store();
    final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
    final EventService service = new EventService(store, store, null, DIRECT, clock, Duration.ofSeconds(30));
    final EventLog log = new EventLog(store, store, clock);

    private String callback(long account, String id, Instant at) {
        store.append(new EventStore.NewEvent(account, 1L, id, EventTypes.TRANSACTION_SUCCEEDED, "http://cb", "{}", at,
                at, null));
        return id;
    }

    private static DomainError.Kind kindOf(Runnable r) {
        return assertThrows(DomainError.class, r::run).kind();
    }

    @Test
    void filters_are_validated_and_an_unknown_cursor_is_a_bad_filter() {
        for (String[] bad : new String[][]{{"transaction.pending", null, null}, {null, "0", null}, {null, "101", null},
                {null, "x", null}, {null, null, "msg_unknown"}}) {
            DomainError e = assertThrows(DomainError.class, () -> service.list(1, bad[0], bad[1], bad[2]));
            assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind(), String.join(",", java.util.Arrays.asList(bad)));
        }
        callback(2, "msg_other", NOW);
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, kindOf(() -> service.list(1, null, null, "msg_other")),
                "another merchant's event is no cursor");
    }

    @Test
    void pages_go_newest_first_and_say_whether_more_follow() {
        for (int i = 0; i < 25; i++) {
            callback(1, "msg_" + i, NOW.plusSeconds(i));
        }
        EventPage first = service.list(1, null, null, null);
        assertEquals(20, first.events().size());
        assertTrue(first.hasMore());
        assertEquals("msg_24", first.events().get(0).id());
        EventPage rest = service.list(1, "transaction.succeeded", "20", first.events().get(19).id());
        assertEquals(List.of("msg_4", "msg_3", "msg_2", "msg_1", "msg_0"), rest.events().stream().map(StoredEvent::id).toList());
        assertFalse(rest.hasMore());
        assertTrue(service.list(1, "account_kyc.approved", null, null).events().isEmpty());
    }

    @Test
    void a_redelivery_allows_one_more_attempt_after_the_delivery_ended_and_none_extra_while_it_is_pending() {
        callback(1, "msg_a", NOW);
        store.set(1, "failed", 12);
        DeliveryState d = service.redeliver(1, "msg_a");
        assertEquals("pending", d.status().wire());
        assertEquals(NOW, d.nextAttemptAt());
        assertEquals(13, store.rows.get(1L).attemptLimit());
        assertEquals("http://cb", d.url(), "a callback goes to its transaction's callback_url");

        callback(1, "msg_b", NOW);
        store.set(2, "pending", 3);
        service.redeliver(1, "msg_b");
        assertNull(store.rows.get(2L).attemptLimit(), "pending: brought forward, its schedule kept");
        assertEquals(DomainError.Kind.NOT_FOUND, kindOf(() -> service.redeliver(2, "msg_a")));
    }

    @Test
    void endpoint_events_go_to_the_endpoint_of_the_moment_and_are_kept_without_one() {
        String id = log.record(1, EventTypes.BALANCE_ADJUSTED, Map.of("currency", "KES", "amount", new BigDecimal("5.00")));
        StoredEvent e = store.find(1, id).orElseThrow();
        assertEquals("no_endpoint", e.delivery().status().wire());
        assertNull(e.delivery().url());
        assertTrue(store.bodies.get(e.rowId()).startsWith("{\"type\":\"balance.adjusted\",\"timestamp\":\"2026-11-23T03:00:00Z\",\"data\":{"));
        assertTrue(store.bodies.get(e.rowId()).contains("\"amount\":5.00"));
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, kindOf(() -> service.redeliver(1, id)));
        assertEquals("https://m.example/hooks", service.setEndpoint(1, " https://m.example/hooks "));
        assertEquals("https://m.example/hooks", service.redeliver(1, id).url());
        String next = log.record(1, EventTypes.ACCOUNT_KYC_REJECTED, Map.of());
        assertEquals("pending", store.find(1, next).orElseThrow().delivery().status().wire());
        assertThrows(IllegalArgumentException.class, () -> log.record(1, EventTypes.TRANSACTION_FAILED, Map.of()));
        assertThrows(IllegalArgumentException.class, () -> log.record(1, "balance.adjust", Map.of()));
    }

    @Test
    void the_endpoint_must_be_an_absolute_http_or_https_url() {
        for (String ok : List.of("http://localhost:8080/x", "https://merchant.example.com/mizani?x=1", "HTTPS://A.B")) {
            assertEquals(ok, EventService.validUrl(ok));
        }
        List<String> bad = new ArrayList<>(List.of("", " ", "ftp://a.b/c", "a.b/c", "http://", "https:///x",
                "http://user:pw@a.b/", "http://a.b/#frag", "http://a b/", "mailto:x@y.z"));
        bad.add("https://a.b/" + "x".repeat(2100));
        for (String b : bad) {
            assertEquals(DomainError.Kind.INVALID_ARGUMENT, kindOf(() -> EventService.validUrl(b)), b);
        }
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, kindOf(() -> EventService.validUrl(null)));
    }

    @Test
    void events_are_kept_at_least_30_days_whatever_the_setting() {
        assertEquals(Duration.ofDays(30), new PurgeEvents(store, DIRECT, clock, Duration.ofDays(1), 10).retention());
        assertEquals(Duration.ofDays(90), new PurgeEvents(store, DIRECT, clock, Duration.ofDays(90), 10).retention());
    }
}

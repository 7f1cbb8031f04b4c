package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.DrivenWorkers;
import io.mizani.application.common.UnitOfWork;
import io.mizani.application.payment.PaymentStore;
import io.mizani.application.payment.PaymentStore.Look;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.payment.PaymentStatus;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static org.junit.jupiter.api.Assertions.*;

/**
 * A worker round's looks that only reschedule are written together ({@link PaymentStore#recordLooks}, one JDBC batch
 * per kind) against the real PostgreSQL: each payment ends exactly as the one-by-one statements leave it, a payment
 * someone else moved meanwhile keeps their outcome and only loses this worker's lease, and a lease another worker
 * has taken over stays theirs.
 */
@QuarkusTest
@TestProfile(DrivenWorkers.class)
class PaymentLooksTest {

    @Inject
    PaymentStore store;
    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Clock clock;
    @Inject
    DataSource dataSource;

    /** One payment of each case: sent, unanswered, asked again, moved meanwhile, taken over by another worker. */
    record Round(long sent, long unanswered, long notYet, long movedMeanwhile, long takenOver) {
        List<Long> all() {
            return List.of(sent, unanswered, notYet, movedMeanwhile, takenOver);
        }
    }

    @Test
    void a_rounds_looks_written_together_leave_each_payment_as_the_statements_one_by_one_do() throws Exception {
        Accepted a = accepted(10);
        List<Long> ids = a.ids();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant at = now.plusMillis(5);
        Round together = prepare(ids.subList(0, 5), now);
        Round alone = prepare(ids.subList(5, 10), now);

        unitOfWork.run(() -> store.recordLooks(List.of(
                new Look(together.sent(), Look.Kind.SENT, at, "prov-sent", at.plusSeconds(2)),
                new Look(together.unanswered(), Look.Kind.NO_ANSWER, at, null, at.plusSeconds(5)),
                new Look(together.notYet(), Look.Kind.NOT_YET, at, null, at.plusSeconds(7)),
                new Look(together.movedMeanwhile(), Look.Kind.SENT, at, "prov-late", at.plusSeconds(2)),
                new Look(together.takenOver(), Look.Kind.NOT_YET, at, null, at.plusSeconds(9))), "looks-w1"));
        // the same looks, each written on its own by the statements the worker used before rounds were batched
        unitOfWork.run(() -> {
            store.transitionAndRelease(alone.sent(), PaymentStatus.QUEUED, PaymentStatus.PENDING, at, "prov-sent", null,
                    at.plusSeconds(2), "looks-w1");
            store.transition(alone.unanswered(), PaymentStatus.QUEUED, PaymentStatus.PENDING, at, null, null,
                    at.plusSeconds(5));
            store.rescheduleAndRelease(alone.unanswered(), at.plusSeconds(5), "looks-w1");
            store.rescheduleAndRelease(alone.notYet(), at.plusSeconds(7), "looks-w1");
            store.transitionAndRelease(alone.movedMeanwhile(), PaymentStatus.QUEUED, PaymentStatus.PENDING, at,
                    "prov-late", null, at.plusSeconds(2), "looks-w1");
            store.rescheduleAndRelease(alone.takenOver(), at.plusSeconds(9), "looks-w1");
        });

        assertEquals(row("pending", "prov-sent", at.plusSeconds(2), 0, null, at), row(together.sent()));
        assertEquals(row("pending", null, at.plusSeconds(5), 1, null, at), row(together.unanswered()));
        assertEquals(row("pending", "prov-earlier", at.plusSeconds(7), 1, null, now), row(together.notYet()));
        assertEquals(row("pending", "prov-notice", null, 0, null, now), row(together.movedMeanwhile()),
                "the notice's outcome stands; only this worker's lease is given back");
        assertEquals(row("pending", "prov-earlier", at.plusSeconds(9), 1, "looks-w2", now), row(together.takenOver()),
                "rescheduled, but the lease is the other worker's");
        for (int i = 0; i < 5; i++) {
            assertEquals(row(alone.all().get(i)), row(together.all().get(i)), "case " + i + " as one by one");
        }
        a.otherFindsNone();
        // nothing of this test left due or leased for the worker tests sharing this profile's database
        leaveNothingDue(a.merchant(), 10);
    }

    @Test
    void looks_the_worker_keeps_hold_the_lease_to_the_next_look_plus_a_lease_unless_another_path_got_there_first()
            throws Exception {
        Accepted a = accepted(5);
        List<Long> ids = a.ids();
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant at = now.plusMillis(5);
        Round r = prepare(ids, now);
        java.time.Duration lease = java.time.Duration.ofSeconds(20);

        // every look asked to be kept, the unanswered one included (never kept: its kind is not)
        var kept = unitOfWork.inTransaction(() -> store.recordLooks(List.of(
                new Look(r.sent(), Look.Kind.SENT, at, "prov-sent", at.plusSeconds(2)),
                new Look(r.unanswered(), Look.Kind.NO_ANSWER, at, null, at.plusSeconds(5)),
                new Look(r.notYet(), Look.Kind.NOT_YET, at, null, at.plusSeconds(3)),
                new Look(r.movedMeanwhile(), Look.Kind.SENT, at, "prov-late", at.plusSeconds(2)),
                new Look(r.takenOver(), Look.Kind.NOT_YET, at, null, at.plusSeconds(4))), "looks-w1",
                new PaymentStore.KeepLeases(java.util.Set.copyOf(r.all()), lease)));

        assertEquals(java.util.Set.of(r.sent(), r.notYet()), kept, "kept: the two still this worker's and open");
        // kept as a claim at the next look would leave the row: leased, next check at the lease's end
        assertEquals(row("pending", "prov-sent", at.plusSeconds(2).plus(lease), 0, "looks-w1", at), row(r.sent()));
        assertEquals(at.plusSeconds(2).plus(lease), claimedUntil(r.sent()));
        assertEquals(row("pending", "prov-earlier", at.plusSeconds(3).plus(lease), 1, "looks-w1", now),
                row(r.notYet()));
        assertEquals(at.plusSeconds(3).plus(lease), claimedUntil(r.notYet()));
        // the others written and released as without keeping
        assertEquals(row("pending", null, at.plusSeconds(5), 1, null, at), row(r.unanswered()));
        assertEquals(row("pending", "prov-notice", null, 0, null, now), row(r.movedMeanwhile()));
        assertEquals(row("pending", "prov-earlier", at.plusSeconds(4), 1, "looks-w2", now), row(r.takenOver()));
        // no claim takes a kept payment at its next look, nor until its kept lease ends
        var claimedEarly = unitOfWork.inTransaction(() -> store.claimDue(at.plusSeconds(10), lease, "looks-w3", 50));
        assertTrue(claimedEarly.stream().noneMatch(c -> c.payment().id() == r.sent() || c.payment().id() == r.notYet()),
                "a kept payment claimed by another worker");
        a.otherFindsNone();
        leaveNothingDue(a.merchant(), 5);
    }

    /** Collections of a new merchant, accepted, by id; and another merchant, who must not find them. */
    record Accepted(Merchant merchant, Merchant other, Map<String, String> references, List<Long> ids) {
        void otherFindsNone() {
            other.as().body(Map.of("merchant_reference", references.keySet().iterator().next()))
                    .post("/api/global/transaction-status").then().statusCode(404);
        }
    }

    Accepted accepted(int count) throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        Map<String, String> accepted = PaymentLeaseTest.accept(m, count, "+254700000123");
        return new Accepted(m, other, accepted, ids(dataSource, new ArrayList<>(accepted.values())));
    }

    /** The merchant's payments neither due nor leased, for the worker tests sharing this profile's database. */
    void leaveNothingDue(Merchant m, int count) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(
                "UPDATE payments SET next_check_at = NULL, claimed_by = NULL, claimed_until = NULL WHERE account_id = ?")) {
            ps.setLong(1, m.accountId());
            assertEquals(count, ps.executeUpdate());
        }
    }

    Instant claimedUntil(long id) throws Exception {
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT claimed_until FROM payments WHERE id = ?")) {
            ps.setLong(1, id);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return instant(rs.getTimestamp(1));
            }
        }
    }

    /**
     * Leases five queued payments to worker looks-w1 as a claim does; two of them were sent by an earlier round
     * (pending), one of those is now held by looks-w2 (w1's lease ran out), and one is moved to pending by a provider
     * notice while w1's call is out.
     */
    Round prepare(List<Long> five, Instant now) throws Exception {
        Round r = new Round(five.get(0), five.get(1), five.get(2), five.get(3), five.get(4));
        unitOfWork.run(() -> {
            store.transition(r.notYet(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, "prov-earlier", null, now);
            store.transition(r.takenOver(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now, "prov-earlier", null, now);
        });
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement("""
                UPDATE payments SET claimed_by = CASE WHEN id = ? THEN 'looks-w2' ELSE 'looks-w1' END,
                    claimed_until = now() + interval '30 seconds', submitted_at = now()
                WHERE id = ANY (?)""")) {
            ps.setLong(1, r.takenOver());
            ps.setArray(2, c.createArrayOf("bigint", r.all().toArray()));
            assertEquals(5, ps.executeUpdate());
        }
        unitOfWork.run(() -> store.transition(r.movedMeanwhile(), PaymentStatus.QUEUED, PaymentStatus.PENDING, now,
                "prov-notice", null, null));
        return r;
    }

    /** The payments' ids, in id order, by their service references (also {@link FinalWritesTest}'s). */
    static List<Long> ids(javax.sql.DataSource dataSource, java.util.Collection<String> references) throws Exception {
        List<Long> out = new ArrayList<>();
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT id FROM payments WHERE reference = ANY (?) ORDER BY id")) {
            ps.setArray(1, c.createArrayOf("text", references.toArray()));
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getLong(1));
                }
            }
        }
        assertEquals(references.size(), out.size());
        return out;
    }

    static List<Object> row(String status, String providerReference, Instant nextCheckAt, int checks, String claimedBy,
                            Instant pendingSince) {
        return java.util.Arrays.asList(status, providerReference, nextCheckAt, checks, claimedBy, pendingSince);
    }

    List<Object> row(long id) throws Exception {
        try (var c = dataSource.getConnection(); var ps = c.prepareStatement(
                "SELECT status, provider_reference, next_check_at, checks, claimed_by, pending_since FROM payments WHERE id = ?")) {
            ps.setLong(1, id);
            try (var rs = ps.executeQuery()) {
                assertTrue(rs.next());
                return row(rs.getString(1), rs.getString(2), instant(rs.getTimestamp(3)), rs.getInt(4),
                        rs.getString(5), instant(rs.getTimestamp(6)));
            }
        }
    }

    static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}

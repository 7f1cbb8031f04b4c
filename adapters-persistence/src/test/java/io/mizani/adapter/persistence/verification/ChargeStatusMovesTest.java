package io.mizani.adapter.persistence.verification;

import io.mizani.adapter.persistence.support.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.verification.LookupRecord;
import io.mizani.domain.billing.ChargeStateMachine;
import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.ProviderReply;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The charge status moves of V26 against a real PostgreSQL with every migration: the database lets through exactly
 * the moves {@link ChargeStateMachine} allows between stored statuses (so the two homes of the table cannot drift),
 * and {@link JdbcLookupStore} meets the refusal as its callers expect (an {@link IllegalStateException}, the
 * driver's check violation in its cause chain, no bound value in any message).
 */
class ChargeStatusMovesTest {

    static final String CHECK_VIOLATION = "23514";
    static final AtomicInteger IDS = new AtomicInteger();

    static PGSimpleDataSource ds;
    static JdbcLookupStore store;

    @BeforeAll
    static void start() throws Exception {
        ds = TestDatabase.migrated("charge_status_moves").dataSource();
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.execute("INSERT INTO organizations (id, name) VALUES (1, 'Org')");
            st.execute("INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, "
                    + "webhook_secret) VALUES (1, 1, 'team-1', 'Team', 'KES', '+254', 'n', 's')");
        }
        store = new JdbcLookupStore(new Sql(ds));
    }

    /** Every stored status (the machine's start state, none, is never stored). */
    static List<ChargeStatus> stored() {
        return Arrays.stream(ChargeStatus.values()).filter(s -> s != ChargeStatus.NONE).toList();
    }

    /** The moves ChargeStateMachine allows between stored statuses, as "from -> to" wire words. */
    static Set<String> machineMoves() {
        Set<String> moves = new TreeSet<>();
        ChargeStateMachine.table().forEach((from, byEvent) -> {
            if (from != ChargeStatus.NONE) {
                byEvent.values().forEach(to -> moves.add(from.wire() + " -> " + to.wire()));
            }
        });
        return moves;
    }

    @Test
    void verification_lookups_lets_through_exactly_the_moves_of_the_charge_state_machine() throws Exception {
        Set<String> allowed = new TreeSet<>();
        List<String> refusals = new ArrayList<>();
        for (ChargeStatus from : stored()) {
            for (ChargeStatus to : stored()) {
                String id = insertRow(from);
                SQLException refused = update("UPDATE verification_lookups SET charge_status = '" + to.wire()
                        + "' WHERE lookup_id = '" + id + "'");
                if (refused == null) {
                    allowed.add(from.wire() + " -> " + to.wire());
                    assertEquals(to.wire(), chargeStatus(id));
                } else {
                    assertEquals(CHECK_VIOLATION, refused.getSQLState(), refused.getMessage());
                    assertTrue(refused.getMessage().contains("illegal charge transition: " + from.wire() + " -> "
                            + to.wire()), refused.getMessage());
                    assertEquals(from.wire(), chargeStatus(id), "a refused move leaves the row as it was");
                    refusals.add(from.wire() + " -> " + to.wire());
                }
            }
        }
        assertEquals(machineMoves(), allowed, "the trigger's table (V26) and ChargeStateMachine's");
        assertEquals(16 - allowed.size(), refusals.size());
        assertTrue(refusals.contains("refunded -> charged") && refusals.contains("refunded -> refund_failed")
                && refusals.contains("free -> charged") && refusals.contains("charged -> free"), refusals.toString());
    }

    @Test
    void other_columns_move_freely_whatever_the_charge_status() throws Exception {
        String id = insertRow(ChargeStatus.REFUNDED);
        assertEquals(null, update("UPDATE verification_lookups SET refund_attempts = refund_attempts + 1, "
                + "payload_sealed = '\\x01' WHERE lookup_id = '" + id + "'"), "the trigger watches charge_status only");
    }

    @Test
    void screening_screens_are_stored_charged_or_free_and_never_move_between_the_two() throws Exception {
        Set<String> allowed = new TreeSet<>();
        for (String from : List.of("charged", "free")) {
            for (String to : List.of("charged", "free")) {
                String id = "scr_" + IDS.incrementAndGet();
                assertEquals(null, update("INSERT INTO screening_screens (screen_id, account_id, verdict, hits, "
                        + "charged_amount, charge_status, created_at) VALUES ('" + id + "', 1, 'clear', '[]', 0, '"
                        + from + "', now())"));
                SQLException refused = update("UPDATE screening_screens SET charge_status = '" + to
                        + "' WHERE screen_id = '" + id + "'");
                if (refused == null) {
                    allowed.add(from + " -> " + to);
                } else {
                    assertEquals(CHECK_VIOLATION, refused.getSQLState(), refused.getMessage());
                }
            }
        }
        Set<String> expected = new TreeSet<>(machineMoves());
        expected.removeIf(m -> !List.of("charged", "free").containsAll(List.of(m.split(" -> "))));
        assertEquals(expected, allowed);
    }

    @Test
    void the_store_settles_a_charge_by_legal_moves_and_meets_an_illegal_one_as_a_refused_write() {
        LookupRecord inFlight = inFlight(ChargeStatus.CHARGED);
        store.insert(inFlight);
        assertEquals(inFlight.charge(), store.findCall(1, inFlight.id().value()).orElseThrow().charge());

        // charged -> refund_failed (the reversal failed), then again (the sweeper's retry failed), then refunded
        LookupRecord failed = answered(inFlight).withCharge(ChargeStatus.REFUND_FAILED);
        assertTrue(store.settle(failed));
        assertFalse(store.settle(failed), "a settled call is not settled twice");
        store.recordRefundFailure(failed, Instant.now());
        store.updateSettlement(failed);
        LookupRecord refunded = failed.withCharge(ChargeStatus.REFUNDED);
        store.updateSettlement(refunded);
        LookupRecord read = store.findCall(1, inFlight.id().value()).orElseThrow();
        assertEquals(ChargeStatus.REFUNDED, read.charge().status());
        assertEquals("Wanjiru Kamau", read.outcome().found().subjectName());
        assertEquals(List.of(read.id()), store.history(1, 100).stream().map(LookupRecord::id)
                .filter(read.id()::equals).toList());

        // the sweeper's failure record is conditional on the status it claimed: over the refund another replica
        // made meanwhile it writes nothing (no refused write, no SEVERE), and the refund stands
        assertFalse(store.recordRefundFailureIfStill(ChargeStatus.REFUND_FAILED, failed, Instant.now()));
        assertEquals(ChargeStatus.REFUNDED, store.findCall(1, inFlight.id().value()).orElseThrow().charge().status());

        // refunded is final: a write of refund_failed over it (a sweeper that lost the race) is refused
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> store.recordRefundFailure(failed,
                Instant.now()));
        assertEquals("record refund failure failed", e.getMessage());
        assertEquals(CHECK_VIOLATION, sqlState(e));
        e = assertThrows(IllegalStateException.class, () -> store.updateSettlement(failed));
        assertEquals("update settlement failed", e.getMessage());
        assertEquals(CHECK_VIOLATION, sqlState(e));
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains("Wanjiru"), "a bound value in " + t);
            assertFalse(String.valueOf(t.getMessage()).contains(inFlight.subject().identifierHash()),
                    "a bound value in " + t);
        }
        assertEquals(ChargeStatus.REFUNDED, store.findCall(1, inFlight.id().value()).orElseThrow().charge().status());
    }

    @Test
    void a_free_call_stays_free_and_is_found_as_written() {
        LookupRecord inFlight = inFlight(ChargeStatus.FREE);
        store.insert(inFlight);
        LookupRecord settled = answered(inFlight);
        assertTrue(store.settle(settled));
        LookupRecord read = store.findToken(1, inFlight.id().value()).orElseThrow();
        assertEquals(settled.id(), read.id());
        assertEquals(settled.subject(), read.subject());
        assertEquals(settled.routing(), read.routing());
        assertEquals(settled.charge(), read.charge());
        assertEquals(settled.outcome().found(), read.outcome().found());
        assertEquals(settled.outcome().reply(), read.outcome().reply());
        assertEquals(settled.outcome().fetchedAt(), read.outcome().fetchedAt());
        assertTrue(Arrays.equals(settled.outcome().sealed().payload(), read.outcome().sealed().payload()));
        assertEquals(read.id(), store.findReplayable(1, "national_id_ke", settled.subject().cacheKey(),
                Instant.now()).orElseThrow().id());
        assertTrue(store.findCall(2, inFlight.id().value()).isEmpty(), "another account's call is not found");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> store.updateSettlement(settled.withCharge(ChargeStatus.CHARGED)));
        assertEquals(CHECK_VIOLATION, sqlState(e));
    }

    static LookupRecord inFlight(ChargeStatus charge) {
        int n = IDS.incrementAndGet();
        Money price = charge == ChargeStatus.FREE ? Money.of(new BigDecimal("0.00"), "KES")
                : Money.of(new BigDecimal("100.00"), "KES");
        return LookupRecord.inFlight(LookupId.of("lk_moves_" + n), AccountId.of(1),
                new LookupRecord.Subject("national_id_ke", "identity", "KE", "hash-" + n, "1234****", "cache-" + n),
                "sandbox", new LookupRecord.Charge(price, charge == ChargeStatus.FREE ? null : "chg_" + n, charge),
                Instant.now().truncatedTo(ChronoUnit.MICROS));
    }

    static LookupRecord answered(LookupRecord inFlight) {
        Instant at = Instant.now().truncatedTo(ChronoUnit.MICROS);
        return inFlight.settled(new LookupRecord.Outcome(CheckStatus.VERIFIED,
                        new LookupRecord.Found("VERIFIED", "I", "Wanjiru Kamau"),
                        new ProviderReply("ref-1", "found", "00"),
                        LookupRecord.Sealed.of(new byte[] {1, 2, 3}, null), at, at.plus(1, ChronoUnit.DAYS)),
                new LookupRecord.Routing("sandbox", false, 12));
    }

    static String insertRow(ChargeStatus charge) throws Exception {
        String id = "lk_row_" + IDS.incrementAndGet();
        assertEquals(null, update("INSERT INTO verification_lookups (lookup_id, account_id, check_key, category, "
                + "country, identifier_hash, identifier_masked, cache_key, source, cached, charged_amount, "
                + "charge_currency, charge_status, created_at, token_issued, settled) VALUES ('" + id + "', 1, "
                + "'national_id_ke', 'identity', 'KE', 'h', 'm', 'c', 'sandbox', false, 0, 'KES', '" + charge.wire()
                + "', now(), false, false)"));
        return id;
    }

    /** Runs one statement on its own (autocommit); the refusal, if any. */
    static SQLException update(String sql) throws Exception {
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.executeUpdate(sql);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    static String chargeStatus(String lookupId) throws Exception {
        try (Connection c = ds.getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT charge_status FROM verification_lookups WHERE lookup_id = '"
                     + lookupId + "'")) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }

    static String sqlState(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException s) {
                return s.getSQLState();
            }
        }
        assertNotNull(null, "no SQLException in the cause chain of " + e);
        return null;
    }
}

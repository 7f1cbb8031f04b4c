package io.mizani.adapter.persistence.idempotency;

import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.TestPii;
import io.mizani.application.idempotency.IdempotencyStore.Claim;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The idempotency store's SQL against a real PostgreSQL 17 with every migration (no JTA: each statement
 * autocommits): the claim's four outcomes (won, in flight, taken over, completed), the recovery point under the lease
 * token, the expiry, and a database failure surfacing as it always has.
 */
class JdbcIdempotencyStoreTest {

    static PGSimpleDataSource dataSource;
    static JdbcIdempotencyStore store;
    static final AtomicLong accounts = new AtomicLong(100);

    static final Instant NOW = Instant.parse("2026-11-20T10:00:00.123456Z");
    static final Duration LEASE = Duration.ofSeconds(30);

    @BeforeAll
    static void start() throws Exception {
        dataSource = TestDatabase.migrated("idempotency_store").dataSource();
        store = new JdbcIdempotencyStore(new Sql(dataSource), new SealedText(TestPii.INSTANCE));
    }

    private static Claim claim(long account, String fingerprint, Instant now) {
        return store.claim(account, "key-1", fingerprint, now, now.minus(LEASE));
    }

    @Test
    void the_first_claim_wins_the_others_see_it_in_flight_then_completed() {
        long account = accounts.incrementAndGet();
        Claim.Acquired won = assertInstanceOf(Claim.Acquired.class, claim(account, "fp", NOW));
        assertNotNull(won.leaseToken());
        assertNull(won.recoveryRef());

        assertEquals(new Claim.InFlight("fp"), claim(account, "fp", NOW.plusSeconds(1)), "same body, same key");
        Claim.InFlight other = assertInstanceOf(Claim.InFlight.class, claim(account, "other", NOW.plusSeconds(1)));
        assertNotEquals("fp", other.fingerprint(), "another body sees the stored (hashed) fingerprint");
        assertNotEquals("other", other.fingerprint());
        assertInstanceOf(Claim.Acquired.class, store.claim(account + 1000, "key-1", "fp", NOW, NOW.minus(LEASE)),
                "keys are per merchant");

        store.complete(account, "key-1", "not-the-token", 201, "{\"id\":1}");
        assertEquals(new Claim.InFlight("fp"), claim(account, "fp", NOW.plusSeconds(2)), "a stranger stores nothing");
        store.complete(account, "key-1", won.leaseToken(), 201, "{\"national_id\":\"70011223344\"}");
        assertEquals(new Claim.Completed("fp", 201, "{\"national_id\":\"70011223344\"}"),
                claim(account, "fp", NOW.plusSeconds(3)));
    }

    @Test
    void a_recovery_point_is_recorded_under_the_lease_and_answers_or_survives_a_take_over() {
        long account = accounts.incrementAndGet();
        Claim.Acquired won = assertInstanceOf(Claim.Acquired.class, claim(account, "fp", NOW));
        assertFalse(store.recordRecoveryPoint(account, "key-1", "not-the-token", "payment", "ref-1"));
        assertTrue(store.recordRecoveryPoint(account, "key-1", won.leaseToken(), "payment", "ref-1"));
        assertTrue(store.recordRecoveryPoint(account, "key-1", won.leaseToken(), "payment", "ref-1"), "the same again");
        assertFalse(store.recordRecoveryPoint(account, "key-1", won.leaseToken(), "payment", "ref-2"), "not another");

        assertEquals(new Claim.Acquired(null, "payment", "ref-1"), claim(account, "fp", NOW.plusSeconds(1)),
                "within the lease: answered from the recovery point, the key stays the holder's");
        store.release(account, "key-1", won.leaseToken());
        assertEquals(new Claim.Acquired(null, "payment", "ref-1"), claim(account, "fp", NOW.plusSeconds(2)),
                "a key with a recovery point is not released");

        Claim.Acquired taken = assertInstanceOf(Claim.Acquired.class, claim(account, "fp", NOW.plus(LEASE).plusSeconds(1)));
        assertNotNull(taken.leaseToken());
        assertNotEquals(won.leaseToken(), taken.leaseToken());
        assertEquals("ref-1", taken.recoveryRef());
        assertFalse(store.recordRecoveryPoint(account, "key-1", won.leaseToken(), "payment", "ref-1"),
                "the old holder lost its lease");
    }

    @Test
    void a_released_key_is_won_again_and_an_expired_one_is_replaced() throws SQLException {
        long account = accounts.incrementAndGet();
        Claim.Acquired first = assertInstanceOf(Claim.Acquired.class, claim(account, "fp", NOW));
        store.release(account, "key-1", first.leaseToken());
        Claim.Acquired second = assertInstanceOf(Claim.Acquired.class, claim(account, "fp", NOW.plusSeconds(1)));
        assertNotEquals(first.leaseToken(), second.leaseToken());
        store.complete(account, "key-1", second.leaseToken(), 200, "{}");

        Instant dayAfter = NOW.plus(Duration.ofHours(25));
        Claim.Acquired fresh = assertInstanceOf(Claim.Acquired.class, claim(account, "another body", dayAfter),
                "a key older than the retention is replaced, whatever it held");
        assertNull(fresh.recoveryRef());

        try (Connection c = dataSource.getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT count(*) FROM idempotency_keys WHERE account_id = " + account)) {
            rs.next();
            assertEquals(1, rs.getInt(1));
        }
        assertTrue(store.purgeCreatedBefore(dayAfter.plusSeconds(1)) >= 1);
        assertInstanceOf(Claim.Acquired.class, claim(account, "fp", dayAfter.plusSeconds(2)), "purged");
    }

    @Test
    void a_database_failure_is_the_claims_illegal_state_caused_by_the_sql_exception() {
        IllegalStateException failure = assertThrows(IllegalStateException.class,
                () -> store.claim(accounts.incrementAndGet(), null, "fp", NOW, NOW.minus(LEASE)));
        assertEquals("idempotency claim failed", failure.getMessage());
        assertEquals("23502", assertInstanceOf(SQLException.class, failure.getCause()).getSQLState());
    }
}

package io.mizani.adapter.persistence.payout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.domain.tenancy.AccountId;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * The references a large approved batch holds until its payments are stored (V28, docs/adr/0008): the database
 * refuses another payment of the Team with one of them as it refuses a reused reference, lets the batch's own
 * payments and other Teams' through, and forgets them once the batch is materialised; the materialiser's claim
 * waits out a postponement.
 */
class ReferencesHeldTest {

    static Sql sql;
    static JdbcPayoutBatchStore store;

    @BeforeAll
    static void start() {
        var ds = TestDatabase.migrated("references_held").withTeam().execute(
                "INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret) "
                        + "VALUES (2, 1, 'team-2', 'Other', 'KES', '+254', 'n', 's')",
                "INSERT INTO users (id, organization_id, username) VALUES (1, 1, 'creator'), (2, 1, 'approver')")
                .dataSource();
        sql = new Sql(ds);
        store = new JdbcPayoutBatchStore();
        store.sql = sql;
    }

    static long approvedBatch(String ref, String... itemReferences) {
        return sql.with(h -> h.createQuery("""
                INSERT INTO payout_batches (account_id, batch_reference, callback_url, status, item_count, total_amount,
                    total_fees, drafts, created_by, approved_by, approved_at, open_items, item_references)
                VALUES (1, :ref, 'http://x/cb', 'processing', :n, '{}', '{}', 'sealed', 1, 2, now(), :n, :refs)
                RETURNING id""")
                .bind("ref", ref).bind("n", itemReferences.length)
                .bind("refs", Sql.array("text", itemReferences)).mapTo(Long.class).one());
    }

    static void payment(long account, String merchantReference, Long batch) {
        sql.use(h -> h.createUpdate("""
                INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider,
                    network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name,
                    customer_last_name, customer_email, customer_phone, account_number, callback_url, remark,
                    payment_category, status, checks, next_check_at, created_at, updated_at, payout_batch_id)
                VALUES (:account, :ref, :merchantRef, 'withdrawal', 'momo', 'mpesa_ke', 'net', 'ch', 100, 'KES', 'KE',
                    0.77, 15, 'Ada', 'Obi', 'a@example.com', 'pii:' || repeat('y', 60), 'pii:' || repeat('z', 60),
                    'http://x/cb', 'pay', 'salary', 'queued', 0, now(), now(), now(), :batch)""")
                .bind("account", account).bind("ref", "MZ" + System.nanoTime()).bind("merchantRef", merchantReference)
                .bind("batch", batch).execute());
    }

    @Test
    void a_reference_a_batch_holds_is_taken_until_its_payments_are_stored() {
        long batch = approvedBatch("held-1", "pay-1", "pay-2");
        assertEquals(Set.of("pay-2"), store.referencesHeld(AccountId.of(1), 0, List.of("pay-2", "pay-9")));
        assertEquals(Set.of(), store.referencesHeld(AccountId.of(1), batch, List.of("pay-2")), "its own are not");
        assertEquals(Set.of(), store.referencesHeld(AccountId.of(2), 0, List.of("pay-2")), "another Team's are not");

        // a single payment with a held reference: refused as a reused reference is, the key named in the detail
        var e = assertThrows(UnableToExecuteStatementException.class, () -> payment(1, "pay-1", null));
        SQLException cause = assertInstanceOf(SQLException.class, e.getCause());
        assertEquals("23505", cause.getSQLState());
        assertTrue(cause.getMessage().contains("merchant_reference"), cause.getMessage());
        assertEquals("Key (account_id, merchant_reference)=(1, pay-1) already exists.",
                ((PSQLException) cause).getServerErrorMessage().getDetail());
        // another Team may use it; the batch's own payments may; a reference it does not hold may
        payment(2, "pay-1", null);
        payment(1, "pay-3", null);
        payment(1, "pay-1", batch);
        payment(1, "pay-2", batch);

        // materialised: the references are the payments' now, held by the unique index as any other
        store.materialised(batch, Instant.now());
        assertEquals(Set.of(), store.referencesHeld(AccountId.of(1), 0, List.of("pay-1", "pay-2")));
    }

    @Test
    void a_postponed_batch_is_not_claimed_before_its_time() {
        long batch = approvedBatch("held-2", "late-1");
        store.postponeMaterialisation(batch, Instant.now().plusSeconds(3600));
        assertTrue(store.claimUnmaterialised().map(u -> u.id() != batch).orElse(true), "passed over while postponed");
        store.postponeMaterialisation(batch, Instant.now().minusSeconds(1));
        assertTrue(store.claimUnmaterialised().isPresent(), "claimed once its time has come");
    }
}

package io.mizani.adapter.persistence.refund;

import static io.mizani.adapter.persistence.common.Times.instant;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.RefundedAmounts;
import io.mizani.application.refund.RefundStore;
import io.mizani.domain.common.Money;
import io.mizani.domain.payment.PaymentId;
import io.mizani.domain.refund.Refund;
import io.mizani.domain.refund.RefundStatus;
import io.mizani.domain.tenancy.AccountId;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;
import org.jdbi.v3.core.mapper.RowMapper;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code refunds} (a refund and its processing job) and {@code refund_totals} (what each refunded collection holds
 * and has given back), Jdbi with named parameters. Acceptance is judged under the totals row's lock; the status moves
 * by one conditional update (and the table's trigger refuses any move the domain's table does not allow); leases
 * and due times are compared with PostgreSQL's {@code now()}.
 */
@Singleton
public class JdbcRefundStore implements RefundStore, RefundedAmounts {

    static final String COLUMNS = """
            id, account_id, payment_id, refund_reference, merchant_reference, amount, currency, reason, status,
            failure_reason, provider_reference, created_at, updated_at, completed_at, checks""";

    private static final RowMapper<Refund> REFUND = (rs, ctx) -> map(rs);

    private final Sql sql;

    @Inject
    public JdbcRefundStore(Sql sql) {
        this.sql = sql;
    }

    @Override
    public boolean referenceTaken(long accountId, String refundReference) {
        return sql.with(h -> h.createQuery("""
                        SELECT 1 FROM refunds WHERE account_id = :account AND refund_reference = :ref""")
                .bind("account", accountId).bind("ref", refundReference).mapTo(Integer.class).findOne().isPresent());
    }

    @Override
    public Money lockHeld(AccountId accountId, PaymentId paymentId, Money collected) {
        return sql.with(h -> {
            h.createUpdate("""
                            INSERT INTO refund_totals (payment_id, account_id, collected)
                            VALUES (:payment, :account, :collected) ON CONFLICT (payment_id) DO NOTHING""")
                    .bind("payment", paymentId.value()).bind("account", accountId.value())
                    .bind("collected", collected.amount())
                    .execute();
            BigDecimal held = h.createQuery("SELECT held FROM refund_totals WHERE payment_id = :payment FOR UPDATE")
                    .bind("payment", paymentId.value()).mapTo(BigDecimal.class).one();
            return Money.of(held, collected.currency());
        });
    }

    @Override
    public Optional<Refund> insert(NewRefund r) {
        return sql.with(h -> {
            Optional<Refund> inserted = h.createQuery("""
                            INSERT INTO refunds (account_id, payment_id, refund_reference, merchant_reference, amount,
                                currency, reason, status, next_check_at, created_at, updated_at)
                            VALUES (:account, :payment, :ref, :merchantRef, :amount, :currency, :reason, 'pending',
                                :created, :created, :created)
                            ON CONFLICT (account_id, refund_reference) DO NOTHING
                            RETURNING\s""" + COLUMNS)
                    .bind("account", r.accountId()).bind("payment", r.paymentId())
                    .bind("ref", r.references().refundReference())
                    .bind("merchantRef", r.references().merchantReference())
                    .bind("amount", r.amount().amount()).bind("currency", r.amount().currency())
                    .bind("reason", r.reason()).bind("created", Timestamp.from(r.createdAt()))
                    .map(REFUND).findOne();
            if (inserted.isPresent()) {
                // under the lock lockHeld took; the CHECK (held <= collected) is the database's own backstop
                h.createUpdate("UPDATE refund_totals SET held = held + :amount WHERE payment_id = :payment")
                        .bind("amount", r.amount().amount()).bind("payment", r.paymentId()).execute();
            }
            return inserted;
        });
    }

    @Override
    public Optional<Refund> find(long accountId, String refundReference) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS
                        + " FROM refunds WHERE account_id = :account AND refund_reference = :ref")
                .bind("account", accountId).bind("ref", refundReference).map(REFUND).findOne());
    }

    @Override
    public Optional<Refund> findById(long id) {
        return sql.with(h -> h.createQuery("SELECT " + COLUMNS + " FROM refunds WHERE id = :id")
                .bind("id", id).map(REFUND).findOne());
    }

    @Override
    public List<Refund> page(AccountId accountId, PaymentId paymentId, Cursor after, int limit) {
        String where = "account_id = :account"
                + (paymentId == null ? "" : " AND payment_id = :payment")
                + (after == null ? "" : " AND (created_at, id) < (:afterAt, :afterId)");
        return sql.with(h -> {
            var q = h.createQuery("SELECT " + COLUMNS + " FROM refunds WHERE " + where
                    + " ORDER BY created_at DESC, id DESC LIMIT :limit").bind("account", accountId.value())
                    .bind("limit", limit);
            if (paymentId != null) {
                q.bind("payment", paymentId.value());
            }
            if (after != null) {
                q.bind("afterAt", Timestamp.from(after.createdAt())).bind("afterId", after.id());
            }
            return q.map(REFUND).list();
        });
    }

    @Override
    public Optional<Cursor> cursorOf(long accountId, String refundReference) {
        return sql.with(h -> h.createQuery("""
                        SELECT created_at, id FROM refunds WHERE account_id = :account AND refund_reference = :ref""")
                .bind("account", accountId).bind("ref", refundReference)
                .map((rs, ctx) -> new Cursor(rs.getTimestamp(1).toInstant(), rs.getLong(2))).findOne());
    }

    @Override
    public List<Claim> claimDue(Duration lease, String worker, int limit) {
        return sql.with(h -> h.createQuery("""
                        WITH due AS (
                            SELECT id, submitted_at AS submitted_before FROM refunds
                            WHERE status = 'pending' AND next_check_at <= now()
                              AND (claimed_until IS NULL OR claimed_until < now())
                            ORDER BY next_check_at LIMIT :limit FOR UPDATE SKIP LOCKED)
                        UPDATE refunds r SET claimed_until = now() + :leaseMs * interval '1 millisecond',
                            claimed_by = :worker, submitted_at = coalesce(r.submitted_at, now())
                        FROM due WHERE r.id = due.id
                        RETURNING due.submitted_before IS NOT NULL AS was_submitted, r.id, r.account_id, r.payment_id,
                            r.refund_reference, r.merchant_reference, r.amount, r.currency, r.reason, r.status,
                            r.failure_reason, r.provider_reference, r.created_at, r.updated_at, r.completed_at,
                            r.checks""")
                .bind("limit", limit).bind("leaseMs", lease.toMillis()).bind("worker", worker)
                .map((rs, ctx) -> new Claim(map(rs), rs.getBoolean("was_submitted"), rs.getInt("checks")))
                .list());
    }

    @Override
    public Optional<Refund> finish(long id, RefundStatus to, String providerReference, String failureReason,
                                   Instant at) {
        if (!to.isFinal()) {
            throw new IllegalArgumentException("not a final status: " + to.wire());
        }
        return sql.with(h -> {
            Optional<Refund> moved = h.createQuery("""
                            UPDATE refunds SET status = :to, failure_reason = :failure,
                                provider_reference = coalesce(:providerRef, provider_reference), updated_at = :at,
                                completed_at = :at, next_check_at = NULL, claimed_until = NULL, claimed_by = NULL
                            WHERE id = :id AND status = 'pending'
                            RETURNING\s""" + COLUMNS)
                    .bind("to", to.wire()).bind("failure", failureReason).bind("providerRef", providerReference)
                    .bind("at", Timestamp.from(at)).bind("id", id).map(REFUND).findOne();
            moved.ifPresent(r -> h.createUpdate(to == RefundStatus.SUCCEEDED
                            ? "UPDATE refund_totals SET refunded = refunded + :amount WHERE payment_id = :payment"
                            : "UPDATE refund_totals SET held = held - :amount WHERE payment_id = :payment")
                    .bind("amount", r.amount().amount()).bind("payment", r.ids().paymentId()).execute());
            return moved;
        });
    }

    @Override
    public int nudgePending(long paymentId) {
        return sql.with(h -> h.createUpdate("""
                        UPDATE refunds SET next_check_at = now()
                        WHERE payment_id = :payment AND status = 'pending'
                          AND (next_check_at IS NULL OR next_check_at > now())""")
                .bind("payment", paymentId).execute());
    }

    @Override
    public void reschedule(long id, String providerReference, Duration in, String worker) {
        String next = in == null ? "NULL" : "now() + :inMs * interval '1 millisecond'";
        sql.use(h -> {
            var u = h.createUpdate("""
                            UPDATE refunds SET provider_reference = coalesce(:providerRef, provider_reference),
                                checks = checks + 1, next_check_at =\s""" + next + """
                            , claimed_until = NULL, claimed_by = NULL
                            WHERE id = :id AND status = 'pending' AND claimed_by = :worker""")
                    .bind("providerRef", providerReference).bind("id", id).bind("worker", worker);
            if (in != null) {
                u.bind("inMs", in.toMillis());
            }
            u.execute();
        });
    }

    @Override
    public Map<Long, Money> of(Collection<Long> paymentIds) {
        if (paymentIds.isEmpty()) {
            return Map.of();
        }
        return sql.with(h -> {
            Map<Long, Money> out = new HashMap<>();
            // the currency of the collection's refunds (every refund of a payment is in the payment's currency)
            h.createQuery("""
                            SELECT t.payment_id, t.refunded, r.currency FROM refund_totals t
                            JOIN LATERAL (SELECT currency FROM refunds WHERE payment_id = t.payment_id LIMIT 1) r ON true
                            WHERE t.payment_id IN (<ids>)""")
                    .bindList("ids", List.copyOf(paymentIds))
                    .map((rs, ctx) -> Map.entry(rs.getLong(1), Money.of(rs.getBigDecimal(2), rs.getString(3).trim())))
                    .forEach(e -> out.put(e.getKey(), e.getValue()));
            return out;
        });
    }

    private static Refund map(ResultSet rs) throws SQLException {
        String currency = rs.getString("currency").trim();
        return new Refund(
                new Refund.Ids(rs.getLong("id"), rs.getLong("account_id"), rs.getLong("payment_id")),
                new Refund.References(rs.getString("refund_reference"), rs.getString("merchant_reference")),
                Money.of(rs.getBigDecimal("amount"), currency),
                rs.getString("reason"),
                new Refund.Outcome(RefundStatus.parse(rs.getString("status")).orElseThrow(),
                        rs.getString("failure_reason"), rs.getString("provider_reference")),
                new Refund.Times(instant(rs, "created_at"), instant(rs, "updated_at"), instant(rs, "completed_at")));
    }
}

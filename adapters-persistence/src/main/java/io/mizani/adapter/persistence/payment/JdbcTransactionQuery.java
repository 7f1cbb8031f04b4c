package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.application.payment.TransactionQuery;
import io.mizani.domain.payment.Payment;
import jakarta.inject.Singleton;
import jakarta.inject.Inject;

import java.sql.Timestamp;
import java.util.List;
import java.util.Optional;

/**
 * The transactions list: keyset pages over (created_at DESC, id DESC) of one account, served by
 * payments_account_created (or its status / provider variants when that filter is given). Jdbi with named
 * parameters; only the filters given are in the statement.
 */
@Singleton
public class JdbcTransactionQuery implements TransactionQuery {

    @Inject
    Sql sql;

    /** Maps rows as the payment store does (it opens the sealed customer identifiers). */
    @Inject
    JdbcPaymentStore payments;

    @Override
    public List<Payment> list(Filter f) {
        TransactionQuery.Match m = f.match();
        TransactionQuery.Slice page = f.slice();
        String where = "account_id = :account"
                + (m.status() == null ? "" : " AND status = :status")
                + (m.requestType() == null ? "" : " AND request_type = :requestType")
                + (m.provider() == null ? "" : " AND provider = :provider")
                + (m.from() == null ? "" : " AND created_at >= :from")
                + (m.to() == null ? "" : " AND created_at < :to")
                + (page.after() == null ? "" : " AND (created_at, id) < (:afterAt, :afterId)");
        var rows = payments.rows();
        return sql.with(h -> {
            var q = h.createQuery("SELECT " + JdbcPaymentStore.COLUMNS + " FROM payments WHERE " + where
                    + " ORDER BY created_at DESC, id DESC LIMIT :limit");
            q.bind("account", f.accountId());
            if (m.status() != null) {
                q.bind("status", m.status().wire());
            }
            if (m.requestType() != null) {
                q.bind("requestType", m.requestType().wire());
            }
            if (m.provider() != null) {
                q.bind("provider", m.provider());
            }
            if (m.from() != null) {
                q.bind("from", Timestamp.from(m.from()));
            }
            if (m.to() != null) {
                q.bind("to", Timestamp.from(m.to()));
            }
            if (page.after() != null) {
                q.bind("afterAt", Timestamp.from(page.after().createdAt())).bind("afterId", page.after().id());
            }
            return q.bind("limit", page.limit()).map(rows).list();
        });
    }

    @Override
    public Optional<Cursor> cursorOf(long accountId, String reference) {
        return sql.with(h -> h.createQuery("""
                        SELECT created_at, id FROM payments WHERE account_id = :account AND reference = :reference""")
                .bind("account", accountId).bind("reference", reference)
                .map((rs, ctx) -> new Cursor(rs.getTimestamp(1).toInstant(), rs.getLong(2))).findFirst());
    }

    @Override
    public boolean providerExists(String provider) {
        return sql.with(h -> h.createQuery("SELECT 1 FROM payment_providers WHERE code = :provider")
                .bind("provider", provider).mapTo(Integer.class).findFirst().isPresent());
    }
}

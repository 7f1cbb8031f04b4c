package io.mizani.adapter.persistence.payment;

import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.application.payment.TransactionQuery;
import io.mizani.domain.payment.Payment;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The transactions list: keyset pages over (created_at DESC, id DESC) of one account, served by
 * payments_account_created (or its status / provider variants when that filter is given).
 */
@ApplicationScoped
public class JdbcTransactionQuery implements TransactionQuery {

    @Inject
    DataSource dataSource;

    /** Maps rows as the payment store does (it opens the sealed customer identifiers). */
    @Inject
    JdbcPaymentStore payments;

    @Override
    public List<Payment> list(Filter f) {
        var sql = new StringBuilder("SELECT " + JdbcPaymentStore.COLUMNS + " FROM payments WHERE account_id = ?");
        var args = new ArrayList<Object>();
        args.add(f.accountId());
        TransactionQuery.Match m = f.match();
        TransactionQuery.Slice page = f.slice();
        if (m.status() != null) {
            sql.append(" AND status = ?");
            args.add(m.status().wire());
        }
        if (m.requestType() != null) {
            sql.append(" AND request_type = ?");
            args.add(m.requestType().wire());
        }
        if (m.provider() != null) {
            sql.append(" AND provider = ?");
            args.add(m.provider());
        }
        if (m.from() != null) {
            sql.append(" AND created_at >= ?");
            args.add(Timestamp.from(m.from()));
        }
        if (m.to() != null) {
            sql.append(" AND created_at < ?");
            args.add(Timestamp.from(m.to()));
        }
        if (page.after() != null) {
            sql.append(" AND (created_at, id) < (?, ?)");
            args.add(Timestamp.from(page.after().createdAt()));
            args.add(page.after().id());
        }
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT ?");
        args.add(page.limit());
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement(sql.toString())) {
                for (int i = 0; i < args.size(); i++) {
                    ps.setObject(i + 1, args.get(i));
                }
                try (var rs = ps.executeQuery()) {
                    var out = new ArrayList<Payment>();
                    while (rs.next()) {
                        out.add(payments.map(rs));
                    }
                    return out;
                }
            }
        });
    }

    @Override
    public Optional<Cursor> cursorOf(long accountId, String reference) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT created_at, id FROM payments WHERE account_id = ? AND reference = ?")) {
                ps.setLong(1, accountId);
                ps.setString(2, reference);
                try (var rs = ps.executeQuery()) {
                    return rs.next() ? Optional.of(new Cursor(rs.getTimestamp(1).toInstant(), rs.getLong(2)))
                            : Optional.empty();
                }
            }
        });
    }

    @Override
    public boolean providerExists(String provider) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = c.prepareStatement("SELECT 1 FROM payment_providers WHERE code = ?")) {
                ps.setString(1, provider);
                try (var rs = ps.executeQuery()) {
                    return rs.next();
                }
            }
        });
    }
}

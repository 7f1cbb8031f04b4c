package io.mizani.adapter.persistence.balance;

import io.mizani.adapter.persistence.common.Jdbc;

import io.mizani.application.balance.BalanceLedger;
import io.mizani.domain.balance.EntryType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * payment_balances and balance_entries. The balance moves only by one conditional UPDATE ... RETURNING (the CHECK
 * keeps available at zero or more in any case); a payment's entry of each type is unique (payment_id, type), and a
 * reservation's fate (released or consumed) is one conditional UPDATE of its entry, so nothing is credited, released
 * or consumed twice on any number of replicas.
 */
@ApplicationScoped
public class JdbcBalanceLedger implements BalanceLedger {

    private static final BigDecimal ZERO = new BigDecimal("0.00");

    @Inject
    DataSource dataSource;

    @Override
    public Reservation reserve(long accountId, String currency, long paymentId, String transactionReference,
                               BigDecimal needed) {
        return Jdbc.with(dataSource, c -> {
            Optional<BigDecimal> after = one(c, """
                    UPDATE payment_balances SET available = available - ?, reserved = reserved + ?, updated_at = now()
                    WHERE account_id = ? AND currency = ? AND available >= ?
                    RETURNING available""", needed, needed, accountId, currency, needed);
            if (after.isEmpty()) {
                return new Reservation(false, available(c, accountId, currency));
            }
            insertEntry(c, accountId, currency, EntryType.WITHDRAWAL_RESERVE, needed.negate(), after.get(), paymentId,
                    transactionReference, null, null);
            return new Reservation(true, after.get());
        });
    }

    @Override
    public boolean release(long paymentId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    UPDATE balance_entries SET settled = 'released'
                    WHERE payment_id = ? AND type = 'withdrawal_reserve' AND settled IS NULL
                    RETURNING account_id, currency, -amount AS held, transaction_reference"""), paymentId);
                 var rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                long accountId = rs.getLong(1);
                String currency = rs.getString(2);
                BigDecimal held = rs.getBigDecimal(3);
                String ref = rs.getString(4);
                BigDecimal after = one(c, """
                        UPDATE payment_balances SET available = available + ?, reserved = reserved - ?, updated_at = now()
                        WHERE account_id = ? AND currency = ? RETURNING available""",
                        held, held, accountId, currency).orElseThrow();
                insertEntry(c, accountId, currency, EntryType.WITHDRAWAL_RELEASE, held, after, paymentId, ref, null, null);
                return true;
            }
        });
    }

    @Override
    public boolean consume(long paymentId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    UPDATE balance_entries SET settled = 'consumed'
                    WHERE payment_id = ? AND type = 'withdrawal_reserve' AND settled IS NULL
                    RETURNING account_id, currency, -amount AS held"""), paymentId);
                 var rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return false;
                }
                one(c, """
                        UPDATE payment_balances SET reserved = reserved - ?, updated_at = now()
                        WHERE account_id = ? AND currency = ? RETURNING reserved""",
                        rs.getBigDecimal(3), rs.getLong(1), rs.getString(2)).orElseThrow();
                return true;
            }
        });
    }

    @Override
    public boolean credit(long accountId, String currency, long paymentId, String transactionReference,
                          BigDecimal amount) {
        return Jdbc.with(dataSource, c -> {
            open(c, accountId, currency);
            Optional<Long> entry = insertEntry(c, accountId, currency, EntryType.COLLECTION, amount, ZERO, paymentId,
                    transactionReference, null, null);
            if (entry.isEmpty()) {
                return false;
            }
            BigDecimal after = one(c, """
                    UPDATE payment_balances SET available = available + ?, updated_at = now()
                    WHERE account_id = ? AND currency = ? RETURNING available""", amount, accountId, currency).orElseThrow();
            setAfter(c, entry.get(), after);
            return true;
        });
    }

    @Override
    public Adjustment adjust(long accountId, String currency, BigDecimal amount, String reference, String reason) {
        return Jdbc.with(dataSource, c -> {
            open(c, accountId, currency);
            // the entry first: a concurrent repeat of the reference waits on the unique index, then inserts nothing
            Optional<Long> entry = insertEntry(c, accountId, currency, EntryType.ADJUSTMENT, amount, ZERO, null, null,
                    reference, reason);
            if (entry.isEmpty()) {
                try (var ps = Jdbc.bind(c.prepareStatement("""
                        SELECT amount, available_after FROM balance_entries
                        WHERE account_id = ? AND currency = ? AND reference = ? AND type = 'adjustment'"""),
                        accountId, currency, reference); var rs = ps.executeQuery()) {
                    rs.next();
                    return new Adjustment(Outcome.REPEATED, rs.getBigDecimal(1), rs.getBigDecimal(2));
                }
            }
            Optional<BigDecimal> after = one(c, """
                    UPDATE payment_balances SET available = available + ?, updated_at = now()
                    WHERE account_id = ? AND currency = ? AND available + ? >= 0 RETURNING available""",
                    amount, accountId, currency, amount);
            if (after.isEmpty()) {
                return new Adjustment(Outcome.INSUFFICIENT, amount, available(c, accountId, currency));
            }
            setAfter(c, entry.get(), after.get());
            return new Adjustment(Outcome.APPLIED, amount, after.get());
        });
    }

    @Override
    public boolean accountExists(long accountId) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("SELECT 1 FROM accounts WHERE id = ? AND deleted_at IS NULL"),
                    accountId); var rs = ps.executeQuery()) {
                return rs.next();
            }
        });
    }

    @Override
    public List<Balance> balances(long accountId) {
        return Jdbc.with(dataSource, c -> {
            Map<String, BigDecimal> incoming = new HashMap<>();
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT currency, sum(amount) FROM payments
                    WHERE account_id = ? AND request_type = 'payment' AND status IN ('queued', 'pending')
                    GROUP BY currency"""), accountId); var rs = ps.executeQuery()) {
                while (rs.next()) {
                    incoming.put(rs.getString(1).trim(), rs.getBigDecimal(2));
                }
            }
            var out = new ArrayList<Balance>();
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT currency, available, reserved FROM payment_balances
                    WHERE account_id = ? ORDER BY currency"""), accountId); var rs = ps.executeQuery()) {
                while (rs.next()) {
                    String currency = rs.getString(1).trim();
                    out.add(new Balance(currency, rs.getBigDecimal(2), rs.getBigDecimal(3),
                            incoming.getOrDefault(currency, ZERO).setScale(2)));
                }
            }
            return out;
        });
    }

    @Override
    public List<Entry> entries(long accountId, String currency, int limit, Long startingAfter) {
        return Jdbc.with(dataSource, c -> {
            try (var ps = Jdbc.bind(c.prepareStatement("""
                    SELECT id, type, amount, currency, available_after, transaction_reference, created_at
                    FROM balance_entries
                    WHERE account_id = ? AND currency = ? AND id < ?
                    ORDER BY id DESC LIMIT ?"""), accountId, currency,
                    startingAfter == null ? Long.MAX_VALUE : startingAfter, limit); var rs = ps.executeQuery()) {
                var out = new ArrayList<Entry>();
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), EntryType.parse(rs.getString(2)).orElseThrow(), rs.getBigDecimal(3),
                            rs.getString(4).trim(), rs.getBigDecimal(5), rs.getString(6),
                            rs.getTimestamp(7).toInstant()));
                }
                return out;
            }
        });
    }

    private static void open(Connection c, long accountId, String currency) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement("""
                INSERT INTO payment_balances (account_id, currency) VALUES (?, ?)
                ON CONFLICT (account_id, currency) DO NOTHING"""), accountId, currency)) {
            ps.executeUpdate();
        }
    }

    private static BigDecimal available(Connection c, long accountId, String currency) throws SQLException {
        return one(c, "SELECT available FROM payment_balances WHERE account_id = ? AND currency = ?", accountId, currency)
                .orElse(ZERO);
    }

    private static Optional<Long> insertEntry(Connection c, long accountId, String currency, EntryType type,
                                              BigDecimal amount, BigDecimal after, Long paymentId, String txRef,
                                              String reference, String reason) throws SQLException {
        String conflict = paymentId != null
                ? "ON CONFLICT (payment_id, type) WHERE payment_id IS NOT NULL DO NOTHING"
                : "ON CONFLICT (account_id, currency, reference) WHERE type = 'adjustment' DO NOTHING";
        try (var ps = Jdbc.bind(c.prepareStatement("""
                INSERT INTO balance_entries (account_id, currency, type, amount, available_after, payment_id,
                    transaction_reference, reference, reason)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) """ + conflict + " RETURNING id"),
                accountId, currency, type.wire(), amount, after, paymentId, txRef, reference, reason);
             var rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
        }
    }

    private static void setAfter(Connection c, long entryId, BigDecimal after) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement("UPDATE balance_entries SET available_after = ? WHERE id = ?"),
                after, entryId)) {
            ps.executeUpdate();
        }
    }

    private static Optional<BigDecimal> one(Connection c, String sql, Object... args) throws SQLException {
        try (var ps = Jdbc.bind(c.prepareStatement(sql), args); var rs = ps.executeQuery()) {
            return rs.next() ? Optional.of(rs.getBigDecimal(1)) : Optional.empty();
        }
    }
}

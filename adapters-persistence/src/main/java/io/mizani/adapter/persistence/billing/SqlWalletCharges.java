package io.mizani.adapter.persistence.billing;

import io.mizani.application.billing.WalletCharges;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * Charges and refunds of checks on the foundation's service wallet ledger ({@code service_wallets},
 * {@code wallet_entries}). Each move is ONE statement: a conditional {@code UPDATE ... WHERE balance >= :price
 * RETURNING} feeding the ledger {@code INSERT} in a CTE, so the balance and its ledger row change together, the
 * row lock is held only to the end of the caller's short transaction, and concurrent debits on any number of
 * replicas serialise on the wallet row: the balance can never go below zero (also guarded by its CHECK).
 */
@ApplicationScoped
public class SqlWalletCharges implements WalletCharges {

    private static final String DEBIT = "WITH w AS (UPDATE service_wallets SET balance = balance - ?, updated_at = now() "
            + "WHERE account_id = ? AND balance >= ? RETURNING account_id, balance) "
            + "INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
            + "SELECT account_id, 'charge', ?, ?, balance FROM w RETURNING balance_after";

    private static final String REFUND = "WITH w AS (UPDATE service_wallets SET balance = balance + ?, updated_at = now() "
            + "WHERE account_id = ? RETURNING account_id, balance) "
            + "INSERT INTO wallet_entries (account_id, kind, amount, reference, balance_after) "
            + "SELECT account_id, 'refund', ?, ?, balance FROM w RETURNING balance_after";

    private final DataSource ds;

    @Inject
    public SqlWalletCharges(DataSource ds) {
        this.ds = ds;
    }

    @Override
    public boolean debit(long accountId, BigDecimal amount, String reference) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(DEBIT)) {
            ps.setBigDecimal(1, amount);
            ps.setLong(2, accountId);
            ps.setBigDecimal(3, amount);
            ps.setBigDecimal(4, amount.negate());
            ps.setString(5, reference);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("wallet debit failed", e);
        }
    }

    @Override
    public void refund(long accountId, BigDecimal amount, String reference) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(REFUND)) {
            ps.setBigDecimal(1, amount);
            ps.setLong(2, accountId);
            ps.setBigDecimal(3, amount);
            ps.setString(4, reference);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("account " + accountId + " has no service wallet to refund to");
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("wallet refund failed", e);
        }
    }

    @Override
    public BigDecimal balance(long accountId) {
        try (Connection c = ds.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT balance FROM service_wallets WHERE account_id = ?")) {
            ps.setLong(1, accountId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBigDecimal(1) : BigDecimal.ZERO.setScale(2);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("wallet balance failed", e);
        }
    }
}

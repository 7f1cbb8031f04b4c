package io.mizani.bootstrap.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * V13 turns each service wallet and each payment balance (one row) into 8 slots with the same balance to the cent,
 * the reserved amount and the open reservations on slot 0, and drops the old money columns. Run in a schema of its own
 * on the test database: the tables as V1/V6 left them (only the columns V13 touches), rows in them, then the V13
 * script as Flyway runs it.
 */
@QuarkusTest
class HotAccountsMigrationTest {

    @Inject
    DataSource dataSource;

    @Test
    void v13_spreads_every_balance_over_eight_slots_to_the_cent() throws Exception {
        String v13;
        try (InputStream in = Thread.currentThread().getContextClassLoader()
                .getResourceAsStream("db/migration/V13__hot_account_slots.sql")) {
            assertNotNull(in, "V13 on the classpath");
            v13 = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (var c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("DROP SCHEMA IF EXISTS v13_check CASCADE; CREATE SCHEMA v13_check; SET search_path = v13_check");
            try {
                migrateAndCheck(st, v13);
            } finally {
                st.execute("SET search_path TO DEFAULT; DROP SCHEMA IF EXISTS v13_check CASCADE");
            }
        }
    }

    private static void migrateAndCheck(Statement st, String v13) throws Exception {
        st.execute("""
                CREATE TABLE service_wallets (account_id bigint PRIMARY KEY, currency text NOT NULL DEFAULT 'KES',
                    balance numeric(19,2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
                    updated_at timestamptz NOT NULL DEFAULT now());
                CREATE TABLE payment_balances (account_id bigint NOT NULL, currency char(3) NOT NULL,
                    available numeric(19,2) NOT NULL DEFAULT 0 CHECK (available >= 0),
                    reserved numeric(19,2) NOT NULL DEFAULT 0 CHECK (reserved >= 0),
                    updated_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (account_id, currency));
                CREATE TABLE balance_entries (id bigserial PRIMARY KEY, account_id bigint NOT NULL, currency char(3) NOT NULL,
                    type text NOT NULL, amount numeric(19,2) NOT NULL, settled text);
                INSERT INTO service_wallets (account_id, balance) VALUES (1, 1000.05), (2, 0), (3, 0.07), (4, 12345678.91);
                INSERT INTO payment_balances (account_id, currency, available, reserved) VALUES
                    (1, 'KES', 123.45, 10.00), (1, 'NGN', 0, 0), (2, 'GHS', 7.00, 0);
                INSERT INTO balance_entries (account_id, currency, type, amount, settled) VALUES
                    (1, 'KES', 'adjustment', 143.45, NULL), (1, 'KES', 'withdrawal_reserve', -10.00, NULL),
                    (1, 'KES', 'withdrawal_reserve', -10.00, 'consumed');
                """);
        st.execute(v13);

        assertEquals(List.of("1 8 1000.05 125.00 125.01", "2 8 0.00 0.00 0.00", "3 8 0.07 0.00 0.01",
                "4 8 12345678.91 1543209.86 1543209.87"), rows(st, """
                SELECT account_id, count(*), sum(balance), min(balance), max(balance) FROM service_wallet_slots
                GROUP BY account_id ORDER BY account_id"""));
        assertEquals(List.of("1 KES 8 123.45 10.00 15.43 15.44", "1 NGN 8 0.00 0.00 0.00 0.00",
                "2 GHS 8 7.00 0.00 0.87 0.88"), rows(st, """
                SELECT account_id, currency, count(*), sum(available), sum(reserved), min(available), max(available)
                FROM payment_balance_slots GROUP BY account_id, currency ORDER BY account_id, currency"""));
        assertEquals(List.of("0 10.00"), rows(st, "SELECT slot, reserved FROM payment_balance_slots WHERE reserved > 0"));
        assertEquals(List.of("adjustment null", "withdrawal_reserve 0", "withdrawal_reserve 0"),
                rows(st, "SELECT type, slot FROM balance_entries ORDER BY id"));
        // the old money columns are gone, and each slot keeps its own floor
        assertThrows(java.sql.SQLException.class, () -> st.execute("SELECT balance FROM service_wallets"));
        assertThrows(java.sql.SQLException.class, () -> st.execute("SELECT available FROM payment_balances"));
        assertThrows(java.sql.SQLException.class, () -> st.execute(
                "UPDATE service_wallet_slots SET balance = balance - 125.01 WHERE account_id = 1 AND slot = 7"));
        assertThrows(java.sql.SQLException.class, () -> st.execute(
                "UPDATE payment_balance_slots SET reserved = reserved - 0.01 WHERE account_id = 1 AND slot = 1"));
    }

    private static List<String> rows(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (var rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(i > 1 ? " " : "").append(rs.getString(i) == null ? "null" : rs.getString(i).trim());
                }
                out.add(b.toString());
            }
        }
        return out;
    }
}

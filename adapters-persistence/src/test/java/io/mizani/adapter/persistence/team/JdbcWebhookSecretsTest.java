package io.mizani.adapter.persistence.team;

import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.adapter.persistence.common.Sql;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** accounts.webhook_secret read and replaced against a real PostgreSQL 17 with every migration. */
class JdbcWebhookSecretsTest {

    static JdbcWebhookSecrets secrets;

    @BeforeAll
    static void start() throws Exception {
        PGSimpleDataSource dataSource = TestDatabase.migrated("webhook_secrets").dataSource();
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            st.execute("INSERT INTO organizations (id, name) VALUES (1, 'Org')");
            st.execute("INSERT INTO accounts (id, organization_id, uuid, name, currency, webhook_secret) "
                    + "VALUES (7, 1, 'team-7', 'Team', 'KES', 'whsec-first')");
        }
        secrets = new JdbcWebhookSecrets();
        secrets.sql = new Sql(dataSource);
    }

    @Test
    void the_secret_is_read_and_replaced_and_a_failure_does_not_show_it() {
        assertEquals(Optional.of("whsec-first"), secrets.current(7));
        assertTrue(secrets.current(8).isEmpty(), "no such Team");
        secrets.replace(7, "whsec-second");
        assertEquals(Optional.of("whsec-second"), secrets.current(7));
        secrets.replace(8, "whsec-nobody");
        assertTrue(secrets.current(8).isEmpty(), "replacing the secret of no Team changes nothing");

        IllegalStateException failure = assertThrows(IllegalStateException.class, () -> secrets.replace(7, null));
        assertTrue(failure.getMessage().startsWith("database error: "), failure.getMessage());
        assertEquals("23502", assertInstanceOf(SQLException.class, failure.getCause()).getSQLState());
        assertFalse(failure.getMessage().contains("whsec-second"));
        assertEquals(Optional.of("whsec-second"), secrets.current(7));
    }
}

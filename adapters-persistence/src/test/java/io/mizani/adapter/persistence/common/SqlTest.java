package io.mizani.adapter.persistence.common;

import io.mizani.adapter.persistence.support.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import org.jdbi.v3.core.JdbiException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** Every store's handle ({@link Sql}): a failing statement's message names the SQL, never a value bound to it. */
class SqlTest {

    static TestDatabase db;
    static Sql sql;

    @BeforeAll
    static void start() throws Exception {
        db = TestDatabase.fresh("sql");
        PGSimpleDataSource ds = db.dataSource();
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.execute("CREATE TABLE probe (id int PRIMARY KEY, phone text NOT NULL CHECK (length(phone) < 5))");
        }
        sql = new Sql(ds);
    }

    @Test
    void aFailingStatementsMessageNamesTheSqlAndNoBoundValue() {
        String phone = "+254712345678";
        JdbiException e = assertThrows(JdbiException.class, () -> sql.use(h -> h.createUpdate(
                "INSERT INTO probe (id, phone) VALUES (:id, :phone)").bind("id", 1).bind("phone", phone).execute()));
        assertTrue(e.getMessage().contains("INSERT INTO probe (id, phone) VALUES"), e.getMessage());
        assertFalse(e.getMessage().contains("arguments"), e.getMessage());
        assertFalse(e.getMessage().contains("712345678"), e.getMessage());
        assertInstanceOf(SQLException.class, e.getCause());
        assertTrue(((SQLException) e.getCause()).getSQLState().startsWith("23"), "the check violation's state kept");
        assertTrue(e.getMessage().contains("violates check constraint \"probe_phone_check\" (SQLState 23514)"),
                e.getMessage());
    }

    /**
     * The driver's own message quotes the failing row ({@code Detail: Failing row contains}) unless told not to, and
     * a logged exception prints its cause: the service's data source sets {@code logServerErrorDetail=false}
     * (application.properties), as this one does.
     */
    @Test
    void withTheServicesDriverSettingTheCauseQuotesNoRowEither() throws Exception {
        PGSimpleDataSource quiet = db.dataSource(ds -> ds.setLogServerErrorDetail(false));
        Sql service = new Sql(quiet);
        JdbiException e = assertThrows(JdbiException.class, () -> service.use(h -> h.createUpdate(
                "INSERT INTO probe (id, phone) VALUES (:id, :phone)").bind("id", 2).bind("phone", "+254799887766")
                .execute()));
        assertFalse(e.getCause().getMessage().contains("799887766"), e.getCause().getMessage());
        assertFalse(e.getMessage().contains("799887766"), e.getMessage());
    }
}

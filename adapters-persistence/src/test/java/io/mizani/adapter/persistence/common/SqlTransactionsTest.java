package io.mizani.adapter.persistence.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import javax.sql.DataSource;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import io.agroal.api.exceptionsorter.PostgreSQLExceptionSorter;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;

import io.mizani.adapter.persistence.support.TestDatabase;

/**
 * The service's transactions ({@link Sql#inNewTransaction}): plain JDBC on one connection, no transaction manager.
 * What a store relies on: its statements inside one commit or roll back together, a new transaction inside another is
 * its own, work after the commit runs only after a commit, and a transaction past its timeout keeps nothing.
 */
class SqlTransactionsTest {

    static final Duration MINUTE = Duration.ofMinutes(1);
    static Sql sql;
    static TestDatabase db;

    @BeforeAll
    static void start() {
        db = TestDatabase.fresh("sql_transactions");
        db.execute("CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL)");
        sql = new Sql(db.dataSource());
    }

    @BeforeEach
    void empty() {
        sql.use(h -> h.execute("TRUNCATE probe"));
    }

    @Test
    void aTransactionsStatementsCommitTogetherOrNotAtAll() {
        IllegalStateException failure = new IllegalStateException("the work fails after its writes");
        IllegalStateException thrown = assertThrows(IllegalStateException.class,
                () -> sql.inNewTransaction(MINUTE, () -> {
                    insert(1, "rolled back");
                    insert(2, "rolled back too");
                    assertEquals(2, count(), "the transaction sees its own rows");
                    throw failure;
                }));
        assertSame(failure, thrown, "the work's own exception reaches the caller");
        assertEquals(0, count());

        String result = sql.inNewTransaction(MINUTE, () -> {
            insert(3, "kept");
            insert(4, "kept too");
            return "done";
        });
        assertEquals("done", result);
        assertEquals(2, count());
        assertFalse(sql.inTransaction(), "nothing left running on the thread");
    }

    @Test
    void everyStatementOfATransactionRunsOnItsOneConnectionAndOutsideEachOnItsOwn() {
        List<Object> seen = sql.inNewTransaction(MINUTE, () -> List.of(backend(), backend(), transactionId(),
                transactionId()));
        assertEquals(seen.get(0), seen.get(1), "one connection");
        assertEquals(seen.get(2), seen.get(3), "one transaction");
        // outside a transaction each statement commits by itself
        assertNotEquals(transactionId(), transactionId());
    }

    @Test
    void aNewTransactionInsideAnotherIsItsOwnAndTheOuterOneResumesAfterIt() {
        assertThrows(IllegalStateException.class, () -> sql.inNewTransaction(MINUTE, () -> {
            insert(1, "outer, before");
            sql.inNewTransaction(MINUTE, () -> insert(2, "inner"));
            assertEquals(2, count(), "the outer transaction sees the inner one's committed row");
            insert(3, "outer, after");
            throw new IllegalStateException("the outer work fails");
        }));
        assertEquals(List.of("inner"), notes(), "the inner one committed, all of the outer one rolled back");
    }

    @Test
    void workAfterTheCommitRunsOnlyOnceItHasCommitted() {
        List<String> ran = new ArrayList<>();
        sql.inNewTransaction(MINUTE, () -> {
            insert(1, "kept");
            sql.afterCommit(() -> ran.add("after commit: " + count() + " row, in a transaction " + sql.inTransaction()));
            assertTrue(ran.isEmpty(), "not before the commit");
            return null;
        });
        assertEquals(List.of("after commit: 1 row, in a transaction false"), ran);

        ran.clear();
        assertThrows(IllegalStateException.class, () -> sql.inNewTransaction(MINUTE, () -> {
            sql.afterCommit(() -> ran.add("must not run"));
            throw new IllegalStateException("rolled back");
        }));
        assertEquals(List.of(), ran, "a rolled-back transaction runs none of it");

        sql.afterCommit(() -> ran.add("now"));
        assertEquals(List.of("now"), ran, "outside a transaction it runs at once");

        sql.inNewTransaction(MINUTE, () -> {
            sql.afterCommit(() -> {
                throw new IllegalStateException("a failing after-commit step");
            });
            sql.afterCommit(() -> ran.add("the next one still runs"));
            return null;
        });
        assertEquals(List.of("now", "the next one still runs"), ran);
    }

    @Test
    void aTransactionStillRunningAfterItsTimeoutIsRolledBack() {
        assertThrows(Sql.TransactionTimedOut.class, () -> sql.inNewTransaction(Duration.ofMillis(100), () -> {
            insert(1, "too late");
            sql.use(h -> h.execute("SELECT pg_sleep(0.3)"));
            return null;
        }));
        assertEquals(0, count());
    }

    /**
     * A ROLLBACK that fails on a live connection (never seen, so injected here) must not let anything commit: Jdbi
     * and the pool both switch auto-commit back on, and the driver commits an open transaction when they do. The
     * pool is Agroal as the service configures it for PostgreSQL, one connection, so the next transaction shows
     * whether the abandoned connection was handed out again.
     */
    @Test
    void aTransactionWhoseRollbackFailsKeepsNothingAndItsConnectionLeavesThePool() throws Exception {
        PGSimpleDataSource target = db.dataSource();
        AgroalDataSourceConfigurationSupplier config = new AgroalDataSourceConfigurationSupplier()
                .connectionPoolConfiguration(pool -> pool.maxSize(1)
                        .exceptionSorter(new PostgreSQLExceptionSorter())
                        .connectionFactoryConfiguration(factory -> factory.jdbcUrl(target.getUrl())
                                .principal(new NamePrincipal(target.getUser()))
                                .credential(new SimplePassword(target.getPassword()))));
        AtomicBoolean failRollback = new AtomicBoolean();
        try (AgroalDataSource pool = AgroalDataSource.from(config)) {
            Sql pooled = new Sql(rollbackFails(pool, failRollback));
            IllegalStateException failure = new IllegalStateException("the work fails after its write");
            List<Connection> physical = new ArrayList<>();
            failRollback.set(true);
            IllegalStateException thrown = assertThrows(IllegalStateException.class,
                    () -> pooled.inNewTransaction(MINUTE, () -> {
                        pooled.use(h -> {
                            physical.add(physicalOf(h.getConnection()));
                            h.execute("INSERT INTO probe (id, note) VALUES (1, 'never kept')");
                        });
                        throw failure;
                    }));
            assertSame(failure, thrown, "the work's own exception reaches the caller");
            assertFalse(failRollback.get(), "the rollback was tried, and failed");
            assertTrue(thrown.getSuppressed().length > 0, "the rollback's failure is attached to the work's");
            assertEquals(0, count(), "nothing of a transaction whose rollback failed is committed");

            assertTrue(physical.get(0).isClosed(), "its connection was closed");

            assertEquals("next", pooled.inNewTransaction(MINUTE, () -> {
                pooled.use(h -> {
                    physical.add(physicalOf(h.getConnection()));
                    h.execute("INSERT INTO probe (id, note) VALUES (2, 'next')");
                });
                return "next";
            }), "the next transaction gets a working connection");
            assertNotSame(physical.get(0), physical.get(1), "the closed connection was not handed out again");
            assertEquals(List.of("next"), notes());
        }
    }

    /** {@code pool}, with connections whose next {@code rollback()} throws while {@code fail} is set. */
    private static DataSource rollbackFails(DataSource pool, AtomicBoolean fail) {
        return (DataSource) Proxy.newProxyInstance(SqlTransactionsTest.class.getClassLoader(),
                new Class<?>[] {DataSource.class}, (proxy, method, args) -> {
                    Object result = call(method, pool, args);
                    if (!method.getName().equals("getConnection")) {
                        return result;
                    }
                    Connection connection = (Connection) result;
                    return Proxy.newProxyInstance(SqlTransactionsTest.class.getClassLoader(),
                            new Class<?>[] {Connection.class}, (p, m, a) -> {
                                if (m.getName().equals("rollback") && a == null && fail.getAndSet(false)) {
                                    throw new SQLException("injected: the ROLLBACK failed", "XX000");
                                }
                                return call(m, connection, a);
                            });
                });
    }

    /** The driver's connection beneath the pool's wrapper (and the test's proxy). */
    private static Connection physicalOf(Connection connection) {
        try {
            return connection.unwrap(Connection.class);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object call(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    private static int insert(int id, String note) {
        return sql.with(h -> h.createUpdate("INSERT INTO probe (id, note) VALUES (:id, :note)")
                .bind("id", id).bind("note", note).execute());
    }

    private static int count() {
        return sql.with(h -> h.createQuery("SELECT count(*) FROM probe").mapTo(Integer.class).one());
    }

    private static List<String> notes() {
        return sql.with(h -> h.createQuery("SELECT note FROM probe ORDER BY id").mapTo(String.class).list());
    }

    private static Object backend() {
        return sql.with(h -> h.createQuery("SELECT pg_backend_pid()").mapTo(Integer.class).one());
    }

    private static Object transactionId() {
        return sql.with(h -> h.createQuery("SELECT txid_current()").mapTo(Long.class).one());
    }
}

package io.mizani.adapter.persistence.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.mizani.adapter.persistence.support.TestDatabase;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;

import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.statement.Query;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link Param} binds each value as Jdbi's own overload for the same static type does: PostgreSQL receives the same
 * value with the same type, and a null with the same type (which decides whether it fits a {@code timestamptz} or a
 * {@code bigint} column). Compared through PostgreSQL itself: {@code pg_typeof} of the parameter and its text.
 */
class ParamTest {

    static Sql sql;

    @BeforeAll
    static void start() {
        sql = new Sql(TestDatabase.fresh("param").dataSource());
    }

    /**
     * What PostgreSQL received as {@code :v}: its type and its value as text, or, for a parameter sent without a type
     * (pgjdbc sends timestamps and untyped nulls so, for the server to infer), the server's refusal to infer one here.
     */
    static String received(UnaryOperator<Query> bind) {
        try {
            return sql.with(h -> bind.apply(h.createQuery(
                            "SELECT pg_typeof(:v)::text || ' ' || coalesce((:v)::text, 'NULL')"))
                    .mapTo(String.class).one());
        } catch (UnableToExecuteStatementException e) {
            return "refused: " + (e.getCause() instanceof SQLException s ? s.getSQLState() : e.getCause());
        }
    }

    /** The same parameter where the statement gives it a type: the value PostgreSQL stores in a typed column. */
    static String stored(String type, UnaryOperator<Query> bind) {
        return sql.with(h -> bind.apply(h.createQuery(
                        "SELECT coalesce(CAST(:v AS " + type + ")::text, 'NULL')"))
                .mapTo(String.class).one());
    }

    record Case(String name, String type, UnaryOperator<Query> jdbi, UnaryOperator<Query> param) {
    }

    static List<Case> cases() {
        Timestamp at = Timestamp.from(Instant.parse("2026-11-29T16:30:00.123456Z"));
        Date day = Date.valueOf(LocalDate.of(1990, 5, 17));
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("text", "text", q -> q.bind("v", "Ada"), q -> q.bind("v", Param.of("Ada"))));
        cases.add(new Case("text null", "text", q -> q.bind("v", (String) null),
                q -> q.bind("v", Param.of((String) null))));
        cases.add(new Case("long", "bigint", q -> q.bind("v", 9_007_199_254_740_993L),
                q -> q.bind("v", Param.of(9_007_199_254_740_993L))));
        cases.add(new Case("Long", "bigint", q -> q.bind("v", Long.valueOf(42)),
                q -> q.bind("v", Param.of(Long.valueOf(42)))));
        cases.add(new Case("Long null", "bigint", q -> q.bind("v", (Long) null),
                q -> q.bind("v", Param.of((Long) null))));
        cases.add(new Case("int", "integer", q -> q.bind("v", -7), q -> q.bind("v", Param.of(-7))));
        cases.add(new Case("Integer null", "integer", q -> q.bind("v", (Integer) null),
                q -> q.bind("v", Param.of((Integer) null))));
        cases.add(new Case("boolean", "boolean", q -> q.bind("v", true), q -> q.bind("v", Param.of(true))));
        cases.add(new Case("Boolean null", "boolean", q -> q.bind("v", (Boolean) null),
                q -> q.bind("v", Param.of((Boolean) null))));
        cases.add(new Case("BigDecimal", "numeric", q -> q.bind("v", new BigDecimal("1250.50")),
                q -> q.bind("v", Param.of(new BigDecimal("1250.50")))));
        cases.add(new Case("BigDecimal null", "numeric", q -> q.bind("v", (BigDecimal) null),
                q -> q.bind("v", Param.of((BigDecimal) null))));
        cases.add(new Case("Timestamp", "timestamptz", q -> q.bind("v", at), q -> q.bind("v", Param.of(at))));
        cases.add(new Case("Timestamp null", "timestamptz", q -> q.bind("v", (Timestamp) null),
                q -> q.bind("v", Param.of((Timestamp) null))));
        cases.add(new Case("Date", "date", q -> q.bind("v", day), q -> q.bind("v", Param.of(day))));
        cases.add(new Case("Date null", "date", q -> q.bind("v", (Date) null),
                q -> q.bind("v", Param.of((Date) null))));
        cases.add(new Case("bytes", "bytea", q -> q.bind("v", new byte[]{1, 2, (byte) 0xff}),
                q -> q.bind("v", Param.of(new byte[]{1, 2, (byte) 0xff}))));
        cases.add(new Case("bytes null", "bytea", q -> q.bind("v", (byte[]) null),
                q -> q.bind("v", Param.of((byte[]) null))));
        return cases;
    }

    @Test
    void eachOverloadReachesPostgresqlAsJdbisOwnDoes() {
        for (Case c : cases()) {
            assertEquals(received(c.jdbi()), received(c.param()), c.name());
            assertEquals(stored(c.type(), c.jdbi()), stored(c.type(), c.param()), c.name());
        }
    }

    @Test
    void aNullReachesPostgresqlWithItsType() {
        // the property the typed nulls keep: a text null is a varchar, a bigint null a bigint (not Jdbi's untyped null)
        assertEquals("character varying NULL", received(q -> q.bind("v", Param.of((String) null))));
        assertEquals("bigint NULL", received(q -> q.bind("v", Param.of((Long) null))));
    }

    @Test
    void aValueOfARowMapIsBoundAsJdbiBindsAnObject() {
        Timestamp at = Timestamp.from(Instant.parse("2026-11-29T16:30:00Z"));
        UUID uuid = UUID.fromString("0b6f3c2e-8a53-4d52-9a0e-3f4f1d3b8c11");
        for (Object value : new Object[]{"Ada", 42L, 7, false, new BigDecimal("0.77"), at,
                Date.valueOf(LocalDate.of(1990, 5, 17)), new byte[]{9}, uuid, null}) {
            assertEquals(received(q -> q.bind("v", value)), received(q -> q.bind("v", Param.any(value))),
                    String.valueOf(value));
        }
        // handed to Jdbi unchanged: a class Param has no overload for, and null (Jdbi's untyped null)
        assertSame(uuid, Param.any(uuid));
        assertEquals(null, Param.any(null));
        assertInstanceOf(Argument.class, Param.any("Ada"));
    }
}

package io.mizani.adapter.persistence.common;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.Timestamp;
import java.sql.Types;

import org.jdbi.v3.core.argument.Argument;

/**
 * A named parameter's value as the {@link Argument} Jdbi would have built for it, built here instead: for the
 * statements on the hot paths (a payment's acceptance and life, a verification), where Jdbi's own binding took 38 % of
 * the payment INSERT's samples in the JVM, two thirds of it finding the argument factories.
 * <p>
 * Why: Jdbi gives every statement a fresh copy of its configuration, and so a fresh cache of argument factories. For
 * each value bound by type ({@code bind("x", "text")}) it finds the value's qualified type, then walks its sixteen
 * factories to the one that takes that type, once per type per statement. For an {@link Argument} it does neither: it
 * applies it ({@code ArgumentBinder.bindNamed}). docs/performance.md "Binding without Jdbi's per-statement lookup"
 * has the profile and the measurement.
 * <p>
 * Each overload binds as Jdbi's overload for the same static type does (its {@code EssentialsArgumentFactory},
 * {@code BoxedArgumentFactory}, {@code PrimitivesArgumentFactory} and {@code SqlTimeArgumentFactory}): the same
 * setter for a value, and for null the same SQL type code, which decides the type pgjdbc announces to PostgreSQL
 * ({@code ParamTest} compares the two through PostgreSQL). Types not listed here stay with Jdbi: {@link #any} hands
 * them on unchanged.
 * <pre>{@code
 * h.createUpdate("UPDATE events SET status = :status WHERE id = :id")
 *         .bind("status", Param.of(status)).bind("id", Param.of(id)).execute();
 * }</pre>
 */
public final class Param {

    private static final Argument NULL_VARCHAR = nullOf(Types.VARCHAR);
    private static final Argument NULL_BIGINT = nullOf(Types.BIGINT);
    private static final Argument NULL_INTEGER = nullOf(Types.INTEGER);
    private static final Argument NULL_BOOLEAN = nullOf(Types.BOOLEAN);
    private static final Argument NULL_NUMERIC = nullOf(Types.NUMERIC);
    private static final Argument NULL_TIMESTAMP = nullOf(Types.TIMESTAMP);
    private static final Argument NULL_DATE = nullOf(Types.DATE);
    private static final Argument NULL_VARBINARY = nullOf(Types.VARBINARY);

    private Param() {
    }

    /** A null of the SQL type {@code type} ({@link Types}): {@code setNull}, as Jdbi's {@code NullArgument}. */
    private static Argument nullOf(int type) {
        return (position, statement, ctx) -> statement.setNull(position, type);
    }

    /** Text: {@code setString}; null as {@code VARCHAR}. */
    public static Argument of(String value) {
        return value == null ? NULL_VARCHAR : (position, statement, ctx) -> statement.setString(position, value);
    }

    /** A {@code bigint}: {@code setLong}. */
    public static Argument of(long value) {
        return (position, statement, ctx) -> statement.setLong(position, value);
    }

    /** A {@code bigint}: {@code setLong}; null as {@code BIGINT}. */
    public static Argument of(Long value) {
        return value == null ? NULL_BIGINT : of(value.longValue());
    }

    /** An {@code integer}: {@code setInt}. */
    public static Argument of(int value) {
        return (position, statement, ctx) -> statement.setInt(position, value);
    }

    /** An {@code integer}: {@code setInt}; null as {@code INTEGER}. */
    public static Argument of(Integer value) {
        return value == null ? NULL_INTEGER : of(value.intValue());
    }

    /** A {@code boolean}: {@code setBoolean}. */
    public static Argument of(boolean value) {
        return (position, statement, ctx) -> statement.setBoolean(position, value);
    }

    /** A {@code boolean}: {@code setBoolean}; null as {@code BOOLEAN}. */
    public static Argument of(Boolean value) {
        return value == null ? NULL_BOOLEAN : of(value.booleanValue());
    }

    /** A {@code numeric}: {@code setBigDecimal}; null as {@code NUMERIC}. */
    public static Argument of(BigDecimal value) {
        return value == null ? NULL_NUMERIC : (position, statement, ctx) -> statement.setBigDecimal(position, value);
    }

    /** A timestamp: {@code setTimestamp}; null as {@code TIMESTAMP}. */
    public static Argument of(Timestamp value) {
        return value == null ? NULL_TIMESTAMP : (position, statement, ctx) -> statement.setTimestamp(position, value);
    }

    /** A {@code date}: {@code setDate}; null as {@code DATE}. */
    public static Argument of(Date value) {
        return value == null ? NULL_DATE : (position, statement, ctx) -> statement.setDate(position, value);
    }

    /** A {@code bytea}: {@code setBytes}; null as {@code VARBINARY}. */
    public static Argument of(byte[] value) {
        return value == null ? NULL_VARBINARY : (position, statement, ctx) -> statement.setBytes(position, value);
    }

    /**
     * A value whose type is known only when it runs (a row built as a map of columns): the overload above for its
     * class; null stays null, which Jdbi binds as its untyped null, as it does {@code bind(name, (Object) null)}; any
     * other class is returned as it is, for Jdbi to bind.
     */
    public static Object any(Object value) {
        return switch (value) {
            case null -> null;
            case String s -> of(s);
            case Long l -> of(l.longValue());
            case Integer i -> of(i.intValue());
            case Boolean b -> of(b.booleanValue());
            case BigDecimal d -> of(d);
            case Timestamp t -> of(t);
            case Date d -> of(d);
            case byte[] b -> of(b);
            default -> value;
        };
    }
}

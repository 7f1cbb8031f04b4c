package io.mizani.adapter.persistence.common;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** How a store binds an instant to a {@code timestamptz} parameter and reads one back (pgjdbc's java.time types). */
public final class Times {

    private Times() {
    }

    /** The instant as pgjdbc binds a {@code timestamptz}: an offset time in UTC; null stays null. */
    public static OffsetDateTime utc(Instant at) {
        return at == null ? null : OffsetDateTime.ofInstant(at, ZoneOffset.UTC);
    }

    /**
     * The instant as a {@code timestamptz} column holds it: truncated to microseconds, PostgreSQL's resolution (which
     * would round), so an answer shows the time a later read gives back; null stays null.
     */
    public static Instant stored(Instant at) {
        return at == null ? null : at.truncatedTo(ChronoUnit.MICROS);
    }

    /** The {@code timestamptz} column as an instant; SQL NULL as null. */
    public static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }
}

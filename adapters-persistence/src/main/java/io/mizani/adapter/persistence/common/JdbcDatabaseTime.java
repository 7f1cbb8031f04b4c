package io.mizani.adapter.persistence.common;

import java.time.Instant;
import java.time.OffsetDateTime;

import io.mizani.application.common.DatabaseTime;
import jakarta.inject.Singleton;

/** {@code SELECT clock_timestamp()}: the database server's time at the moment of the call (not the transaction's). */
@Singleton
class JdbcDatabaseTime implements DatabaseTime {

    private final Sql sql;

    JdbcDatabaseTime(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Instant now() {
        return sql.with(h -> h.createQuery("SELECT clock_timestamp()").mapTo(OffsetDateTime.class).one()).toInstant();
    }
}

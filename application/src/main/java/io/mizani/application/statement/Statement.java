package io.mizani.application.statement;

import io.mizani.domain.statement.StatementId;
import io.mizani.domain.statement.StatementPeriod;
import io.mizani.domain.statement.StatementStatus;
import io.mizani.domain.statement.StatementTotals;

import java.time.Instant;
import java.util.Objects;

/**
 * A statement as stored: what was asked ({@link Request}), where it stands, and once completed its {@link Result}
 * (the totals and the stored file). {@code createdAt} is the value PostgreSQL stored (milliseconds).
 */
public record Statement(StatementId id, long accountId, Request request, StatementStatus status, Result result,
                        Instant createdAt) {

    /** The balance and the days asked for. */
    public record Request(String currency, StatementPeriod period) {
        public Request {
            Objects.requireNonNull(currency, "currency");
            Objects.requireNonNull(period, "period");
        }
    }

    /** The stored file: the hex SHA-256 of its bytes, its size, and until when its link works. */
    public record File(String sha256, long size, Instant expiresAt) {
    }

    /** What a completed statement adds up to and the file that shows it. */
    public record Result(StatementTotals totals, File file) {
    }

    public Statement {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(createdAt, "createdAt");
        if ((status == StatementStatus.COMPLETED) != (result != null)) {
            throw new IllegalArgumentException("a statement has a result exactly when it is completed");
        }
    }
}

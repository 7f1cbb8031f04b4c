package io.mizani.domain.statement;

import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/** A statement's id: a random UUID, the {@code id} merchants see and the key of its download link. */
public record StatementId(UUID value) {

    public StatementId {
        Objects.requireNonNull(value, "value");
    }

    /** The id a client sent; empty when it is not a UUID (such an id names no statement: 404). */
    public static Optional<StatementId> parse(String raw) {
        if (raw == null || raw.length() != 36) {
            return Optional.empty();
        }
        try {
            return Optional.of(new StatementId(UUID.fromString(raw)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return value.toString();
    }
}

package io.mizani.application.operator;

import io.mizani.domain.operator.OperatorRole;

/** The operator behind a request: its id, login and role. */
public record OperatorContext(long id, String username, OperatorRole role) {
}

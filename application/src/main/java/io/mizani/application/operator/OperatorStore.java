package io.mizani.application.operator;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.mizani.domain.operator.OperatorRole;

/** Named operators (platform.md section 18), stored with the SHA-256 of their password like merchant credentials. */
public interface OperatorStore {

    record Operator(long id, String username, OperatorRole role, Instant createdAt) {
    }

    record StoredOperator(Operator operator, byte[] secretHash) {
    }

    /** A new operator; empty when the username is taken by a live operator. */
    Optional<Operator> insert(String username, OperatorRole role, byte[] secretHash);

    /** The bootstrap {@code operator} login (admin), its password hash set to the configured one at every start. */
    void upsertBootstrap(String username, byte[] secretHash);

    Optional<StoredOperator> find(String username);

    /** Live operators, oldest first. */
    List<Operator> list();

    /** Marks the operator deleted; false when there is no such live operator. */
    boolean delete(String username);
}

package io.mizani.application.operator;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.mizani.domain.operator.OperatorRole;

/** Named operators (platform.md section 18), stored with the SHA-256 of their password like merchant credentials. */
public interface OperatorStore {

    record Operator(long id, String username, OperatorRole role, Instant createdAt) {
    }

    /** {@code consoleSignedOutAt}: when the operator last signed out of the console (null: never). */
    record StoredOperator(Operator operator, byte[] secretHash, Instant consoleSignedOutAt) {
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

    /** Ends every console session of the operator opened up to {@code at} (its sign-out). */
    void signOutConsole(long operatorId, Instant at);
}

package io.mizani.application.idempotency;

import java.util.Optional;

/**
 * The Idempotency-Key the current request holds, if any (a port: the REST adapter knows the request). Empty outside
 * a request, or when the request carries no key.
 */
public interface CurrentIdempotencyKey {

    Optional<HeldKey> held();

    CurrentIdempotencyKey NONE = Optional::empty;

    /**
     * A key held by the current request under {@code leaseToken}; {@code recoveryKind}/{@code recoveryRef} name the
     * resource an earlier holder committed (null when none did).
     */
    record HeldKey(long accountId, String key, String leaseToken, String recoveryKind, String recoveryRef) {
    }
}

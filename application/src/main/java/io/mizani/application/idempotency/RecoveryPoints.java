package io.mizani.application.idempotency;

import io.mizani.domain.error.DomainError;
import java.util.Optional;

/**
 * Recovery points of idempotent operations (Stripe's "atomic phases"): an operation that creates a resource
 * {@link #record records}, in the same transaction, that the request's Idempotency-Key created it; an operation
 * first asks whether its key {@link #committed already created} one, and then answers that resource as it answered
 * the first time instead of running again. Without a key (or outside a request) both do nothing.
 */
public final class RecoveryPoints {

    public static final String PAYMENT = "payment";
    public static final String VERIFICATION = "verification";
    public static final String BENEFICIARY = "beneficiary";
    public static final String ACCOUNT_KYC = "account_kyc";
    public static final String REFUND = "refund";

    /** For callers without Idempotency-Key support (unit tests, workers). */
    public static final RecoveryPoints NONE = new RecoveryPoints(CurrentIdempotencyKey.NONE, null);

    private final CurrentIdempotencyKey current;
    private final IdempotencyStore store;

    public RecoveryPoints(CurrentIdempotencyKey current, IdempotencyStore store) {
        this.current = current;
        this.store = store;
    }

    /** The resource of {@code kind} that an earlier request with this request's key committed. */
    public Optional<String> committed(long accountId, String kind) {
        return current.held()
                .filter(h -> h.accountId() == accountId && h.recoveryRef() != null && kind.equals(h.recoveryKind()))
                .map(CurrentIdempotencyKey.HeldKey::recoveryRef);
    }

    /**
     * Records, inside the caller's transaction, that this request's key created {@code ref}. When the key was taken
     * over meanwhile (this request outlived its lease), throws 409 {@code idempotency_key_in_progress}, which rolls
     * the caller's change back: one key never commits two changes.
     */
    public void record(long accountId, String kind, String ref) {
        Optional<CurrentIdempotencyKey.HeldKey> held = current.held().filter(h -> h.accountId() == accountId);
        if (held.isEmpty()) {
            return;
        }
        CurrentIdempotencyKey.HeldKey h = held.get();
        if (!store.recordRecoveryPoint(accountId, h.key(), h.leaseToken(), kind, ref)) {
            throw inProgress();
        }
    }

    /**
     * The key's earlier request committed its change but its outcome is not final yet (e.g. a provider call still
     * running, left to the sweeper): 409 {@code idempotency_key_in_progress}, which the REST adapter does not store,
     * so the key stays in flight and a later retry answers the outcome.
     */
    public DomainError stillInProgress() {
        return inProgress();
    }

    private static DomainError inProgress() {
        return new DomainError(DomainError.Kind.CONFLICT, "idempotency_key_in_progress",
                "a request with this Idempotency-Key is still in progress");
    }
}

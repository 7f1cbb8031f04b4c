package io.mizani.application.idempotency;

import io.mizani.application.common.UnitOfWork;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The Idempotency-Key mechanism (platform.md section 8), independent of HTTP: a key is scoped to the merchant,
 * kept 24 hours, fingerprinted by method, path and body. The claim commits on its own, so the key is visible to
 * other replicas before the request's work starts. The business change records its recovery point (which resource
 * the key created) in its own transaction through {@link RecoveryPoints}, so the key and the change commit together:
 * a request that dies between its commit and the stored answer leaves a key whose takeover answers the resource
 * created, never runs the request twice.
 */
public final class IdempotencyService {

    public static final Duration RETENTION = Duration.ofHours(24);

    private final IdempotencyStore store;
    private final UnitOfWork uow;
    private final Clock clock;
    private final Duration lease;

    public IdempotencyService(IdempotencyStore store, UnitOfWork uow, Clock clock, Duration lease) {
        this.store = store;
        this.uow = uow;
        this.clock = clock;
        this.lease = lease;
    }

    public sealed interface Decision {
        /**
         * The key is this request's under {@code leaseToken}: run the request, then {@link #complete} (a request
         * that dies leaves the key to be taken over after its lease). {@code recoveryKind}/{@code recoveryRef} name
         * the resource an earlier holder of the key committed before it died (null when none did).
         */
        record Proceed(String leaseToken, String recoveryKind, String recoveryRef) implements Decision {
        }

        /** Same key, same request, finished: answer with the stored response. */
        record Replay(int status, String body) implements Decision {
        }

        /** Same key, different request: 422. */
        record Reused() implements Decision {
        }

        /** Same key, same request, still running: 409. */
        record InProgress() implements Decision {
        }
    }

    public static boolean validKey(String key) {
        return key != null && !key.isEmpty() && key.length() <= 255
                && key.chars().allMatch(c -> c >= 0x21 && c <= 0x7e);
    }

    public static String fingerprint(String method, String path, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(method.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) ' ');
            sha.update(path.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
            sha.update(body == null ? new byte[0] : body);
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Decision begin(long accountId, String key, String fingerprint) {
        Instant now = clock.instant();
        IdempotencyStore.Claim claim = uow.inNewTransaction(
                () -> store.claim(accountId, key, fingerprint, now, now.minus(lease)));
        return switch (claim) {
            case IdempotencyStore.Claim.Acquired a -> new Decision.Proceed(a.leaseToken(), a.recoveryKind(),
                    a.recoveryRef());
            case IdempotencyStore.Claim.Completed c -> c.fingerprint().equals(fingerprint)
                    ? new Decision.Replay(c.status(), c.body()) : new Decision.Reused();
            case IdempotencyStore.Claim.InFlight f -> f.fingerprint().equals(fingerprint)
                    ? new Decision.InProgress() : new Decision.Reused();
        };
    }

    public void complete(long accountId, String key, String leaseToken, int status, String body) {
        uow.inNewTransaction(() -> {
            store.complete(accountId, key, leaseToken, status, body);
            return null;
        });
    }

    /**
     * Gives the key up without an answer (a 503 "retry in a moment": the request changed nothing), so that a retry
     * runs again instead of replaying the refusal. A key whose change committed keeps its recovery point.
     */
    public void release(long accountId, String key, String leaseToken) {
        uow.inNewTransaction(() -> {
            store.release(accountId, key, leaseToken);
            return null;
        });
    }

    public int purgeExpired() {
        Instant cutoff = clock.instant().minus(RETENTION);
        return uow.inNewTransaction(() -> store.purgeCreatedBefore(cutoff));
    }
}

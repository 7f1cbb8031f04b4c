package io.mizani.application.operator;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/**
 * The operator console's sign-in sessions (platform.md section 18, docs/console.md). A session is a token the
 * browser keeps in a cookie, not a row: {@code <login>.<opened>.<last seen>.<mac>}, the login base64url, the times
 * epoch milliseconds, the mac an HMAC-SHA256 under a key every replica derives from the same secret, over the login,
 * the operator's id, both times and a fingerprint of the operator's password hash. So any replica resumes it, and a
 * session ends:
 * <ul>
 *   <li>after {@code idle} without a request (the last-seen time is moved forward by a new cookie at most once a
 *       {@link #REFRESH_EVERY}, and at least three times per idle period);</li>
 *   <li>{@code maxAge} after sign-in, whatever the activity;</li>
 *   <li>when the operator signs out (every session of that login opened up to then, on every replica), is deleted,
 *       or has its password changed (the fingerprint no longer matches);</li>
 *   <li>when any byte of it is changed (the mac).</li>
 * </ul>
 * The mac is the {@link Signer} port's (an HMAC-SHA256 adapter); the adapter of the console only carries the token
 * in a cookie.
 */
public final class ConsoleSessions {

    /** How often an active session's cookie is renewed with a new last-seen time. */
    public static final Duration REFRESH_EVERY = Duration.ofMinutes(1);

    /** Why a token was not resumed: the sign-in page says so. */
    public enum Ended { IDLE, EXPIRED, SIGNED_OUT, INVALID }

    /** A resumed session: who, and the renewed token to set (null when the current one is recent enough). */
    public record Resumed(OperatorContext operator, String renewed) {
    }

    /** The answer to a token: the session, or why it ended. */
    public record Resumption(Optional<Resumed> session, Ended ended) {
        static Resumption ok(Resumed r) {
            return new Resumption(Optional.of(r), null);
        }

        static Resumption ended(Ended why) {
            return new Resumption(Optional.empty(), why);
        }
    }

    /** How long sessions last. */
    public record Limits(Duration idle, Duration maxAge) {
        public Limits {
            if (idle.isNegative() || idle.isZero() || maxAge.compareTo(idle) < 0) {
                throw new IllegalArgumentException("console session limits: idle > 0 and max age >= idle");
            }
        }
    }

    /** Port: a keyed MAC (HMAC-SHA256 under a key every replica derives from the service's secret), base64url. */
    @FunctionalInterface
    public interface Signer {
        String mac(byte[] message);
    }

    private final OperatorStore store;
    private final Signer signer;
    private final Clock clock;
    private final Limits limits;

    public ConsoleSessions(OperatorStore store, Signer signer, Clock clock, Limits limits) {
        this.store = store;
        this.signer = signer;
        this.clock = clock;
        this.limits = limits;
    }

    public Limits limits() {
        return limits;
    }

    /** A new session for an operator who has just proved its password. */
    public String open(OperatorContext operator) {
        OperatorStore.StoredOperator stored = store.find(operator.username())
                .orElseThrow(() -> new IllegalStateException("operator vanished while signing in"));
        long now = clock.millis();
        return token(stored, now, now);
    }

    /** The session a token stands for, renewed when its last-seen time is older than {@link #REFRESH_EVERY}. */
    public Resumption resume(String token) {
        Parsed p = Parsed.of(token);
        if (p == null) {
            return Resumption.ended(Ended.INVALID);
        }
        Optional<OperatorStore.StoredOperator> found = store.find(p.username);
        if (found.isEmpty()) {
            return Resumption.ended(Ended.INVALID); // deleted (or never existed): its logins are refused
        }
        OperatorStore.StoredOperator stored = found.get();
        if (!MessageDigest.isEqual(mac(stored, p.opened, p.lastSeen).getBytes(StandardCharsets.US_ASCII),
                p.mac.getBytes(StandardCharsets.US_ASCII))) {
            return Resumption.ended(Ended.INVALID); // changed, another operator's id, or a changed password
        }
        long now = clock.millis();
        if (stored.consoleSignedOutAt() != null && p.opened <= stored.consoleSignedOutAt().toEpochMilli()) {
            return Resumption.ended(Ended.SIGNED_OUT);
        }
        if (now - p.opened > limits.maxAge().toMillis()) {
            return Resumption.ended(Ended.EXPIRED);
        }
        if (now - p.lastSeen > limits.idle().toMillis()) {
            return Resumption.ended(Ended.IDLE);
        }
        OperatorStore.Operator o = stored.operator();
        // renewed at most once a minute, and at least three times per idle period (a short idle timeout stays usable)
        long refreshMs = Math.min(REFRESH_EVERY.toMillis(), limits.idle().toMillis() / 3);
        String renewed = now - p.lastSeen >= refreshMs ? token(stored, p.opened, now) : null;
        return Resumption.ok(new Resumed(new OperatorContext(o.id(), o.username(), o.role()), renewed));
    }

    /** Ends every console session of the operator opened until now, on every replica. */
    public void signOut(OperatorContext operator) {
        store.signOutConsole(operator.id(), Instant.ofEpochMilli(clock.millis()));
    }

    private String token(OperatorStore.StoredOperator stored, long opened, long lastSeen) {
        String login = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(stored.operator().username().getBytes(StandardCharsets.UTF_8));
        return login + "." + opened + "." + lastSeen + "." + mac(stored, opened, lastSeen);
    }

    private String mac(OperatorStore.StoredOperator stored, long opened, long lastSeen) {
        byte[] fingerprint;
        try {
            fingerprint = MessageDigest.getInstance("SHA-256").digest(stored.secretHash());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
        byte[] head = ("mizani-console-session\n" + stored.operator().username() + "\n" + stored.operator().id()
                + "\n" + opened + "\n" + lastSeen + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] message = java.util.Arrays.copyOf(head, head.length + fingerprint.length);
        System.arraycopy(fingerprint, 0, message, head.length, fingerprint.length);
        return signer.mac(message);
    }

    private record Parsed(String username, long opened, long lastSeen, String mac) {
        static Parsed of(String token) {
            if (token == null || token.length() > 600) {
                return null;
            }
            String[] parts = token.split("\\.", -1);
            if (parts.length != 4) {
                return null;
            }
            try {
                String username = new String(Base64.getUrlDecoder().decode(parts[0]), StandardCharsets.UTF_8);
                long opened = Long.parseLong(parts[1]);
                long lastSeen = Long.parseLong(parts[2]);
                if (username.isEmpty() || username.length() > 200 || lastSeen < opened || parts[3].isEmpty()) {
                    return null;
                }
                return new Parsed(username, opened, lastSeen, parts[3]);
            } catch (IllegalArgumentException malformed) {
                return null;
            }
        }
    }
}

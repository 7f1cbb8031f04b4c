package io.mizani.adapter.provider.common;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * A provider's client-credentials bearer token (MTN MoMo's per product, Airtel's): kept for its {@code expires_in}
 * less a margin (a minute, or half of a shorter life), fetched again by one caller at a time while the others wait
 * for it, and dropped when the provider answers 401 to a call that carried it.
 */
public final class BearerToken {

    /** A token as the provider issued it, with its life in seconds. */
    public record Issued(String token, long lifeSeconds) {
    }

    /** Fetches a new token from the provider; throws {@link Refused} when the provider refuses or answers nonsense. */
    @FunctionalInterface
    public interface Issuer {
        Issued issue() throws Exception;
    }

    /** The provider refused to issue a token ({@code status} 401: the credentials) or answered unreadably (0). */
    public static final class Refused extends Exception {
        private final int status;

        public Refused(int status, String message) {
            super(message);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    private final Clock clock;
    private final Issuer issuer;
    private volatile String token;
    private volatile Instant refreshAt = Instant.EPOCH;

    public BearerToken(Clock clock, Issuer issuer) {
        this.clock = clock;
        this.issuer = issuer;
    }

    /** The current token, fetched first when there is none or its refresh time has come. */
    public String get() throws Exception {
        String t = token;
        if (t != null && clock.instant().isBefore(refreshAt)) {
            return t;
        }
        synchronized (this) {
            if (token != null && clock.instant().isBefore(refreshAt)) {
                return token;
            }
            Issued issued = issuer.issue();
            long life = Math.max(0, issued.lifeSeconds());
            long margin = Math.min(60, life / 2);
            token = issued.token();
            refreshAt = clock.instant().plus(Duration.ofSeconds(life - margin));
            return issued.token();
        }
    }

    /** The provider answered 401 with this token: the next call fetches a new one. */
    public synchronized void invalidate() {
        refreshAt = Instant.EPOCH;
    }
}

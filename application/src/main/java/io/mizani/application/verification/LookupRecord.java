package io.mizani.application.verification;

import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;
import java.util.Objects;

/**
 * One call of a check, as stored: what was asked ({@link Subject}), what came back ({@link Outcome}: the status,
 * {@link Found}, {@link ProviderReply}, {@link Sealed} and two times), which provider answered ({@link Routing}) and
 * what it cost ({@link Charge}). Built by its steps, never by position:
 * {@link #inFlight} before the provider call, {@link #settled} after it, {@link #replayed} for a cached answer
 * re-issued under a new id; {@link #withCharge} and {@link #asError} are the sweeper's moves.
 * The identifier is only stored hashed and masked; the payload and the registry identity only sealed.
 */
public record LookupRecord(
        LookupId id,
        AccountId accountId,
        Subject subject,
        Outcome outcome,
        Routing routing,
        Charge charge,
        Instant createdAt,
        boolean tokenIssued,
        boolean settled) {

    /** What was asked: the check, and the identifier only as a keyed hash and masked; the cache key of the inputs. */
    public record Subject(String check, String category, String country, String identifierHash,
                          String identifierMasked, String cacheKey) {

        /** The check asked for, as the token and the result name it. */
        public VerificationToken.Checked checked() {
            return new VerificationToken.Checked(check, category, country);
        }
    }

    /**
     * What the provider answered: the status ({@code null} while the call is in flight, {@link #PENDING}), what it
     * found about the subject ({@link Found}), its own words ({@link ProviderReply}), the sealed raw payload and
     * registry identity ({@link Sealed}), and when it was fetched and stops being replayable.
     */
    public record Outcome(CheckStatus status, Found found, ProviderReply reply, Sealed sealed, Instant fetchedAt,
                          Instant expiresAt) {

        public static final Outcome PENDING = new Outcome(null, Found.NONE, ProviderReply.NONE, Sealed.NONE, null,
                null);

        public Outcome {
            Objects.requireNonNull(found, "found");
            Objects.requireNonNull(reply, "reply");
            Objects.requireNonNull(sealed, "sealed");
        }

        /** The call failed: no answer kept, only why ({@code detail}) and the provider's code. */
        public static Outcome error(String detail, String responseCode, Instant fetchedAt) {
            return new Outcome(CheckStatus.ERROR, Found.NONE, ProviderReply.failure(detail, responseCode),
                    Sealed.NONE, fetchedAt, null);
        }

        /** This outcome closed as an error with {@code detail}; the answer's payload and identity are dropped. */
        public Outcome asError(String detail) {
            return new Outcome(CheckStatus.ERROR, found, reply.withDetail(detail), Sealed.NONE, fetchedAt, expiresAt);
        }

        /** This outcome without its sealed parts: what a reader outside the store may hold. */
        public Outcome unsealed() {
            return sealed == Sealed.NONE ? this
                    : new Outcome(status, found, reply, Sealed.NONE, fetchedAt, expiresAt);
        }

        public boolean verified() {
            return status == CheckStatus.VERIFIED;
        }
    }

    /**
     * What the provider found about the subject: its verdict word ({@code VERIFIED}, ...), the subject's actor type
     * ({@code C} company, {@code I} natural person, or null) and name.
     */
    public record Found(String verificationStatus, String actorType, String subjectName) {

        public static final Found NONE = new Found(null, null, null);
    }

    /** The provider's raw payload and the registry identity, both sealed (null when there is none). */
    public record Sealed(byte[] payload, byte[] identity) {

        public static final Sealed NONE = new Sealed(null, null);

        public static Sealed of(byte[] payload, byte[] identity) {
            return payload == null && identity == null ? NONE : new Sealed(payload, identity);
        }
    }

    /** Which provider answered ({@code cache} for a replay), whether from the cache, and how long it took. */
    public record Routing(String source, boolean cached, Integer durationMs) {

        public static Routing pending(String firstProvider) {
            return new Routing(firstProvider, false, null);
        }

        public static final Routing CACHE = new Routing("cache", true, 0);
    }

    /** The merchant's charge for the call: its price (zero when free), reference (null when free) and state. */
    public record Charge(Money amount, String reference, ChargeStatus status) {

        public Charge {
            Objects.requireNonNull(amount, "amount");
            Objects.requireNonNull(status, "status");
        }

        public Charge withStatus(ChargeStatus next) {
            return new Charge(amount, reference, next);
        }
    }

    public LookupRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(routing, "routing");
        Objects.requireNonNull(charge, "charge");
    }

    /** Step 1: the call recorded (and charged) before the provider is called. */
    public static LookupRecord inFlight(LookupId id, AccountId accountId, Subject subject, String firstProvider,
                                        Charge charge, Instant createdAt) {
        return new LookupRecord(id, accountId, subject, Outcome.PENDING, Routing.pending(firstProvider), charge,
                createdAt, false, false);
    }

    /** Step 3: the provider's outcome written; a token is issued unless the call ended in error. */
    public LookupRecord settled(Outcome answer, Routing answeredBy) {
        return new LookupRecord(id, accountId, subject, answer, answeredBy, charge, createdAt,
                answer.status() != CheckStatus.ERROR, true);
    }

    /** A cached answer re-issued: a new id and charge, this record's subject and outcome, answered by the cache. */
    public LookupRecord replayed(LookupId newId, Charge newCharge, Instant now) {
        return new LookupRecord(newId, accountId, subject, outcome, Routing.CACHE, newCharge, now, true, true);
    }

    public LookupRecord withCharge(ChargeStatus status) {
        return new LookupRecord(id, accountId, subject, outcome, routing, charge.withStatus(status), createdAt,
                tokenIssued, settled);
    }

    /** Closed by the sweeper as an error: no token, no payload. */
    public LookupRecord asError(String detail) {
        return new LookupRecord(id, accountId, subject, outcome.asError(detail), routing, charge, createdAt, false,
                true);
    }

    /** The token this call issued, as the other layers see it. */
    public VerificationToken token() {
        Found found = outcome.found();
        return new VerificationToken(id, subject.checked(),
                new VerificationToken.Finding(outcome.status(), found.verificationStatus(), outcome.verified(),
                        found.actorType(), found.subjectName(), subject.identifierMasked(), outcome.reply().reference(),
                        routing.source()),
                outcome.fetchedAt(), outcome.expiresAt());
    }
}

package io.mizani.domain.teamkyc;

import io.mizani.domain.error.DomainError;
import java.time.Instant;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A Team's KYC submission (the {@code account_kyc} record) and its state machine. Immutable: every transition
 * returns the next value. {@code kycTier} is the requested tier while the record is not approved and the
 * granted tier once it is.
 *
 * <pre>
 * (none)    --submit, tokens justify a tier--> approved (at that tier)
 * (none)    --submit, otherwise-------------->  pending
 * pending   --review in_review--------------->  in_review
 * pending   --review approve / reject-------->  approved / rejected
 * in_review --review approve / reject-------->  approved / rejected
 * pending, in_review, rejected --amend, tokens justify a tier--> approved
 * rejected  --amend otherwise---------------->  pending (back in the queue)
 * approved  --upgrade------------------------>  approved (at the higher tier, or with a pending upgrade)
 * </pre>
 */
public record AccountKyc(
        Long id,
        long accountId,
        Standing standing,
        Statement statement,
        VerificationInformation verificationInformation,
        Reviews reviews,
        AccountInformation accountInformation,
        Times times) {

    /** Where the record stands: its status and tier (requested until approved, granted once approved). */
    public record Standing(KycStatus status, Integer kycTier) {
        public Standing {
            Objects.requireNonNull(status, "status");
        }

        static Standing of(KycStatus status, Integer kycTier) {
            return new Standing(status, kycTier);
        }
    }

    /** What the merchant states about the Team: entity type, country, notes, contact and entity details. */
    public record Statement(String entityType, String countryCode, String country, String notes,
                            ContactInformation contactInformation, EntityInformation entityInformation) {

        /** The statement of a first submission. */
        public static Statement of(KycDetails details) {
            return new Statement(details.entityType(), details.countryCode(), details.country(), details.notes(),
                    details.contactInformation(), details.entityInformation());
        }

        /** Field by field: a value stated in {@code change} replaces this one, a null keeps it. */
        Statement amendedBy(KycDetails change) {
            return new Statement(Merge.pick(change.entityType(), entityType),
                    Merge.pick(change.countryCode(), countryCode), Merge.pick(change.country(), country),
                    Merge.pick(change.notes(), notes),
                    ContactInformation.merge(contactInformation, change.contactInformation()),
                    EntityInformation.merge(entityInformation, change.entityInformation()));
        }

        Statement withEntityInformation(EntityInformation change) {
            return new Statement(entityType, countryCode, country, notes, contactInformation,
                    EntityInformation.merge(entityInformation, change));
        }
    }

    /** The operator's last decision on the submission (null until one), and the upgrade request and its decision. */
    public record Reviews(ReviewInformation submission, UpgradeInformation upgrade) {
        public Reviews {
            Objects.requireNonNull(upgrade, "upgrade");
        }

        static final Reviews NONE = new Reviews(null, UpgradeInformation.NONE);
    }

    /** When the record was created and last changed. */
    public record Times(Instant createdAt, Instant updatedAt) {
        static Times at(Instant now) {
            return new Times(now, now);
        }

        Times changedAt(Instant now) {
            return new Times(createdAt, now);
        }
    }

    public static final String NOT_APPROVED_FOR_UPGRADE = "account kyc must be approved before an upgrade";

    /** Operator review: which decision may move which status. */
    static final Map<KycStatus, Set<KycStatus>> REVIEW_TRANSITIONS;

    static {
        Map<KycStatus, Set<KycStatus>> table = new EnumMap<>(KycStatus.class);
        table.put(KycStatus.PENDING, Set.of(KycStatus.IN_REVIEW, KycStatus.APPROVED, KycStatus.REJECTED));
        table.put(KycStatus.IN_REVIEW, Set.of(KycStatus.APPROVED, KycStatus.REJECTED));
        table.put(KycStatus.APPROVED, Set.of());
        table.put(KycStatus.REJECTED, Set.of());
        REVIEW_TRANSITIONS = java.util.Collections.unmodifiableMap(table);
    }

    public AccountKyc {
        Objects.requireNonNull(standing, "standing");
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(reviews, "reviews");
        Objects.requireNonNull(times, "times");
    }

    public KycStatus status() {
        return standing.status();
    }

    public Integer kycTier() {
        return standing.kycTier();
    }

    public UpgradeInformation upgradeInformation() {
        return reviews.upgrade();
    }

    public ReviewInformation reviewInformation() {
        return reviews.submission();
    }

    public Instant createdAt() {
        return times.createdAt();
    }

    public Instant updatedAt() {
        return times.updatedAt();
    }

    /** A new submission: approved at once at the tier its tokens justify, else pending. */
    public static AccountKyc submit(long accountId, KycDetails details, Collection<TokenSnapshot> tokens,
            Instant now) {
        VerificationInformation verification = tokens.isEmpty() ? null : VerificationInformation.of(tokens, now);
        TierJustification justification = verification == null ? TierJustification.NOTHING
                : verification.justification();
        boolean approved = justification.justifiesAnything();
        Standing standing = approved ? Standing.of(KycStatus.APPROVED, justification.tier())
                : Standing.of(KycStatus.PENDING, details.kycTier());
        return new AccountKyc(null, accountId, standing, Statement.of(details), verification, Reviews.NONE, null,
                Times.at(now));
    }

    /** The tier the Team holds because of this record: the granted tier when approved, else none. */
    public Integer grantedTier() {
        return status() == KycStatus.APPROVED ? kycTier() : null;
    }

    /**
     * Amends the stated details (null keeps) and attaches more tokens (replacing those of the same slot). A record
     * not yet approved is approved when the tokens now justify a tier; a rejected one otherwise goes back to
     * pending. On an approved record the requested tier is ignored and the granted tier only moves by upgrade.
     */
    public AccountKyc amend(KycDetails change, Collection<TokenSnapshot> tokens, Instant now) {
        VerificationInformation verification = tokens.isEmpty() ? verificationInformation
                : VerificationInformation.of(VerificationInformation.combine(verificationInformation, tokens), now);
        KycStatus status = status();
        Integer kycTier = kycTier();
        KycStatus nextStatus = status;
        Integer nextTier = status == KycStatus.APPROVED ? kycTier : Merge.pick(change.kycTier(), kycTier);
        if (status != KycStatus.APPROVED) {
            TierJustification justification = verification == null ? TierJustification.NOTHING
                    : verification.justification();
            if (!tokens.isEmpty() && justification.justifiesAnything()) {
                nextStatus = KycStatus.APPROVED;
                nextTier = justification.tier();
            } else if (status == KycStatus.REJECTED) {
                nextStatus = KycStatus.PENDING;
            }
        }
        return new AccountKyc(id, accountId, Standing.of(nextStatus, nextTier), statement.amendedBy(change),
                verification, reviews, accountInformation, times.changedAt(now));
    }

    /**
     * Asks for a higher tier. Only an approved record can be upgraded. When the tokens (these plus those already
     * on the record) cover the whole requested tier it is granted at once; otherwise it is recorded pending for a
     * reviewer. Entity details may be amended at the same time.
     */
    public AccountKyc requestUpgrade(int upgradeTo, String upgradeNotes, EntityInformation entityChange,
            Collection<TokenSnapshot> tokens, Instant now) {
        if (status() != KycStatus.APPROVED) {
            throw DomainError.invalidArgument(NOT_APPROVED_FOR_UPGRADE);
        }
        if (reviews.upgrade().pending()) {
            throw DomainError.invalidArgument("an upgrade of this account kyc is already pending review");
        }
        int current = kycTier() == null ? 0 : kycTier();
        if (upgradeTo > KycDetails.MAX_TIER) {
            throw DomainError.invalidArgument("upgrade_information.upgrade_to must be at most " + KycDetails.MAX_TIER);
        }
        if (upgradeTo <= current) {
            throw DomainError.invalidArgument(
                    "upgrade_information.upgrade_to must be above the current kyc_tier (" + current + ")");
        }
        VerificationInformation verification = tokens.isEmpty() ? verificationInformation
                : VerificationInformation.of(VerificationInformation.combine(verificationInformation, tokens), now);
        TierJustification justification = verification == null ? TierJustification.NOTHING
                : verification.justification();
        boolean immediate = justification.covers(upgradeTo);
        UpgradeInformation upgrade = immediate ? UpgradeInformation.grantedAtOnce(current, upgradeTo, upgradeNotes, now)
                : UpgradeInformation.requested(current, upgradeTo, upgradeNotes, now);
        return new AccountKyc(id, accountId, immediate ? Standing.of(standing.status(), upgradeTo) : standing,
                statement.withEntityInformation(entityChange), verification,
                new Reviews(reviews.submission(), upgrade), accountInformation, times.changedAt(now));
    }

    /** An operator's decision on the submission (see {@link #REVIEW_TRANSITIONS}). */
    public AccountKyc review(ReviewDecision decision, Integer grantedTier, String reviewNotes, long reviewerId,
            Instant now) {
        KycStatus target = decision.target();
        if (!REVIEW_TRANSITIONS.get(status()).contains(target)) {
            throw DomainError.invalidArgument("account kyc is " + status().wire() + " and cannot be moved to "
                    + target.wire() + " by review");
        }
        Integer kycTier = kycTier();
        Integer nextTier = kycTier;
        if (decision == ReviewDecision.APPROVE) {
            Integer tier = grantedTier != null ? grantedTier : (kycTier != null && kycTier > 0 ? kycTier : null);
            if (tier == null) {
                throw DomainError.invalidArgument("kyc_tier is required to approve");
            }
            if (tier < 1 || tier > KycDetails.MAX_TIER) {
                throw DomainError.invalidArgument("kyc_tier must be between 1 and " + KycDetails.MAX_TIER);
            }
            nextTier = tier;
        }
        ReviewInformation review = new ReviewInformation(decision.wire(), reviewNotes, reviewerId, now);
        return new AccountKyc(id, accountId, Standing.of(target, nextTier), statement, verificationInformation,
                new Reviews(review, reviews.upgrade()), accountInformation, times.changedAt(now));
    }

    /** An operator's decision on a pending upgrade. */
    public AccountKyc reviewUpgrade(UpgradeDecision decision, String reviewNotes, long reviewerId, Instant now) {
        UpgradeInformation u = reviews.upgrade();
        if (!u.pending()) {
            throw DomainError.invalidArgument("no upgrade of this account kyc is pending review");
        }
        boolean approve = decision == UpgradeDecision.APPROVE;
        UpgradeInformation reviewed = u.decided(approve ? UpgradeStatus.APPROVED : UpgradeStatus.REJECTED, now,
                reviewerId, reviewNotes);
        return new AccountKyc(id, accountId, approve ? Standing.of(standing.status(), u.upgradeTo()) : standing,
                statement, verificationInformation, new Reviews(reviews.submission(), reviewed), accountInformation,
                times.changedAt(now));
    }

    public AccountKyc withId(long newId) {
        return new AccountKyc(newId, accountId, standing, statement, verificationInformation, reviews,
                accountInformation, times);
    }

    public AccountKyc withAccountInformation(AccountInformation snapshot) {
        return new AccountKyc(id, accountId, standing, statement, verificationInformation, reviews, snapshot, times);
    }

    public List<TokenSnapshot> verifications() {
        return verificationInformation == null ? List.of() : verificationInformation.verifications();
    }
}

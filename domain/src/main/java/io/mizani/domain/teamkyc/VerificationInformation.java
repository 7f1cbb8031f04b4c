package io.mizani.domain.teamkyc;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * verification_information: the tokens (by slot), a snapshot of each verification, the actor type and the tier
 * the tokens justify on their own, and when that was established.
 */
public record VerificationInformation(
        Map<KycSlot, String> kycTokens,
        List<TokenSnapshot> verifications,
        String actorType,
        int verifiedKycTier,
        Instant verifiedAt) {

    public VerificationInformation {
        kycTokens = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(kycTokens));
        verifications = List.copyOf(verifications);
    }

    /** Evaluates {@code tokens} (at most one per slot) with {@link TokenTierRule}. */
    public static VerificationInformation of(Collection<TokenSnapshot> tokens, Instant now) {
        Map<KycSlot, TokenSnapshot> bySlot = new EnumMap<>(KycSlot.class);
        for (TokenSnapshot token : tokens) {
            bySlot.put(token.kind(), token);
        }
        Map<KycSlot, String> slots = new EnumMap<>(KycSlot.class);
        bySlot.forEach((slot, token) -> slots.put(slot, token.token().token().value()));
        List<TokenSnapshot> ordered = new ArrayList<>(bySlot.values());
        TierJustification justification = TokenTierRule.justify(ordered);
        return new VerificationInformation(slots, ordered, justification.actorType(), justification.tier(), now);
    }

    /** The snapshots of {@code base} with those of {@code change} replacing them slot by slot. */
    static List<TokenSnapshot> combine(VerificationInformation base, Collection<TokenSnapshot> change) {
        Map<KycSlot, TokenSnapshot> bySlot = new EnumMap<>(KycSlot.class);
        if (base != null) {
            base.verifications.forEach(token -> bySlot.put(token.kind(), token));
        }
        change.forEach(token -> bySlot.put(token.kind(), token));
        return new ArrayList<>(bySlot.values());
    }

    public TierJustification justification() {
        return TokenTierRule.justify(verifications);
    }

    public boolean phoneVerified() {
        return verifications.stream().anyMatch(t -> t.kind() == KycSlot.PHONE_NUMBER && t.counts());
    }
}

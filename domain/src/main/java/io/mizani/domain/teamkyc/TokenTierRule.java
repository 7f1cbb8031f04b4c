package io.mizani.domain.teamkyc;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;

/**
 * The tier a Team's tokens justify (service-api.md "Tier granted by tokens", platform.md section 6). Pure:
 * <ul>
 *   <li>a verified phone-number token alone: 2;</li>
 *   <li>a verified national-ID token alone: 2;</li>
 *   <li>verified national ID + verified tax ID with actor_type {@code C}: 3;</li>
 *   <li>verified national ID + verified tax ID with actor_type {@code I} (or none stated): 2;</li>
 *   <li>a token whose check was not verified contributes nothing;</li>
 *   <li>a tax ID alone (or with a phone only) adds nothing: the tax ID raises a tier only on top of a national ID;</li>
 *   <li>never above {@link #MAX_TOKEN_TIER}; the requested tier plays no part.</li>
 * </ul>
 * The actor type reported is the tax ID's when a verified one states it (it describes the business), else that of
 * the verified national ID, else that of the verified phone line.
 */
public final class TokenTierRule {

    public static final int MAX_TOKEN_TIER = 3;

    private TokenTierRule() {
    }

    public static TierJustification justify(Collection<TokenSnapshot> tokens) {
        Map<KycSlot, TokenSnapshot> counted = new EnumMap<>(KycSlot.class);
        for (TokenSnapshot token : tokens) {
            if (token.counts()) {
                counted.put(token.kind(), token);
            }
        }
        TokenSnapshot nationalId = counted.get(KycSlot.NATIONAL_ID);
        TokenSnapshot phone = counted.get(KycSlot.PHONE_NUMBER);
        TokenSnapshot tin = counted.get(KycSlot.TIN);

        int tier = 0;
        if (phone != null) {
            tier = Math.max(tier, 2);
        }
        if (nationalId != null) {
            tier = Math.max(tier, 2);
            if (tin != null && "C".equals(tin.actorType())) {
                tier = Math.max(tier, 3);
            }
        }
        tier = Math.min(tier, MAX_TOKEN_TIER);

        String actorType = null;
        for (TokenSnapshot source : new TokenSnapshot[] {tin, nationalId, phone}) {
            if (source != null && source.actorType() != null) {
                actorType = source.actorType();
                break;
            }
        }
        return tier == 0 && actorType == null ? TierJustification.NOTHING : new TierJustification(tier, actorType);
    }
}

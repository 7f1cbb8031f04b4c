package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.KycSlot;
import java.util.EnumMap;
import java.util.Map;

/** {@code kyc_tokens} of a request: a lookup_id per slot, each optional (null = not sent). */
public record KycTokens(String nationalId, String phoneNumber, String tin) {

    public static final KycTokens NONE = new KycTokens(null, null, null);

    /** The tokens sent, in slot order. */
    public Map<KycSlot, String> present() {
        Map<KycSlot, String> tokens = new EnumMap<>(KycSlot.class);
        if (nationalId != null) {
            tokens.put(KycSlot.NATIONAL_ID, nationalId);
        }
        if (phoneNumber != null) {
            tokens.put(KycSlot.PHONE_NUMBER, phoneNumber);
        }
        if (tin != null) {
            tokens.put(KycSlot.TIN, tin);
        }
        return tokens;
    }
}

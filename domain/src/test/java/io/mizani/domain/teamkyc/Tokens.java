package io.mizani.domain.teamkyc;

import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.VerificationToken;
import java.time.Instant;

final class Tokens {

    static final Instant T0 = Instant.parse("2026-11-21T05:00:00Z");

    private Tokens() {
    }

    static TokenSnapshot token(KycSlot slot, boolean verified, String actorType) {
        String check = switch (slot) {
            case NATIONAL_ID -> "national_id_ke";
            case PHONE_NUMBER -> "phone";
            case TIN -> "kra_pin";
        };
        String category = switch (slot) {
            case NATIONAL_ID -> "national_id";
            case PHONE_NUMBER -> "phone";
            case TIN -> "tax_id";
        };
        return new TokenSnapshot(slot, new VerificationToken(
                LookupId.of("tok_" + slot.key() + (verified ? "_v" : "_nv") + "_" + actorType),
                new VerificationToken.Checked(check, category, "KE"),
                new VerificationToken.Finding(verified ? CheckStatus.VERIFIED : CheckStatus.NOT_VERIFIED,
                        verified ? "VERIFIED" : "NOT_VERIFIED", verified, actorType, "Subject", "12••••78", "ref",
                        "sandbox"),
                T0, T0.plusSeconds(86400)));
    }

    static TokenSnapshot nationalId() {
        return token(KycSlot.NATIONAL_ID, true, "I");
    }

    static TokenSnapshot phone() {
        return token(KycSlot.PHONE_NUMBER, true, "I");
    }

    static TokenSnapshot tin(String actorType) {
        return token(KycSlot.TIN, true, actorType);
    }

    static TokenSnapshot notVerified(KycSlot slot) {
        return token(slot, false, slot == KycSlot.TIN ? "C" : "I");
    }
}

package io.mizani.domain.teamkyc;

import java.util.List;
import java.util.Optional;

/**
 * A slot of {@code kyc_tokens} and the checks whose tokens it accepts (service-api.md, "Token slots").
 * The slot a token was submitted in is the {@code kind} of its verification snapshot.
 */
public enum KycSlot {
    NATIONAL_ID("national_id", List.of("national_id_*", "nin")),
    PHONE_NUMBER("phone_number", List.of("phone", "phone_status_global")),
    TIN("tin", List.of("kra_pin", "tin_global"));

    private final String key;
    private final List<String> acceptedChecks;

    KycSlot(String key, List<String> acceptedChecks) {
        this.key = key;
        this.acceptedChecks = acceptedChecks;
    }

    /** The JSON key inside {@code kyc_tokens}, also the snapshot's {@code kind}. */
    public String key() {
        return key;
    }

    /** The field path an error names, e.g. {@code kyc_tokens.tin}. */
    public String field() {
        return "kyc_tokens." + key;
    }

    /** The accepted check keys as the contract writes them ({@code national_id_*} is a prefix). */
    public List<String> acceptedChecks() {
        return acceptedChecks;
    }

    public boolean accepts(String check) {
        if (check == null) {
            return false;
        }
        for (String accepted : acceptedChecks) {
            if (accepted.endsWith("*")
                    ? check.startsWith(accepted.substring(0, accepted.length() - 1))
                            && check.length() > accepted.length() - 1
                    : check.equals(accepted)) {
                return true;
            }
        }
        return false;
    }

    public static Optional<KycSlot> fromKey(String key) {
        for (KycSlot slot : values()) {
            if (slot.key.equals(key)) {
                return Optional.of(slot);
            }
        }
        return Optional.empty();
    }
}

package io.mizani.application.verification;

/** Input port: the merchant's verification settings and what it is entitled to. */
public interface ManageVerificationSettings {

    VerificationMode mode(long accountId);

    /** Switches the mode; {@code own_key} needs a non-empty provider key (stored encrypted). */
    VerificationMode update(long accountId, String mode, String providerKey);

    Entitlement entitlement(long accountId);
}

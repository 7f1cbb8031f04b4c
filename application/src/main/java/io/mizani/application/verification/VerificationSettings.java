package io.mizani.application.verification;

/** A merchant's verification settings; {@code sealedProviderKey} is the own provider key, encrypted (or null). */
public record VerificationSettings(VerificationMode mode, byte[] sealedProviderKey) {

    public static final VerificationSettings DEFAULT = new VerificationSettings(VerificationMode.OFF, null);
}

package io.mizani.application.verification;

/**
 * What decides whether a merchant may run a check, read in one go: the operator's switch
 * ({@code accounts.identity_checks_available}; false for an unknown or deleted account) and the merchant's settings.
 */
public interface VerificationAccess {

    Access of(long accountId);

    record Access(boolean available, VerificationSettings settings) {
    }
}

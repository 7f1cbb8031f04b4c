package io.mizani.application.verification;

import io.mizani.domain.verification.CheckOutcome;

/**
 * Runs a check against an identity provider. Never throws for a provider failure: a failure is a
 * {@link CheckOutcome.ProviderUnavailable}. Called outside any database transaction; never retried blindly
 * (a retry of a billed call could be billed twice).
 */
public interface VerificationProvider {

    CheckOutcome run(ProviderRequest request);

    /** The name reported as {@code source} for a live answer. */
    String name(ProviderRequest request);
}

package io.mizani.application.verification;

import io.mizani.domain.verification.CheckDefinition;
import io.mizani.domain.verification.CheckInputs;
import java.util.Optional;

/**
 * One check to run. {@code country} is where it runs (the input country of a global check). {@code ownProviderKey}
 * is the merchant's own provider key when it runs on it; empty on the platform key.
 */
public record ProviderRequest(String lookupId, CheckDefinition check, CheckInputs inputs, String country,
                              Optional<String> ownProviderKey) {
}

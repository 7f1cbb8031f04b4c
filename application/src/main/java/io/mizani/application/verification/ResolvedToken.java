package io.mizani.application.verification;

import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.VerificationToken;

/**
 * A token read back by its owner: the token snapshot, the provider's {@code detail}, the owning account and, only
 * when asked for, the payload ({@code dataJson}, else null).
 */
public record ResolvedToken(VerificationToken token, String detail, AccountId accountId, String dataJson) {
}

package io.mizani.application.verification;

import java.time.Instant;

/** A token read back. {@code dataJson} is null unless the payload was asked for. */
public record ResolvedToken(
        String token,
        String check,
        String category,
        String country,
        String status,
        String verificationStatus,
        boolean verified,
        String actorType,
        String subjectName,
        String identifierMasked,
        String reference,
        String detail,
        String source,
        long accountId,
        String dataJson,
        Instant verifiedAt,
        Instant expiresAt) {
}

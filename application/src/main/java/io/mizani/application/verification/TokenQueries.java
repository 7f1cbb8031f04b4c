package io.mizani.application.verification;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.teamkyc.TokenEvidence;
import io.mizani.application.teamkyc.VerificationEvidence;
import io.mizani.domain.verification.CheckStatus;
import java.util.List;
import java.util.Optional;

/** Reads of the token store: resolving a token, the history, and the evidence Team KYC builds tiers on. */
public final class TokenQueries implements ResolveToken, ListLookups, VerificationEvidence {

    private final LookupStore lookups;
    private final PiiProtection pii;
    private final UnitOfWork uow;

    public TokenQueries(LookupStore lookups, PiiProtection pii, UnitOfWork uow) {
        this.lookups = lookups;
        this.pii = pii;
        this.uow = uow;
    }

    @Override
    public ResolvedToken resolve(long accountId, String token, boolean withData) {
        LookupRecord r = uow.inTransaction(() -> lookups.findToken(accountId, token))
                .orElseThrow(VerificationErrors::tokenNotFound);
        String data = withData && r.sealedPayload() != null ? pii.open(r.sealedPayload()) : null;
        return new ResolvedToken(r.lookupId(), r.check(), r.category(), r.country(), r.status().wire(),
                r.verificationStatus(), r.status() == CheckStatus.VERIFIED, r.actorType(), r.subjectName(),
                r.identifierMasked(), r.reference(), r.detail(), r.source(), r.accountId(), data, r.fetchedAt(),
                r.expiresAt());
    }

    @Override
    public List<HistoryEntry> list(long accountId, Integer limit) {
        int n = limit == null ? DEFAULT_LIMIT : limit;
        if (n < 1) {
            throw VerificationErrors.invalidRequest("limit must be a positive integer");
        }
        int capped = Math.min(n, MAX_LIMIT);
        return uow.inTransaction(() -> lookups.history(accountId, capped)).stream()
                .map(r -> new HistoryEntry(r.lookupId(), r.check(), r.country(), r.status().wire(),
                        r.verificationStatus(), r.actorType(), r.subjectName(), r.identifierMasked(), r.reference(),
                        r.detail(), r.source(), r.chargedAmount(), r.chargeCurrency(), r.chargeReference(),
                        r.chargeStatus().wire(), r.durationMs(), r.createdAt()))
                .toList();
    }

    @Override
    public Optional<TokenEvidence> find(long accountId, String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        return uow.inTransaction(() -> lookups.findToken(accountId, token)).map(r -> new TokenEvidence(
                r.lookupId(), r.check(), r.category(), r.country(), r.status().wire(), r.verificationStatus(),
                r.status() == CheckStatus.VERIFIED, r.actorType(), r.subjectName(), r.identifierMasked(),
                r.reference(), r.source(), r.fetchedAt(), r.expiresAt()));
    }
}

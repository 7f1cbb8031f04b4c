package io.mizani.application.verification;

import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.verification.VerificationToken;
import io.mizani.application.teamkyc.VerificationEvidence;
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
        byte[] payload = r.outcome().sealed().payload();
        String data = withData && payload != null ? pii.open(payload) : null;
        return new ResolvedToken(r.token(), r.outcome().reply().detail(), r.accountId(), data);
    }

    @Override
    public List<HistoryEntry> list(long accountId, Integer limit) {
        int n = limit == null ? DEFAULT_LIMIT : limit;
        if (n < 1) {
            throw VerificationErrors.invalidRequest("limit must be a positive integer");
        }
        int capped = Math.min(n, MAX_LIMIT);
        return uow.inTransaction(() -> lookups.history(accountId, capped)).stream()
                .map(HistoryEntry::of)
                .toList();
    }

    @Override
    public Optional<VerificationToken> find(long accountId, String token) {
        if (token == null || token.isBlank()) {
            return Optional.empty();
        }
        return uow.inTransaction(() -> lookups.findToken(accountId, token)).map(LookupRecord::token);
    }
}

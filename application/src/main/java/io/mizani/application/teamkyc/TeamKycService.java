package io.mizani.application.teamkyc;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.idempotency.RecoveryPoints;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.ReviewDecision;
import io.mizani.domain.teamkyc.TokenSnapshot;
import io.mizani.domain.teamkyc.UpgradeDecision;
import io.mizani.domain.teamkyc.UpgradeStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Team KYC use cases. Tokens are resolved before any transaction; every state change (the record, the Team's and
 * organization's tier) is one transaction holding the record's row lock, so concurrent amendments, upgrades and
 * reviews of one submission are applied one after another. A decision on a submission (approved or rejected, by
 * tokens on submit or amend, or by an operator's review) records an account_kyc.approved / account_kyc.rejected
 * event for the Team in that same transaction.
 */
public final class TeamKycService implements SubmitTeamKyc, AmendTeamKyc, UpgradeTeamKyc, ReviewTeamKyc,
        ViewTeamKyc {

    static final int DEFAULT_QUEUE_LIMIT = 100;
    static final int MAX_QUEUE_LIMIT = 500;

    private final AccountKycStore store;
    private final KycTeams teams;
    private final TokenResolver tokens;
    private final UnitOfWork unitOfWork;
    private final Clock clock;
    private final Events events;
    private final AccountKycRenderer renderer;
    private RecoveryPoints recoveryPoints = RecoveryPoints.NONE;

    public TeamKycService(AccountKycStore store, KycTeams teams, VerificationEvidence evidence, UnitOfWork unitOfWork,
            Clock clock, Events events, AccountKycRenderer renderer) {
        this.store = store;
        this.teams = teams;
        this.tokens = new TokenResolver(evidence);
        this.unitOfWork = unitOfWork;
        this.clock = clock;
        this.events = Objects.requireNonNull(events, "events");
        this.renderer = Objects.requireNonNull(renderer, "renderer");
    }

    /** Idempotency-Key recovery points (platform.md section 8): set once by the wiring. */
    public TeamKycService withRecoveryPoints(RecoveryPoints recoveryPoints) {
        this.recoveryPoints = recoveryPoints;
        return this;
    }

    /** The record an earlier request with this request's Idempotency-Key committed (its request died), as it is now. */
    private java.util.Optional<AccountKyc> recovered(MerchantContext caller) {
        return recoveryPoints.committed(caller.accountId(), RecoveryPoints.ACCOUNT_KYC)
                .map(id -> visibleRecord(caller, Long.parseLong(id)));
    }

    @Override
    public AccountKyc submit(Commands.Submit command) {
        var recovered = recovered(command.caller());
        if (recovered.isPresent()) {
            return recovered.get();
        }
        TeamSnapshot team = visibleTeam(command.caller(), command.accountId());
        List<TokenSnapshot> snapshots = tokens.resolve(command.caller().accountId(), command.tokens());
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            AccountKyc kyc = AccountKyc.submit(team.accountId(), command.details(), snapshots, now);
            kyc = kyc.withAccountInformation(team.accountInformation(kyc));
            AccountKyc saved = store.insert(kyc, command.caller().accountId()).orElseThrow(() -> alreadySubmitted(team.accountId()));
            applyTierChange(null, saved);
            announceDecision(null, saved, false);
            recoveryPoints.record(command.caller().accountId(), RecoveryPoints.ACCOUNT_KYC, Long.toString(saved.id()));
            return saved;
        });
    }

    @Override
    public AccountKyc amend(Commands.Amend command) {
        AccountKyc current = visibleRecord(command.caller(), command.id());
        if (current.accountId() != command.accountId().longValue()) {
            throw DomainError.invalidArgument("account_id does not match the account kyc");
        }
        List<TokenSnapshot> snapshots = tokens.resolve(command.caller().accountId(), command.tokens());
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            AccountKyc locked = store.findForUpdate(command.id()).orElseThrow(() -> kycNotFound(command.id()));
            return save(locked, locked.amend(command.details(), snapshots, now), false);
        });
    }

    @Override
    public AccountKyc upgrade(Commands.Upgrade command) {
        var recovered = recovered(command.caller());
        if (recovered.isPresent()) {
            return recovered.get();
        }
        TeamSnapshot team = visibleTeam(command.caller(), command.accountId());
        List<TokenSnapshot> snapshots = tokens.resolve(command.caller().accountId(), command.tokens());
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            AccountKyc locked = store.findByAccountForUpdate(team.accountId())
                    .orElseThrow(() -> DomainError.invalidArgument(AccountKyc.NOT_APPROVED_FOR_UPGRADE));
            AccountKyc saved = save(locked, locked.requestUpgrade(command.upgradeTo(), command.upgradeNotes(),
                    command.entityInformation(), snapshots, now), false);
            recoveryPoints.record(command.caller().accountId(), RecoveryPoints.ACCOUNT_KYC, Long.toString(saved.id()));
            return saved;
        });
    }

    @Override
    public AccountKyc view(MerchantContext caller, long id) {
        return visibleRecord(caller, id);
    }

    @Override
    public List<AccountKyc> queue(String status, String upgradeStatus, Integer limit) {
        KycStatus statusFilter = status == null || status.isBlank() ? null : KycStatus.fromWire(status)
                .orElseThrow(() -> DomainError.invalidArgument(
                        "status must be one of pending, in_review, approved, rejected"));
        UpgradeStatus upgradeFilter = upgradeStatus == null || upgradeStatus.isBlank() ? null
                : UpgradeStatus.fromWire(upgradeStatus).orElseThrow(() -> DomainError.invalidArgument(
                        "upgrade_status must be one of pending, approved, rejected"));
        int max = limit == null ? DEFAULT_QUEUE_LIMIT : limit;
        if (max < 1 || max > MAX_QUEUE_LIMIT) {
            throw DomainError.invalidArgument("limit must be between 1 and " + MAX_QUEUE_LIMIT);
        }
        return store.list(statusFilter, upgradeFilter, max);
    }

    @Override
    public AccountKyc record(long id) {
        return unitOfWork.inTransaction(() -> store.find(id)).orElseThrow(() -> kycNotFound(id));
    }

    @Override
    public java.util.Optional<AccountKyc> recordOfAccount(long accountId) {
        return unitOfWork.inTransaction(() -> store.findByAccount(accountId));
    }

    @Override
    public AccountKyc review(Commands.Review command) {
        ReviewDecision decision = ReviewDecision.parse(command.decision());
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            AccountKyc locked = store.findForUpdate(command.id()).orElseThrow(() -> kycNotFound(command.id()));
            return save(locked, locked.review(decision, command.kycTier(), command.notes(), command.reviewerId(),
                    now), true);
        });
    }

    @Override
    public AccountKyc reviewUpgrade(Commands.ReviewUpgrade command) {
        UpgradeDecision decision = UpgradeDecision.parse(command.decision());
        Instant now = clock.instant();
        return unitOfWork.inTransaction(() -> {
            AccountKyc locked = store.findForUpdate(command.id()).orElseThrow(() -> kycNotFound(command.id()));
            return save(locked, locked.reviewUpgrade(decision, command.notes(), command.reviewerId(), now), false);
        });
    }

    private AccountKyc save(AccountKyc before, AccountKyc after, boolean review) {
        AccountKyc snapshot = teams.find(after.accountId())
                .map(team -> after.withAccountInformation(team.accountInformation(after)))
                .orElse(after);
        store.update(snapshot);
        applyTierChange(before, snapshot);
        announceDecision(before, snapshot, review);
        return snapshot;
    }

    /**
     * The submission was decided: it became approved or rejected (tokens on submit or amend, or a review), or an
     * operator's review decided it again (a review is always a decision, even one that keeps the status).
     */
    private void announceDecision(AccountKyc before, AccountKyc after, boolean review) {
        KycStatus status = after.status();
        if (status != KycStatus.APPROVED && status != KycStatus.REJECTED) {
            return;
        }
        if (!review && before != null && before.status() == status) {
            return;
        }
        // the event belongs to the merchant that submitted it (its events list and endpoint), not to the Team
        events.record(store.submitter(after.id()), status == KycStatus.APPROVED ? EventTypes.ACCOUNT_KYC_APPROVED
                : EventTypes.ACCOUNT_KYC_REJECTED, Map.of("account_kyc", renderer.render(after)));
    }

    private void applyTierChange(AccountKyc before, AccountKyc after) {
        Integer granted = after.grantedTier();
        if (granted != null && !Objects.equals(granted, before == null ? null : before.grantedTier())) {
            teams.applyTier(after.accountId(), granted);
        }
    }

    private TeamSnapshot visibleTeam(MerchantContext caller, long accountId) {
        return teams.findVisible(caller, accountId).orElseThrow(() -> teamNotFound(accountId));
    }

    private AccountKyc visibleRecord(MerchantContext caller, long id) {
        AccountKyc kyc = store.find(id).orElseThrow(() -> kycNotFound(id));
        if (teams.findVisible(caller, kyc.accountId()).isEmpty()) {
            throw kycNotFound(id);
        }
        return kyc;
    }

    private DomainError alreadySubmitted(long accountId) {
        String id = store.findByAccount(accountId).map(k -> String.valueOf(k.id())).orElse("{id}");
        return DomainError.invalidArgument("account " + accountId
                + " already has an account kyc: amend it with PUT /api/v2/account_kycs/" + id);
    }

    static DomainError teamNotFound(long accountId) {
        return DomainError.notFound("account " + accountId + " not found");
    }

    static DomainError kycNotFound(long id) {
        return DomainError.notFound("account kyc " + id + " not found");
    }
}

package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;
import io.mizani.domain.teamkyc.KycStatus;
import io.mizani.domain.teamkyc.UpgradeStatus;
import java.util.List;
import java.util.Optional;

/** Persistence of Team KYC submissions. The *ForUpdate reads lock the row until the transaction ends. */
public interface AccountKycStore {

    Optional<AccountKyc> find(long id);

    Optional<AccountKyc> findForUpdate(long id);

    Optional<AccountKyc> findByAccount(long accountId);

    Optional<AccountKyc> findByAccountForUpdate(long accountId);

    /**
     * Stores a new submission and returns it with its id; empty when the Team already has one (one per Team).
     * {@code submittedBy} is the merchant (the credential's account) that submitted it: its decision events belong to
     * that merchant, whichever Team of its organization the submission is for (platform.md section 10).
     */
    Optional<AccountKyc> insert(AccountKyc kyc, long submittedBy);

    /** The merchant account that submitted the submission {@code id} (the Team itself for older records). */
    long submitter(long id);

    void update(AccountKyc kyc);

    /** Oldest first; a null filter matches everything. */
    List<AccountKyc> list(KycStatus status, UpgradeStatus upgradeStatus, int limit);
}

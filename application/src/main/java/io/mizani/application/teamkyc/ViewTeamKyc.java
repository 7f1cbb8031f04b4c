package io.mizani.application.teamkyc;

import io.mizani.application.tenancy.MerchantContext;
import io.mizani.domain.teamkyc.AccountKyc;

/** GET /api/v2/account_kycs/{id}: a submission whose Team the caller may see (else 404). */
public interface ViewTeamKyc {
    AccountKyc view(MerchantContext caller, long id);
}

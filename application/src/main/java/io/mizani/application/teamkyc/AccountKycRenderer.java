package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountKyc;
import java.util.Map;

/**
 * The account_kyc object exactly as the Team KYC API returns it (field names, nulls, absent fields), as plain maps,
 * lists and scalars: the {@code data.account_kyc} of account_kyc.* events. Implemented where the API's JSON lives.
 */
public interface AccountKycRenderer {

    Map<String, Object> render(AccountKyc kyc);
}

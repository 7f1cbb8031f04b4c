package io.mizani.application.teamkyc;

import io.mizani.domain.teamkyc.AccountInformation;
import io.mizani.domain.teamkyc.AccountKyc;

/** The Team details Team KYC snapshots into account_information. */
public record TeamSnapshot(long accountId, long organizationId, String name, String email, String phoneNumber,
        String currency, String status, boolean emailVerified) {

    /** account_information for {@code kyc} as it stands (kyc_status is the submission's status). */
    public AccountInformation accountInformation(AccountKyc kyc) {
        boolean phoneVerified = kyc.verificationInformation() != null
                && kyc.verificationInformation().phoneVerified();
        return new AccountInformation(currency, Long.toString(organizationId), name, email, phoneNumber,
                kyc.status().wire(), status, phoneVerified, emailVerified);
    }
}

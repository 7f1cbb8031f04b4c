package io.mizani.domain.teamkyc;

/**
 * account_information: a snapshot of the Team's account details, taken by the service (never from the request)
 * and refreshed on every write of the submission so kyc_status follows the record.
 */
public record AccountInformation(
        String currency,
        String organizationId,
        String accountName,
        String email,
        String phoneNumber,
        String kycStatus,
        String accountStatus,
        Boolean isPhoneVerified,
        Boolean isEmailVerified) {
}

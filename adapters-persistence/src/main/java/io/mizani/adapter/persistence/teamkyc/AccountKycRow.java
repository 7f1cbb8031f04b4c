package io.mizani.adapter.persistence.teamkyc;

import java.time.Instant;

/**
 * A row of {@code account_kycs} as {@link JdbcAccountKycStore} writes and reads it: the jsonb columns as their text,
 * identifiers inside them already sealed.
 */
final class AccountKycRow {
    Long id;
    long accountId;
    String entityType;
    String status;
    String countryCode;
    String country;
    Integer kycTier;
    String notes;
    String contactInformation;
    String entityInformation;
    String accountInformation;
    String upgradeInformation;
    String upgradeStatus;
    String verificationInformation;
    String reviewInformation;
    Instant createdAt;
    Instant updatedAt;
}

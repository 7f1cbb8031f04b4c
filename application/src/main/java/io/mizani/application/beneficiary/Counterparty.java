package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.KycLevel;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A stored beneficiary as a payment sees it. */
public record Counterparty(
        long id,
        UUID uuid,
        String firstName,
        String lastName,
        String surname,
        String email,
        String phoneNumber,
        String country,
        String idType,
        String idNumber,
        String additionalIdType,
        String additionalIdNumber,
        OffsetDateTime dateOfBirth,
        String address,
        String accountName,
        String accountNumber,
        String accountType,
        KycLevel kycLevel,
        boolean active) {
}

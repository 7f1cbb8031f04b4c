package io.mizani.domain.team;

import java.math.BigDecimal;
import java.time.Instant;

/** A Team (account): an isolated merchant account under an organization, with its own service wallet and KYC tier. */
public record Team(
        long id,
        long organizationId,
        String uuid,
        String name,
        String description,
        String currency,
        String dialCode,
        String number,
        String email,
        String status,
        String accountType,
        int kycTier,
        boolean kycVerified,
        BigDecimal serviceWalletBalance,
        String logo,
        String themeColor,
        String paymentNote,
        Long notifyAmount,
        Instant createdAt,
        Instant updatedAt) {

    public String phoneNumber() {
        if (number == null) {
            return null;
        }
        return dialCode == null ? number : "+" + dialCode.replace("+", "") + number;
    }
}

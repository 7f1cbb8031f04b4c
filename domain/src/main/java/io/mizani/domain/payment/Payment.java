package io.mizani.domain.payment;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * A payment as stored: what was accepted, where it stands and what the provider said.
 * {@code merchantReference} is the merchant's payment_config.reference (unique per account); {@code reference}
 * is the service's own. {@code tier0CountedUsd} is the amount counted toward the beneficiary's tier-0 lifetime
 * total at acceptance (null when nothing was counted), released if the payment fails.
 */
public record Payment(
        long id,
        long accountId,
        String reference,
        String merchantReference,
        RequestType requestType,
        Rail rail,
        String provider,
        String networkId,
        String channelId,
        BigDecimal amount,
        String currency,
        String country,
        BigDecimal amountUsd,
        BigDecimal fee,
        Long beneficiaryId,
        UUID beneficiaryUuid,
        BigDecimal tier0CountedUsd,
        Customer customer,
        String accountNumber,
        String callbackUrl,
        String redirectUrl,
        String remark,
        String paymentCategory,
        String reason,
        PaymentStatus status,
        String failureReason,
        String providerReference,
        String checkoutToken,
        int checks,
        Instant createdAt,
        Instant updatedAt,
        Instant pendingSince,
        Instant completedAt) {

    /** The owner of the funds as this payment used it (beneficiary values with the request's overrides). */
    public record Customer(String firstName, String lastName, String email, String phone, LocalDate dob,
                           String country, String idType, String idNumber) {
    }
}

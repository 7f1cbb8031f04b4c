package io.mizani.application.payment;

import io.mizani.domain.payment.Payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;

/** The transaction record of platform.md section 7, exactly these fields, for transaction-status and callbacks. */
public record TransactionView(
        String merchantReference,
        String reference,
        String requestType,
        String transactionType,
        String transactionChannel,
        String provider,
        String status,
        BigDecimal amount,
        String currency,
        String country,
        BigDecimal amountUsd,
        BigDecimal fee,
        String beneficiaryUuid,
        String failureReason,
        String providerReference,
        String createdAt,
        String updatedAt,
        String completedAt) {

    public static TransactionView of(Payment p) {
        return new TransactionView(p.merchantReference(), p.reference(), p.requestType().wire(),
                p.requestType().transactionType(), p.rail().wire(), p.provider(), p.status().wire(),
                money(p.amount()), p.currency(), p.country(), money(p.amountUsd()), money(p.fee()),
                p.beneficiaryUuid() == null ? null : p.beneficiaryUuid().toString(), p.failureReason(),
                p.providerReference(), time(p.createdAt()), time(p.updatedAt()), time(p.completedAt()));
    }

    static BigDecimal money(BigDecimal v) {
        return v == null ? null : v.setScale(2, RoundingMode.HALF_EVEN);
    }

    static String time(Instant t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Field map in contract order (snake_case keys). */
    public Map<String, Object> asMap() {
        var m = new LinkedHashMap<String, Object>();
        m.put("merchant_reference", merchantReference);
        m.put("reference", reference);
        m.put("request_type", requestType);
        m.put("transaction_type", transactionType);
        m.put("transaction_channel", transactionChannel);
        m.put("provider", provider);
        m.put("status", status);
        m.put("amount", amount);
        m.put("currency", currency);
        m.put("country", country);
        m.put("amount_usd", amountUsd);
        m.put("fee", fee);
        m.put("beneficiary_uuid", beneficiaryUuid);
        m.put("failure_reason", failureReason);
        m.put("provider_reference", providerReference);
        m.put("created_at", createdAt);
        m.put("updated_at", updatedAt);
        m.put("completed_at", completedAt);
        return m;
    }

    /** The callback body: {@code {type, timestamp, data: {transaction}}}. */
    public static String callbackBody(String type, Instant at, TransactionView transaction) {
        var body = new LinkedHashMap<String, Object>();
        body.put("type", type);
        body.put("timestamp", time(at));
        body.put("data", Map.of("transaction", transaction.asMap()));
        return Json.write(body);
    }
}

package io.mizani.application.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.payment.Payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The transaction record of platform.md section 7, exactly these fields, for transaction-status, the transactions
 * list and callbacks: a view over a {@link Payment}, read from its parts by name. {@link #asMap} is the one place
 * the record's wire fields are laid out.
 */
public record TransactionView(Payment payment) {

    public TransactionView {
        Objects.requireNonNull(payment, "payment");
    }

    public static TransactionView of(Payment p) {
        return new TransactionView(p);
    }

    public String merchantReference() {
        return payment.references().merchantReference();
    }

    public String reference() {
        return payment.reference().value();
    }

    public String requestType() {
        return payment.routing().requestType().wire();
    }

    public String transactionType() {
        return payment.routing().requestType().transactionType();
    }

    public String transactionChannel() {
        return payment.routing().rail().wire();
    }

    public String provider() {
        return payment.routing().provider();
    }

    public String status() {
        return payment.status().wire();
    }

    public BigDecimal amount() {
        return money(payment.amounts().amount());
    }

    public String currency() {
        return payment.amounts().currency();
    }

    public String country() {
        return payment.routing().country();
    }

    public BigDecimal amountUsd() {
        return money(payment.amounts().amountUsd());
    }

    public BigDecimal fee() {
        return money(payment.amounts().fee());
    }

    public String beneficiaryUuid() {
        var b = payment.beneficiary();
        return b == null || b.uuid() == null ? null : b.uuid().toString();
    }

    public String failureReason() {
        return payment.outcome().failureReason();
    }

    public String providerReference() {
        return payment.outcome().providerReference();
    }

    public String createdAt() {
        return time(payment.times().createdAt());
    }

    public String updatedAt() {
        return time(payment.times().updatedAt());
    }

    public String completedAt() {
        return time(payment.times().completedAt());
    }

    static BigDecimal money(Money v) {
        return v == null ? null : v.amount().setScale(2, RoundingMode.HALF_EVEN);
    }

    static String time(Instant t) {
        return t == null ? null : DateTimeFormatter.ISO_INSTANT.format(t.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Field map in contract order (snake_case keys). */
    public Map<String, Object> asMap() {
        var m = new LinkedHashMap<String, Object>();
        m.put("merchant_reference", merchantReference());
        m.put("reference", reference());
        m.put("request_type", requestType());
        m.put("transaction_type", transactionType());
        m.put("transaction_channel", transactionChannel());
        m.put("provider", provider());
        m.put("status", status());
        m.put("amount", amount());
        m.put("currency", currency());
        m.put("country", country());
        m.put("amount_usd", amountUsd());
        m.put("fee", fee());
        m.put("beneficiary_uuid", beneficiaryUuid());
        m.put("failure_reason", failureReason());
        m.put("provider_reference", providerReference());
        m.put("created_at", createdAt());
        m.put("updated_at", updatedAt());
        m.put("completed_at", completedAt());
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

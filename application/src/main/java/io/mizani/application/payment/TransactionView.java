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
 * The transaction record of platform.md section 7 (plus section 15's {@code refunded_amount}), exactly these fields, for transaction-status, the transactions
 * list and callbacks: a view over a {@link Payment}, read from its parts by name. {@link #asMap} is the one place
 * the record's wire fields are laid out.
 */
public record TransactionView(Payment payment, Money refunded) {

    public TransactionView {
        Objects.requireNonNull(payment, "payment");
        Objects.requireNonNull(refunded, "refunded");
    }

    /** A transaction nothing was refunded of (a payout, a collection without succeeded refunds, a callback). */
    public static TransactionView of(Payment p) {
        return new TransactionView(p, Money.zero(p.amounts().currency()));
    }

    /** A transaction with the sum of its succeeded refunds (platform.md section 15). */
    public static TransactionView of(Payment p, Money refunded) {
        if (refunded == null) {
            return of(p);
        }
        if (!refunded.currency().equals(p.amounts().currency())) {
            throw new Money.CurrencyMismatch(p.amounts().amount(), refunded);
        }
        return new TransactionView(p, refunded);
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

    /** The sum of the collection's succeeded refunds, two decimals (0.00 when none). */
    public BigDecimal refundedAmount() {
        return money(refunded);
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

    /** {@code {status, score}} of a withdrawal sent with a payee check; null when the check was off. */
    public Map<String, Object> payeeCheck() {
        var check = payment.instructions().payeeCheck();
        if (check == null) {
            return null;
        }
        var m = new LinkedHashMap<String, Object>();
        m.put("status", check.status().wire());
        m.put("score", check.score());
        return m;
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
        m.put("refunded_amount", refundedAmount());
        m.put("beneficiary_uuid", beneficiaryUuid());
        m.put("failure_reason", failureReason());
        m.put("provider_reference", providerReference());
        m.put("created_at", createdAt());
        m.put("updated_at", updatedAt());
        m.put("completed_at", completedAt());
        m.put("payee_check", payeeCheck());
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

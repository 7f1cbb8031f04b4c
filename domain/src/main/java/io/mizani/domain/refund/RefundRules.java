package io.mizani.domain.refund;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The refusals and the arithmetic of a refund (platform.md section 15), as pure functions, messages exact. */
public final class RefundRules {

    /** failure_reason of a sandbox refund the provider declined. */
    public static final String DECLINED_BY_PROVIDER = "declined by the provider";

    private RefundRules() {
    }

    /** 400: the collection is not (or not yet) succeeded, or it is a payout. */
    public static DomainError notRefundable() {
        return DomainError.invalidArgument("only a succeeded collection can be refunded");
    }

    /** 400: the merchant used this refund_reference before (on any of its collections). */
    public static DomainError referenceUsed(String refundReference) {
        return DomainError.invalidArgument("refund_reference \"" + refundReference + "\" has already been used");
    }

    /** 400: more than is left to refund. */
    public static DomainError exceedsRefundable(Money refundable) {
        return DomainError.invalidArgument("refund amount exceeds the refundable "
                + refundable.amount().setScale(2, RoundingMode.HALF_EVEN).toPlainString() + " " + refundable.currency());
    }

    /**
     * A requested amount as the contract takes it: at most two decimals (Money's one wording), strictly positive,
     * kept at scale 2. Null (the whole refundable amount) stays null.
     */
    public static BigDecimal requested(BigDecimal amount) {
        if (amount == null) {
            return null;
        }
        Money m = Money.parse("amount", amount, "XXX");
        if (!m.isPositive()) {
            throw DomainError.invalidArgument("amount must be greater than 0");
        }
        return m.amount();
    }

    /** What is left to refund: the collected amount less the refunds that are not failed (never below zero). */
    public static Money refundable(Money collected, Money held) {
        Money left = collected.minus(held);
        return left.isNegative() ? Money.zero(collected.currency()) : left;
    }

    /**
     * The amount this refund takes: {@code requested}, or everything refundable when none was asked for; refused when
     * it is more than is refundable, or when nothing is left.
     */
    public static Money judge(Money requested, Money refundable) {
        Money amount = requested == null ? refundable : requested;
        if (!amount.isPositive() || amount.isGreaterThan(refundable)) {
            throw exceedsRefundable(refundable);
        }
        return Money.of(amount.amount().setScale(2, RoundingMode.HALF_EVEN), amount.currency());
    }

    /** The sandbox provider's verdict: a refund_reference ending in {@code 00} is declined, any other succeeds. */
    public static boolean sandboxDeclines(String refundReference) {
        return refundReference != null && refundReference.endsWith("00");
    }
}

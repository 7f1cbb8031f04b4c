package io.mizani.application.refund;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.refund.RefundRules;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * POST /api/global/refunds, validated in its constructor: merchant_reference and refund_reference are required (the
 * missing ones named in {@code invalid_arguments}), the amount, when given, positive with at most two decimals.
 */
public record StartRefundCommand(long accountId, String merchantReference, String refundReference, BigDecimal amount,
                                 String reason) {

    public static final int MAX_REFERENCE = 100;

    public StartRefundCommand {
        List<String> missing = new ArrayList<>();
        if (blank(merchantReference)) {
            missing.add("merchant_reference");
        }
        if (blank(refundReference)) {
            missing.add("refund_reference");
        }
        if (!missing.isEmpty()) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " required",
                    DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.copyOf(missing)));
        }
        merchantReference = merchantReference.trim();
        refundReference = refundReference.trim();
        if (refundReference.length() > MAX_REFERENCE) {
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                    "refund_reference must be at most " + MAX_REFERENCE + " characters", DomainError.Shape.DEFAULT,
                    Map.of("invalid_arguments", List.of("refund_reference")));
        }
        amount = RefundRules.requested(amount);
        reason = blank(reason) ? null : reason.trim();
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}

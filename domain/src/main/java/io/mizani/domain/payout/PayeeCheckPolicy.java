package io.mizani.domain.payout;

import io.mizani.domain.common.WireName;
import io.mizani.domain.verification.match.MatchVerdict;

import java.util.Locale;
import java.util.Optional;

/**
 * {@code payment_config.payee_check} of a withdrawal (platform.md section 16): whether the customer's name must match
 * the name the payee's provider holds before anything is reserved.
 * <table>
 *   <caption>what each policy refuses (the refusal names the status or the verdict)</caption>
 *   <tr><th>directory said</th><th>off</th><th>lenient</th><th>strict</th></tr>
 *   <tr><td>resolved, exact</td><td>-</td><td>-</td><td>-</td></tr>
 *   <tr><td>resolved, partial</td><td>-</td><td>-</td><td>partial</td></tr>
 *   <tr><td>resolved, mismatch</td><td>-</td><td>mismatch</td><td>mismatch</td></tr>
 *   <tr><td>not_found</td><td>-</td><td>not_found</td><td>not_found</td></tr>
 *   <tr><td>unsupported, unavailable</td><td>-</td><td>-</td><td>unsupported, unavailable</td></tr>
 * </table>
 */
public enum PayeeCheckPolicy implements WireName {
    OFF, LENIENT, STRICT;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Absent or blank: {@link #OFF}; an unknown value: empty. */
    public static Optional<PayeeCheckPolicy> parse(String value) {
        if (value == null || value.isBlank()) {
            return Optional.of(OFF);
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        return WireName.find(PayeeCheckPolicy.class, v);
    }

    /**
     * The refusal's reason ({@code payee name check failed: <reason>}), or empty when this policy lets the payment
     * through. {@code match} is null unless {@code status} is {@code resolved}.
     */
    public Optional<String> refusal(PayeeStatus status, PayeeMatch match) {
        if (this == OFF) {
            return Optional.empty();
        }
        if (status != PayeeStatus.RESOLVED) {
            boolean refused = this == STRICT || status == PayeeStatus.NOT_FOUND;
            return refused ? Optional.of(status.wire()) : Optional.empty();
        }
        MatchVerdict verdict = match == null ? MatchVerdict.NOT_PROVIDED : match.overall();
        boolean refused = this == STRICT ? verdict != MatchVerdict.EXACT : verdict == MatchVerdict.MISMATCH;
        return refused ? Optional.of(verdict.wire()) : Optional.empty();
    }

    /** The message of a refusal. */
    public static String refusalMessage(String reason) {
        return "payee name check failed: " + reason;
    }
}

package io.mizani.domain.payout;

import java.util.Objects;

/**
 * What a withdrawal's payee check found, as the transaction shows it ({@code payee_check: {status, score}}):
 * the directory's status and, when it resolved the account, the match score (null otherwise).
 */
public record PayeeCheck(PayeeStatus status, Integer score) {

    public PayeeCheck {
        Objects.requireNonNull(status, "status");
        if (score != null && (score < 0 || score > 100)) {
            throw new IllegalArgumentException("score must be 0-100");
        }
    }
}

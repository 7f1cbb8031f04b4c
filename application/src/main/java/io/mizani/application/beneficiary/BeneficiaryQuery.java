package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.error.DomainError;

import java.time.Instant;
import java.util.UUID;

/**
 * A list request, validated: page from 1, per from 1 (above {@link #MAX_PER} it is capped), optional filters,
 * {@code from}/{@code to} (created_at, {@code to} exclusive) both or neither and in order.
 */
public record BeneficiaryQuery(int page, int per, String term, KycLevel kycLevel, Boolean active, UUID uuid,
                               Instant from, Instant to) {

    public static final int DEFAULT_PAGE = 1;
    public static final int DEFAULT_PER = 20;
    public static final int MAX_PER = 100;

    public BeneficiaryQuery {
        if (page < 1) {
            throw DomainError.invalidArgument("page must be an integer of at least 1");
        }
        if (per < 1) {
            throw DomainError.invalidArgument("per must be an integer of at least 1");
        }
        per = Math.min(per, MAX_PER);
        if (term != null) {
            term = term.strip();
            if (term.isEmpty()) {
                term = null;
            }
        }
        if ((from == null) != (to == null)) {
            throw DomainError.invalidArgument("from and to must be sent together");
        }
        if (from != null && !from.isBefore(to)) {
            throw DomainError.invalidArgument("from must not be after to");
        }
    }

    public long offset() {
        return (long) (page - 1) * per;
    }
}

package io.mizani.application.beneficiary;

import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.error.DomainError;

import java.time.Instant;
import java.util.UUID;

/**
 * A list request, validated: page from 1, per from 1 (above {@link #MAX_PER} it is capped), optional filters,
 * {@code from}/{@code to} (created_at, {@code to} exclusive) both or neither and in order. Built by steps:
 * {@link #page} and then one {@code with...} per filter the caller sent.
 */
public record BeneficiaryQuery(int page, int per, Filter filter) {

    public static final int DEFAULT_PAGE = 1;
    public static final int DEFAULT_PER = 20;
    public static final int MAX_PER = 100;

    /** The optional filters: a search term, the KYC level, the active flag, one uuid, a created_at window. */
    public record Filter(String term, KycLevel kycLevel, Boolean active, UUID uuid, Instant from, Instant to) {

        public static final Filter NONE = new Filter(null, null, null, null, null, null);

        public Filter {
            if (term != null) {
                term = term.strip();
                if (term.isEmpty()) {
                    term = null;
                }
            }
        }
    }

    public BeneficiaryQuery {
        if (page < 1) {
            throw DomainError.invalidArgument("page must be an integer of at least 1");
        }
        if (per < 1) {
            throw DomainError.invalidArgument("per must be an integer of at least 1");
        }
        per = Math.min(per, MAX_PER);
        if (filter == null) {
            filter = Filter.NONE;
        }
        if ((filter.from() == null) != (filter.to() == null)) {
            throw DomainError.invalidArgument("from and to must be sent together");
        }
        if (filter.from() != null && !filter.from().isBefore(filter.to())) {
            throw DomainError.invalidArgument("from must not be after to");
        }
    }

    /** Page {@code page} of {@code per} rows, no filter. */
    public static BeneficiaryQuery page(int page, int per) {
        return new BeneficiaryQuery(page, per, Filter.NONE);
    }

    public BeneficiaryQuery withTerm(String term) {
        Filter f = filter;
        return new BeneficiaryQuery(page, per, new Filter(term, f.kycLevel(), f.active(), f.uuid(), f.from(), f.to()));
    }

    public BeneficiaryQuery withKycLevel(KycLevel kycLevel) {
        Filter f = filter;
        return new BeneficiaryQuery(page, per, new Filter(f.term(), kycLevel, f.active(), f.uuid(), f.from(), f.to()));
    }

    public BeneficiaryQuery withActive(Boolean active) {
        Filter f = filter;
        return new BeneficiaryQuery(page, per, new Filter(f.term(), f.kycLevel(), active, f.uuid(), f.from(), f.to()));
    }

    public BeneficiaryQuery withUuid(UUID uuid) {
        Filter f = filter;
        return new BeneficiaryQuery(page, per, new Filter(f.term(), f.kycLevel(), f.active(), uuid, f.from(), f.to()));
    }

    /** Rows created from {@code from} (inclusive) to {@code to} (exclusive); both or neither. */
    public BeneficiaryQuery createdBetween(Instant from, Instant to) {
        Filter f = filter;
        return new BeneficiaryQuery(page, per, new Filter(f.term(), f.kycLevel(), f.active(), f.uuid(), from, to));
    }

    public long offset() {
        return (long) (page - 1) * per;
    }
}

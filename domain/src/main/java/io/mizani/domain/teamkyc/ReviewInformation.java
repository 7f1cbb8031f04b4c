package io.mizani.domain.teamkyc;

import java.time.Instant;

/** The last operator decision on a submission (an addition to the contract's fields, for the audit trail). */
public record ReviewInformation(String decision, String notes, long reviewedBy, Instant reviewedAt) {
}

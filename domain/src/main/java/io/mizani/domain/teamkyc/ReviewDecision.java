package io.mizani.domain.teamkyc;

import io.mizani.domain.common.WireName;
import io.mizani.domain.error.DomainError;

/** An operator's decision on a submission. */
public enum ReviewDecision implements WireName {
    APPROVE("approve", KycStatus.APPROVED), REJECT("reject", KycStatus.REJECTED),
    IN_REVIEW("in_review", KycStatus.IN_REVIEW);

    private final String wire;
    private final KycStatus target;

    ReviewDecision(String wire, KycStatus target) {
        this.wire = wire;
        this.target = target;
    }

    @Override
    public String wire() {
        return wire;
    }

    public KycStatus target() {
        return target;
    }

    public static ReviewDecision parse(String value) {
        return WireName.find(ReviewDecision.class, value)
                .orElseThrow(() -> DomainError.invalidArgument("decision must be one of approve, reject, in_review"));
    }
}

package io.mizani.domain.screening;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/**
 * A screening case: {@code open} until compliance decides; {@code cleared} (a false positive: the subject passes
 * later) or {@code confirmed} (a true match: the subject is refused for good). A decided case never changes again.
 */
public enum CaseStatus implements WireName {
    OPEN("open"),
    CLEARED("cleared"),
    CONFIRMED("confirmed");

    private final String wire;

    CaseStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<CaseStatus> fromWire(String value) {
        return WireName.find(CaseStatus.class, value);
    }

    /** The status a decision leads to: {@code clear} or {@code confirm}. */
    public static Optional<CaseStatus> ofDecision(String decision) {
        return switch (decision == null ? "" : decision) {
            case "clear" -> Optional.of(CLEARED);
            case "confirm" -> Optional.of(CONFIRMED);
            default -> Optional.empty();
        };
    }
}

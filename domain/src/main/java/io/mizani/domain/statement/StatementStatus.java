package io.mizani.domain.statement;

import io.mizani.domain.common.WireName;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A statement's state machine as an explicit transition table:
 * <pre>
 *   processing --file built and stored----------------> completed
 *   processing --builds kept failing (attempts spent)--> failed
 * </pre>
 * {@code completed} and {@code failed} are final: a merchant who wants another try asks for a new statement.
 */
public enum StatementStatus implements WireName {
    PROCESSING, COMPLETED, FAILED;

    private static final Map<StatementStatus, Set<StatementStatus>> NEXT = Map.of(
            PROCESSING, EnumSet.of(COMPLETED, FAILED),
            COMPLETED, EnumSet.noneOf(StatementStatus.class),
            FAILED, EnumSet.noneOf(StatementStatus.class));

    public boolean canMoveTo(StatementStatus to) {
        return NEXT.get(this).contains(to);
    }

    public boolean isFinal() {
        return NEXT.get(this).isEmpty();
    }

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<StatementStatus> parse(String value) {
        return WireName.find(StatementStatus.class, value);
    }
}

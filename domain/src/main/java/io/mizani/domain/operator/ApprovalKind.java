package io.mizani.domain.operator;

import java.util.Locale;

/** The operator actions that need a second operator at or above the approval threshold. */
public enum ApprovalKind {
    BALANCE_ADJUSTMENT, SERVICE_WALLET_CREDIT;

    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ApprovalKind parse(String wire) {
        for (ApprovalKind k : values()) {
            if (k.wire().equals(wire)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown approval kind " + wire);
    }
}

package io.mizani.domain.operator;

import io.mizani.domain.common.WireName;
import java.util.Locale;

/** The operator actions that need a second operator at or above the approval threshold. */
public enum ApprovalKind implements WireName {
    BALANCE_ADJUSTMENT, SERVICE_WALLET_CREDIT;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ApprovalKind parse(String wire) {
        return WireName.find(ApprovalKind.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown approval kind " + wire));
    }
}

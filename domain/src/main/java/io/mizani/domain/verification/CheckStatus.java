package io.mizani.domain.verification;

import io.mizani.domain.common.WireName;

/** The outcome of one call; a call never moves between them. */
public enum CheckStatus implements WireName {
    VERIFIED("verified"), NOT_VERIFIED("not_verified"), ERROR("error");

    private final String wire;

    CheckStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static CheckStatus fromWire(String wire) {
        return WireName.find(CheckStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown check status " + wire));
    }
}

package io.mizani.domain.team;

import io.mizani.domain.common.WireName;

/** Where an invitation stands: {@code pending} until someone accepts it with the e-mailed token. */
public enum InvitationStatus implements WireName {
    PENDING("pending"), ACCEPTED("accepted");

    private final String wire;

    InvitationStatus(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static InvitationStatus fromWire(String wire) {
        return WireName.find(InvitationStatus.class, wire)
                .orElseThrow(() -> new IllegalArgumentException("unknown invitation status " + wire));
    }
}

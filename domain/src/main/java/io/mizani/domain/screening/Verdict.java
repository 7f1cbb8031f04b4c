package io.mizani.domain.screening;

import io.mizani.domain.common.WireName;

/** A screen's verdict: no hit at or above the threshold, or at least one. */
public enum Verdict implements WireName {
    CLEAR("clear"),
    POTENTIAL_MATCH("potential_match");

    private final String wire;

    Verdict(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}

package io.mizani.domain.screening;

/** A screen's verdict: no hit at or above the threshold, or at least one. */
public enum Verdict {
    CLEAR("clear"),
    POTENTIAL_MATCH("potential_match");

    private final String wire;

    Verdict(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }
}

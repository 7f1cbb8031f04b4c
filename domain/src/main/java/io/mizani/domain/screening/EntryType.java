package io.mizani.domain.screening;

import io.mizani.domain.common.WireName;
import java.util.Optional;

/** What a list entry (or a screened subject) is: a person or an organization (platform.md section 20). */
public enum EntryType implements WireName {
    PERSON("person"),
    ORGANIZATION("organization");

    private final String wire;

    EntryType(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }

    public static Optional<EntryType> fromWire(String value) {
        return WireName.find(EntryType.class, value);
    }
}

package io.mizani.domain.screening;

import java.util.Arrays;
import java.util.Optional;

/** What a list entry (or a screened subject) is: a person or an organization (platform.md section 20). */
public enum EntryType {
    PERSON("person"),
    ORGANIZATION("organization");

    private final String wire;

    EntryType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<EntryType> fromWire(String value) {
        return Arrays.stream(values()).filter(t -> t.wire.equals(value)).findFirst();
    }
}

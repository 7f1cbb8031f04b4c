package io.mizani.domain.screening;

import java.util.List;
import java.util.Objects;

/**
 * One entry of a screening list as loaded: the list's own id for it, person or organization, the primary name, its
 * aliases, a birth year when the list gives one, and the countries it names (nationality, citizenship, address).
 * Two loads of the same entry are equal records, which is how a new version's delta is found.
 */
public record ListEntry(String entryId, EntryType type, String name, List<String> aliases, Integer birthYear,
                        List<String> countries) {

    public ListEntry {
        Objects.requireNonNull(entryId, "entryId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        countries = List.copyOf(countries);
    }
}

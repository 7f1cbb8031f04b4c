package io.mizani.domain.common;

import java.util.Optional;

/**
 * A closed set's member with its exact contract spelling ({@link #wire()}), and the one lookup from that spelling
 * back to the member. Every enum of wire names implements it; each decides what an unknown name means where it is
 * parsed (empty, a 400 with the contract's message, or an error for a stored value no version wrote).
 */
public interface WireName {

    /** The exact spelling on the wire and in the database. */
    String wire();

    /**
     * The member of {@code type} spelled exactly {@code wire} (case and spaces matter); empty for {@code null} or
     * a name that is not one of them.
     */
    static <E extends Enum<E> & WireName> Optional<E> find(Class<E> type, String wire) {
        if (wire == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(type.cast(WireNames.BY_WIRE.get(type).get(wire)));
    }
}

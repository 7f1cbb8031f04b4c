package io.mizani.domain.common;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A client's value for a closed set (an enum of wire names), parsed where it arrives (the REST edge): absent (null or
 * blank), one of the set, or sent but not one of it. A command that holds it reports "required" or "must be one of"
 * among its other problems, in their order, as it did when it held the text; nothing past the edge sees the text.
 */
public record Choice<E extends Enum<E>>(E value, boolean sent) {

    public Choice {
        if (value != null && !sent) {
            throw new IllegalArgumentException("a value is sent");
        }
    }

    /** {@code raw} as sent: null or blank is absent, else {@code parser}'s answer (empty: not one of the set). */
    public static <E extends Enum<E>> Choice<E> parse(String raw, Function<String, Optional<E>> parser) {
        if (raw == null || raw.isBlank()) {
            return absent();
        }
        return new Choice<>(parser.apply(raw).orElse(null), true);
    }

    public static <E extends Enum<E>> Choice<E> of(E value) {
        return new Choice<>(Objects.requireNonNull(value, "value"), true);
    }

    public static <E extends Enum<E>> Choice<E> absent() {
        return new Choice<>(null, false);
    }

    public boolean isAbsent() {
        return !sent;
    }

    /** Sent, but not one of the set. */
    public boolean isUnknown() {
        return sent && value == null;
    }

    public Optional<E> known() {
        return Optional.ofNullable(value);
    }
}

package io.mizani.domain.screening;

/** The id of one loaded version of a screening list. */
public record ListId(long value) {

    public static ListId of(long value) {
        return new ListId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}

package io.mizani.domain.verification;

import java.util.Objects;

/**
 * The id of one call of a check ({@code vt_} + 26 characters); when the call issued a token, it is the token.
 * Its charge goes by {@link #chargeReference()} ({@code chg_} + the same characters).
 */
public record LookupId(String value) {

    public LookupId {
        Objects.requireNonNull(value, "value");
    }

    public static LookupId of(String value) {
        return new LookupId(value);
    }

    public String chargeReference() {
        return "chg_" + value.substring(value.indexOf('_') + 1);
    }

    @Override
    public String toString() {
        return value;
    }
}

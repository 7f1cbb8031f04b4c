package io.mizani.domain.verification.match;

import io.mizani.domain.common.WireName;

import java.util.Locale;

/** One field's verdict in an identity match (platform.md section 13). */
public enum MatchVerdict implements WireName {
    /** Equal after normalisation (case, diacritics, punctuation, spacing, token order). */
    EXACT,
    /** Close: initials, a missing middle name, a short form, a small misspelling, a swapped day and month. */
    PARTIAL,
    /** Compared and different. */
    MISMATCH,
    /** The merchant did not send the field. */
    NOT_PROVIDED,
    /** The registry did not return the field. */
    NOT_RETURNED;

    @Override
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}

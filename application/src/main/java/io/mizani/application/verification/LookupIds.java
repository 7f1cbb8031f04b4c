package io.mizani.application.verification;

import io.mizani.application.common.RandomText;
import io.mizani.domain.verification.LookupId;

/** Lookup ids ({@code vt_} + 26 lower-case base32 characters, 130 random bits) and charge references. */
public final class LookupIds {

    private static final RandomText ID = new RandomText("abcdefghijklmnopqrstuvwxyz234567");

    private LookupIds() {
    }

    public static LookupId next() {
        return LookupId.of(ID.next("vt_", 26));
    }
}

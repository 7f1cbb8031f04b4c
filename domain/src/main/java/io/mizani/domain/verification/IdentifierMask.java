package io.mizani.domain.verification;

/**
 * The masked form of an identifier: leading and trailing characters kept, the middle replaced by bullets (U+2022).
 * Each side keeps a quarter of the length, at least 1 and at most 4 characters; identifiers of two characters or
 * fewer are bulleted entirely.
 */
public final class IdentifierMask {

    public static final char BULLET = '\u2022';

    private IdentifierMask() {
    }

    public static String mask(String identifier) {
        if (identifier == null) {
            return null;
        }
        int n = identifier.length();
        if (n <= 2) {
            return String.valueOf(BULLET).repeat(n);
        }
        int keep = Math.max(1, Math.min(4, n / 4));
        return identifier.substring(0, keep) + String.valueOf(BULLET).repeat(n - 2 * keep) + identifier.substring(n - keep);
    }
}

package io.mizani.domain.verification;

/** How a catalogue field is validated and normalised. */
public enum FieldFormat {
    /** An identifier: spaces removed, upper-cased, letters, digits, '/' and '-' only, 3 to 30 characters. */
    IDENTIFIER,
    /** Digits only, spaces removed; length bounded by the field's min/max digits. */
    DIGITS,
    /** A calendar date written YYYY-MM-DD. */
    DATE,
    /** One of the field's options (matched case-insensitively, stored as the option value). */
    OPTION,
    /** An ISO 3166-1 alpha-2 country code (one of the field's options). */
    COUNTRY,
    /** A phone number in international format: '+', country code, subscriber number (7 to 15 digits). */
    PHONE_INTERNATIONAL,
    /** A Nigerian phone number: +234XXXXXXXXXX, 234XXXXXXXXXX or 0XXXXXXXXXX; normalised to +234... */
    PHONE_NG,
    /** A person's name: trimmed, inner whitespace collapsed, 1 to 100 characters. */
    NAME
}

package io.mizani.domain.verification;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * One entry of the check catalogue. {@code country} is an ISO code, or {@code GLOBAL} when the country is an input
 * field (or, for phone checks, derived from the number). The first required field is the check's identifier.
 * {@code livePrice} is the platform-key price in KES (provider price plus the 5 KES margin).
 */
public record CheckDefinition(String key, String label, String country, Category category, String description,
                              List<CheckField> fields, BigDecimal livePrice) {

    public static final String GLOBAL = "GLOBAL";

    public CheckDefinition {
        fields = List.copyOf(fields);
        if (fields.stream().noneMatch(CheckField::required)) {
            throw new IllegalArgumentException(key + " needs at least one required field");
        }
    }

    public boolean global() {
        return GLOBAL.equals(country);
    }

    /** The field whose value identifies the subject (masked and hashed, drives the sandbox outcome). */
    public CheckField identifierField() {
        return fields.stream().filter(CheckField::required).findFirst().orElseThrow();
    }

    /** The input field carrying the country on a global check ({@code country} or {@code country_code}). */
    public Optional<CheckField> countryField() {
        return fields.stream().filter(f -> f.format() == FieldFormat.COUNTRY).findFirst();
    }

    /** Whether the country is the one of a phone number (phone checks run against the number's country). */
    public boolean countryFromPhone() {
        return global() && category == Category.PHONE;
    }
}

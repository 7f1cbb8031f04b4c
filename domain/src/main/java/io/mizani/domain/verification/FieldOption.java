package io.mizani.domain.verification;

/** One allowed value of a field with a fixed value set (a bank, a country, a card type). */
public record FieldOption(String value, String label) {
}

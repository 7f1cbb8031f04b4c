package io.mizani.domain.verification;

import java.util.List;

/**
 * One input field of a check. {@code options} is empty unless the field has a fixed value set (it is then
 * served as {@code options[]}); {@code minDigits}/{@code maxDigits} bound a {@link FieldFormat#DIGITS} field.
 */
public record CheckField(String name, String label, boolean required, String hint, FieldFormat format,
                         int minDigits, int maxDigits, List<FieldOption> options) {

    public CheckField {
        options = List.copyOf(options);
    }

    public static CheckField identifier(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.IDENTIFIER, 0, 0, List.of());
    }

    public static CheckField digits(String name, String label, int count, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.DIGITS, count, count, List.of());
    }

    public static CheckField digits(String name, String label, int min, int max, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.DIGITS, min, max, List.of());
    }

    public static CheckField date(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.DATE, 0, 0, List.of());
    }

    public static CheckField option(String name, String label, String hint, List<FieldOption> options) {
        return new CheckField(name, label, true, hint, FieldFormat.OPTION, 0, 0, options);
    }

    public static CheckField country(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.COUNTRY, 0, 0, Countries.OPTIONS);
    }

    public static CheckField phone(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.PHONE_INTERNATIONAL, 0, 0, List.of());
    }

    public static CheckField phoneNg(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.PHONE_NG, 0, 0, List.of());
    }

    public static CheckField name(String name, String label, String hint) {
        return new CheckField(name, label, true, hint, FieldFormat.NAME, 0, 0, List.of());
    }

    public boolean hasOptions() {
        return !options.isEmpty();
    }
}

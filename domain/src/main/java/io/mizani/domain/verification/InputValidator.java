package io.mizani.domain.verification;

import io.mizani.domain.error.DomainError;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Validates a request body against a catalogue entry and normalises it. Every refusal is a 400 on the
 * verification surface ({@code reason} {@code invalid_request}) whose message names the field. Fields the
 * catalogue does not know are ignored (they never reach a provider nor the cache key).
 */
public final class InputValidator {

    public static final String REASON = "invalid_request";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Z0-9/\\-]{3,30}");
    private static final Pattern INTERNATIONAL = Pattern.compile("\\+[1-9][0-9]{6,14}");
    private static final Pattern PHONE_SEPARATORS = Pattern.compile("[\\s\\-().]");
    private static final DateTimeFormatter ISO_DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    private InputValidator() {
    }

    public static CheckInputs validate(CheckDefinition check, Map<String, String> body) {
        Map<String, String> values = new LinkedHashMap<>();
        for (CheckField field : check.fields()) {
            String raw = body == null ? null : body.get(field.name());
            if (raw == null || raw.isBlank()) {
                if (field.required()) {
                    throw invalid(field.name() + " is required");
                }
                continue;
            }
            values.put(field.name(), normalise(field, raw.strip()));
        }
        return new CheckInputs(check.key(), values, values.get(check.identifierField().name()));
    }

    private static String normalise(CheckField field, String value) {
        String name = field.name();
        return switch (field.format()) {
            case IDENTIFIER -> {
                String id = value.replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
                if (!IDENTIFIER.matcher(id).matches()) {
                    throw invalid(name + " must be 3 to 30 letters, digits, '/' or '-'");
                }
                yield id;
            }
            case DIGITS -> {
                String digits = value.replaceAll("\\s+", "");
                boolean allDigits = !digits.isEmpty() && digits.chars().allMatch(c -> c >= '0' && c <= '9');
                if (!allDigits || digits.length() < field.minDigits() || digits.length() > field.maxDigits()) {
                    throw invalid(field.minDigits() == field.maxDigits()
                            ? name + " must be " + field.minDigits() + " digits"
                            : name + " must be " + field.minDigits() + " to " + field.maxDigits() + " digits");
                }
                yield digits;
            }
            case DATE -> {
                try {
                    yield LocalDate.parse(value, ISO_DATE).toString();
                } catch (DateTimeParseException e) {
                    throw invalid(name + " must be a date in YYYY-MM-DD format");
                }
            }
            case OPTION -> field.options().stream()
                    .filter(o -> o.value().equalsIgnoreCase(value))
                    .map(FieldOption::value)
                    .findFirst()
                    .orElseThrow(() -> invalid(name + " must be one of: "
                            + field.options().stream().map(FieldOption::value).collect(Collectors.joining(", "))));
            case COUNTRY -> {
                String code = value.toUpperCase(Locale.ROOT);
                if (!Countries.isIsoCode(code)) {
                    throw invalid(name + " must be an ISO 3166-1 alpha-2 country code");
                }
                yield code;
            }
            case PHONE_INTERNATIONAL -> {
                String number = PHONE_SEPARATORS.matcher(value).replaceAll("");
                if (number.startsWith("00")) {
                    number = "+" + number.substring(2);
                }
                if (!INTERNATIONAL.matcher(number).matches()) {
                    throw invalid(name + " must be a phone number in international format, e.g. +254712345678");
                }
                yield number;
            }
            case PHONE_NG -> {
                String number = PHONE_SEPARATORS.matcher(value).replaceAll("");
                String national;
                if (number.startsWith("+234")) {
                    national = number.substring(4);
                } else if (number.startsWith("234") && number.length() == 13) {
                    national = number.substring(3);
                } else if (number.startsWith("0") && number.length() == 11) {
                    national = number.substring(1);
                } else {
                    national = "";
                }
                if (!national.matches("[1-9][0-9]{9}")) {
                    throw invalid(name + " must be a Nigerian phone number, e.g. +2348012345678 or 08012345678");
                }
                yield "+234" + national;
            }
            case NAME -> {
                String text = value.replaceAll("\\s+", " ");
                if (text.length() > 100) {
                    throw invalid(name + " must be at most 100 characters");
                }
                yield text.toUpperCase(Locale.ROOT);
            }
        };
    }

    public static DomainError invalid(String message) {
        return new DomainError(DomainError.Kind.INVALID_ARGUMENT, REASON, message);
    }
}

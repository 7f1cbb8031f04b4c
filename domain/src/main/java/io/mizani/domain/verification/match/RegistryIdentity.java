package io.mizani.domain.verification.match;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one shape every provider adapter maps its answer's names and date of birth into, whatever the registry calls
 * them ({@code FullName}/{@code DOB} at Smile ID, {@code first_name}/{@code date_of_birth} at Dojah...). Any part
 * may be null when the registry did not return it. {@link #encode()} is the compact text stored (sealed) with a
 * result so a cached replay can compute its own match.
 */
public record RegistryIdentity(String firstName, String middleName, String lastName, LocalDate dateOfBirth) {

    private static final char SEP = '\u001f';

    private static final List<DateTimeFormatter> DATE_FORMATS = List.of(
            DateTimeFormatter.ISO_LOCAL_DATE,
            DateTimeFormatter.ofPattern("dd-MM-uuuu"),
            DateTimeFormatter.ofPattern("dd/MM/uuuu"),
            new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern("dd-MMM-uuuu").toFormatter(Locale.ENGLISH),
            new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern("d MMMM uuuu").toFormatter(Locale.ENGLISH));

    public static final RegistryIdentity NONE = new RegistryIdentity(null, null, null, null);

    public RegistryIdentity {
        firstName = blankToNull(firstName);
        middleName = blankToNull(middleName);
        lastName = blankToNull(lastName);
    }

    /**
     * From a single full name when the registry returns only that: the first token is the first name, the last the
     * last name, anything between the middle name. Matching compares tokens in any order, so a registry that writes
     * the surname first still matches.
     */
    public static RegistryIdentity fromFullName(String fullName, LocalDate dateOfBirth) {
        if (fullName == null || fullName.isBlank()) {
            return new RegistryIdentity(null, null, null, dateOfBirth);
        }
        String[] parts = fullName.strip().split("\\s+");
        if (parts.length == 1) {
            return new RegistryIdentity(parts[0], null, null, dateOfBirth);
        }
        String middle = parts.length > 2 ? String.join(" ", java.util.Arrays.copyOfRange(parts, 1, parts.length - 1)) : null;
        return new RegistryIdentity(parts[0], middle, parts[parts.length - 1], dateOfBirth);
    }

    /** A registry's date of birth in any of the formats providers use (ISO, dd-MM-yyyy, dd/MM/yyyy, dd-MMM-yyyy). */
    public static LocalDate parseDate(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.strip();
        if (t.length() > 10 && t.charAt(4) == '-' && (t.charAt(10) == 'T' || t.charAt(10) == ' ')) {
            t = t.substring(0, 10); // a timestamp: its date
        }
        for (DateTimeFormatter f : DATE_FORMATS) {
            try {
                return LocalDate.parse(t, f);
            } catch (DateTimeParseException ignored) {
                // next format
            }
        }
        return null;
    }

    public boolean hasNames() {
        return firstName != null || middleName != null || lastName != null;
    }

    public boolean isEmpty() {
        return !hasNames() && dateOfBirth == null;
    }

    public String encode() {
        return nz(firstName) + SEP + nz(middleName) + SEP + nz(lastName) + SEP
                + (dateOfBirth == null ? "" : dateOfBirth.toString());
    }

    public static Optional<RegistryIdentity> decode(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String[] p = text.split(String.valueOf(SEP), -1);
        if (p.length != 4) {
            return Optional.empty();
        }
        return Optional.of(new RegistryIdentity(p[0], p[1], p[2], p[3].isEmpty() ? null : LocalDate.parse(p[3])));
    }

    private static String nz(String s) {
        return s == null ? "" : s.replace(SEP, ' ');
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }
}

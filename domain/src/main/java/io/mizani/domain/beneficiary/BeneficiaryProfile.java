package io.mizani.domain.beneficiary;

import io.mizani.domain.error.DomainError;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The identity and destination data a merchant keeps about a beneficiary: everything but the ids, the computed
 * KYC level, the tier-0 counter and the timestamps, in named parts: who ({@link Person}), how to reach them
 * ({@link Contact}), their papers ({@link Identification}), where money goes ({@link PayoutAccount}) and the
 * merchant's own labels. Values are normalised: trimmed, blank means absent, country is the ISO alpha-2 code, phone
 * is digits with an optional leading {@code +}, date of birth is midnight UTC of the date. Built from {@link #EMPTY}
 * by {@link #merge}, or from its parts (a stored row).
 */
public record BeneficiaryProfile(
        Person person,
        Contact contact,
        Identification identification,
        PayoutAccount payoutAccount,
        String externalReference,
        String customerType) {

    /** Who the beneficiary is. */
    public record Person(String firstName, String lastName, String surname, OffsetDateTime dateOfBirth,
                         String gender, String maritalStatus) {
        static final Person NONE = new Person(null, null, null, null, null, null);
    }

    /** How to reach the beneficiary, and where they live. */
    public record Contact(String email, String phone, String country, String address) {
        static final Contact NONE = new Contact(null, null, null, null);
    }

    /** An identity document: its type (e.g. {@code NIN}) and number. */
    public record IdDocument(String type, String number) {
        static final IdDocument NONE = new IdDocument(null, null);
    }

    /** The beneficiary's id ({@code id_type}, {@code id_number}) and the additional one some countries demand. */
    public record Identification(IdDocument primary, IdDocument additional) {
        static final Identification NONE = new Identification(IdDocument.NONE, IdDocument.NONE);

        public Identification {
            Objects.requireNonNull(primary, "primary");
            Objects.requireNonNull(additional, "additional");
        }
    }

    /** The account payouts go to. */
    public record PayoutAccount(String accountName, String accountNumber, String accountType) {
        static final PayoutAccount NONE = new PayoutAccount(null, null, null);
    }

    public static final String RETAIL = "retail";
    public static final String INSTITUTION = "institution";
    public static final int MAX_LENGTH = 255;

    public static final BeneficiaryProfile EMPTY = new BeneficiaryProfile(Person.NONE, Contact.NONE,
            Identification.NONE, PayoutAccount.NONE, null, RETAIL);

    public BeneficiaryProfile {
        Objects.requireNonNull(person, "person");
        Objects.requireNonNull(contact, "contact");
        Objects.requireNonNull(identification, "identification");
        Objects.requireNonNull(payoutAccount, "payoutAccount");
    }

    private static final Pattern EMAIL = Pattern.compile(
            "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                    + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$");
    private static final Pattern PHONE = Pattern.compile("^\\+?[0-9]{6,15}$");
    private static final Pattern US_DATE = Pattern.compile("^(\\d{1,2})/(\\d{1,2})/(\\d{4})$");
    private static final Pattern ISO_DATE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}$");

    /**
     * This profile with the merchant's changes merged in. A field absent from {@code changes} keeps its value; a
     * field present with a {@code null} or blank value is cleared. {@code name} is split on its first space into
     * first and last name, unless {@code first_name} / {@code last_name} are sent too (each one sent wins).
     * Every malformed value is reported at once: 400 {@code invalid_argument} with {@code invalid_arguments}.
     */
    public BeneficiaryProfile merge(Map<Field, String> changes) {
        Map<Field, String> in = new EnumMap<>(Field.class);
        changes.forEach((field, value) -> in.put(field, clean(value)));
        List<String> invalid = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (var entry : in.entrySet()) {
            if (entry.getValue() != null && entry.getValue().length() > MAX_LENGTH) {
                invalid.add(entry.getKey().wire());
                problems.add(entry.getKey().wire() + " must be at most " + MAX_LENGTH + " characters");
            }
        }

        String first = person.firstName();
        String last = person.lastName();
        if (in.containsKey(Field.NAME)) {
            String name = in.get(Field.NAME);
            if (name == null) {
                first = null;
                last = null;
            } else {
                int space = name.indexOf(' ');
                first = space < 0 ? name : name.substring(0, space);
                last = space < 0 ? null : clean(name.substring(space + 1));
            }
        }
        if (in.containsKey(Field.FIRST_NAME)) {
            first = in.get(Field.FIRST_NAME);
        }
        if (in.containsKey(Field.LAST_NAME)) {
            last = in.get(Field.LAST_NAME);
        }

        String newEmail = pick(in, Field.EMAIL, contact.email());
        if (in.containsKey(Field.EMAIL) && newEmail != null && !EMAIL.matcher(newEmail).matches()) {
            invalid.add("email");
            problems.add("email must be a valid email address");
        }

        String newCountry = contact.country();
        if (in.containsKey(Field.COUNTRY)) {
            String raw = in.get(Field.COUNTRY);
            newCountry = raw == null ? null : Countries.resolve(raw).orElse(null);
            if (raw != null && newCountry == null) {
                invalid.add("country");
                problems.add("country must be an ISO 3166 alpha-2 code or a country name");
            }
        }

        String newPhone = contact.phone();
        if (in.containsKey(Field.PHONE)) {
            String raw = in.get(Field.PHONE);
            newPhone = raw == null ? null : raw.replaceAll("[\\s().-]", "");
            if (newPhone != null && !PHONE.matcher(newPhone).matches()) {
                invalid.add("phone");
                problems.add("phone must be a phone number of 6 to 15 digits, optionally starting with +");
            }
        }

        OffsetDateTime newDob = person.dateOfBirth();
        if (in.containsKey(Field.DATE_OF_BIRTH)) {
            String raw = in.get(Field.DATE_OF_BIRTH);
            if (raw == null) {
                newDob = null;
            } else {
                LocalDate date = parseDate(raw);
                if (date == null) {
                    invalid.add("date_of_birth");
                    problems.add("date_of_birth must be mm/dd/yyyy, yyyy-mm-dd or an RFC 3339 date-time");
                } else if (date.isAfter(LocalDate.now(ZoneOffset.UTC)) || date.getYear() < 1900) {
                    invalid.add("date_of_birth");
                    problems.add("date_of_birth must be a past date after 1900");
                } else {
                    newDob = date.atStartOfDay().atOffset(ZoneOffset.UTC);
                }
            }
        }

        String newCustomerType = customerType;
        if (in.containsKey(Field.CUSTOMER_TYPE)) {
            String raw = in.get(Field.CUSTOMER_TYPE);
            newCustomerType = raw == null ? RETAIL : raw.toLowerCase(Locale.ROOT);
            if (!RETAIL.equals(newCustomerType) && !INSTITUTION.equals(newCustomerType)) {
                invalid.add("customer_type");
                problems.add("customer_type must be retail or institution");
            }
        }

        if (!invalid.isEmpty()) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("invalid_arguments", List.copyOf(invalid));
            throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument", String.join("; ", problems),
                    DomainError.Shape.DEFAULT, details);
        }

        Person newPerson = new Person(first, last, pick(in, Field.SURNAME, person.surname()), newDob,
                pick(in, Field.GENDER, person.gender()), pick(in, Field.MARITAL_STATUS, person.maritalStatus()));
        Contact newContact = new Contact(newEmail, newPhone, newCountry, pick(in, Field.ADDRESS, contact.address()));
        IdDocument primary = identification.primary();
        IdDocument additional = identification.additional();
        Identification newIdentification = new Identification(
                new IdDocument(pick(in, Field.ID_TYPE, primary.type()), pick(in, Field.ID_NUMBER, primary.number())),
                new IdDocument(pick(in, Field.ADDITIONAL_ID_TYPE, additional.type()),
                        pick(in, Field.ADDITIONAL_ID_NUMBER, additional.number())));
        PayoutAccount newPayout = new PayoutAccount(pick(in, Field.ACCOUNT_NAME, payoutAccount.accountName()),
                pick(in, Field.ACCOUNT_NUMBER, payoutAccount.accountNumber()),
                pick(in, Field.ACCOUNT_TYPE, payoutAccount.accountType()));
        return new BeneficiaryProfile(newPerson, newContact, newIdentification, newPayout,
                pick(in, Field.EXTERNAL_REFERENCE, externalReference), newCustomerType);
    }

    /** The beneficiary's id number ({@code id_number}, stored as {@code national_id}), or null. */
    public String idNumber() {
        return identification.primary().number();
    }

    private static String pick(Map<Field, String> in, Field field, String current) {
        return in.containsKey(field) ? in.get(field) : current;
    }

    private static String clean(String value) {
        if (value == null) {
            return null;
        }
        String trimmed = value.strip();
        return trimmed.isEmpty() ? null : trimmed;
    }

    /**
     * A date from {@code mm/dd/yyyy}, {@code yyyy-mm-dd} or an RFC 3339 date-time (its calendar date as written,
     * whatever the offset); null when it is none of them.
     */
    public static LocalDate parseDate(String raw) {
        if (raw == null) {
            return null;
        }
        String value = raw.strip();
        try {
            var us = US_DATE.matcher(value);
            if (us.matches()) {
                return LocalDate.of(Integer.parseInt(us.group(3)), Integer.parseInt(us.group(1)),
                        Integer.parseInt(us.group(2)));
            }
            if (ISO_DATE.matcher(value).matches()) {
                return LocalDate.parse(value);
            }
            return OffsetDateTime.parse(value.replace(' ', 'T').replace('t', 'T').replace('z', 'Z'),
                    DateTimeFormatter.ISO_OFFSET_DATE_TIME).toLocalDate();
        } catch (java.time.DateTimeException | NumberFormatException e) {
            return null;
        }
    }
}

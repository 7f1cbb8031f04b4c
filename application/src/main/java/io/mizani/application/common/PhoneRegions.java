package io.mizani.application.common;

import java.util.Optional;

/** Which country (ISO 3166-1 alpha-2) a phone number belongs to, by the numbering plans. */
public interface PhoneRegions {

    /**
     * {@code dialCode} like "254" or "+254"; {@code number} the national number (a leading trunk 0 is tolerated),
     * may be null: then the calling code's main country answers.
     */
    Optional<String> regionOf(String dialCode, String number);

    /**
     * What is wrong with the length of {@code number} for the country of {@code dialCode}, by the numbering plan
     * (e.g. {@code "is too short for a +254 (KE) phone number"}); empty when its length is possible there or the
     * calling code is unknown (then {@link #regionOf(String, String)} decides).
     */
    default Optional<String> lengthProblem(String dialCode, String number) {
        return Optional.empty();
    }

    /** An international number such as {@code +254712345678}. */
    Optional<String> regionOf(String internationalNumber);

    /**
     * {@code number} as a mobile number of {@code country} (ISO 3166-1 alpha-2) by its numbering plan, in
     * international digits without the plus ({@code 0712 345 655} in KE → {@code 254712345655}); empty when it is not
     * a valid mobile (or fixed-or-mobile) number there. Spaces, dashes, a trunk 0 and a {@code +254}/{@code 254}
     * prefix are accepted.
     */
    Optional<String> mobileNumber(String number, String country);
}

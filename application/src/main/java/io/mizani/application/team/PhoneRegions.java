package io.mizani.application.team;

import java.util.Optional;

/** Which country a phone number belongs to (ISO 3166-1 alpha-2). */
public interface PhoneRegions {

    /** {@code dialCode} like "254" or "+254"; {@code number} the local (national) number, may be null. */
    Optional<String> regionOf(String dialCode, String number);
}

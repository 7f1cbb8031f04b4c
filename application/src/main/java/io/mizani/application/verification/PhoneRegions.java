package io.mizani.application.verification;

import java.util.Optional;

/** The ISO country of an international phone number, when the number belongs to a known numbering plan. */
public interface PhoneRegions {

    Optional<String> regionOf(String internationalNumber);
}

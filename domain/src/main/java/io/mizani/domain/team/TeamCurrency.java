package io.mizani.domain.team;

import java.util.Currency;
import java.util.Locale;
import java.util.Optional;

/** A Team's currency is the currency of the country its phone number belongs to (+254 KES, +234 NGN, ...). */
public final class TeamCurrency {

    private TeamCurrency() {
    }

    /** The ISO 4217 currency of an ISO 3166-1 alpha-2 region, if the region has one. */
    public static Optional<String> forRegion(String region) {
        if (region == null || region.length() != 2) {
            return Optional.empty();
        }
        try {
            Currency currency = Currency.getInstance(Locale.of("", region.toUpperCase(Locale.ROOT)));
            return Optional.ofNullable(currency).map(Currency::getCurrencyCode);
        } catch (IllegalArgumentException notACountry) {
            return Optional.empty();
        }
    }
}

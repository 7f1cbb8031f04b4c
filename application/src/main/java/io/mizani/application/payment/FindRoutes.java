package io.mizani.application.payment;

import io.mizani.domain.common.Money;
import io.mizani.domain.error.DomainError;

import java.util.Locale;
import java.util.List;

/**
 * Input port: the routing options for a prospective payment (transaction-providers): the account's active
 * networks in the country, optionally narrowed by rail, direction and provider, each judged against the amount.
 */
public interface FindRoutes {

    /**
     * {@code amount}: null when none was asked, else in the country's currency, as sent (not rounded: three decimals
     * make every option ineligible with the amount rule's reason, not a refusal of the query).
     */
    List<RouteOption> routeOptions(long accountId, String country, String channel, String requestType,
                                   String provider, Money amount);

    /** The country parameter as an ISO 3166-1 alpha-2 code in capitals; refused (400) when missing or malformed. */
    static String normaliseCountry(String country) {
        if (country == null || country.isBlank()) {
            throw DomainError.invalidArgument("country is required");
        }
        String c = country.trim().toUpperCase(Locale.ROOT);
        if (!c.matches("[A-Z]{2}")) {
            throw DomainError.invalidArgument("country must be an ISO 3166-1 alpha-2 code");
        }
        return c;
    }
}

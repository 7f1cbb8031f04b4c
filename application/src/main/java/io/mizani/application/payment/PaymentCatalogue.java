package io.mizani.application.payment;

import io.mizani.domain.payment.Network;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The provider and network catalogue (stored in the database, so operators add networks without a release). */
public interface PaymentCatalogue {

    List<CountryInfo> countries();

    Optional<CountryInfo> country(String code);

    /** Every network of every provider in the country, active or not, ordered by provider then ramp. */
    List<Network> networks(String country);

    /** Provider codes assigned to the account (account_payment_providers). */
    Set<String> assignedProviders(long accountId);
}

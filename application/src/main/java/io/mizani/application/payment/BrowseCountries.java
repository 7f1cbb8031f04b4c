package io.mizani.application.payment;

import io.mizani.domain.payment.Network;

import java.util.List;
import java.util.Map;

/** Input port: the countries served (payment-world), with whether the account has a provider there. */
public interface BrowseCountries {

    /** Countries served, each with whether the account has any provider there. */
    List<Map.Entry<CountryInfo, Boolean>> countries(long accountId);

    List<CountryInfo> servedCountries();

    /** Every network of every provider in the country, active or not. */
    List<Network> networksOf(String country);
}

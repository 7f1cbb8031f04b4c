package io.mizani.application.payment;

/** Input port: which rails, providers and networks the account may use in a country (discover-rails). */
public interface DiscoverRails {

    RailDiscovery discoverRails(long accountId, String country);
}

package io.mizani.application.payment;

/** A country the platform serves payments in. */
public record CountryInfo(String code, String name, String currency) {
}

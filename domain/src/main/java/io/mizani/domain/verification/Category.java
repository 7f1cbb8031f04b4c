package io.mizani.domain.verification;

import io.mizani.domain.common.WireName;

/** What a check proves, independent of the provider; decides what a token is worth for Team KYC. */
public enum Category implements WireName {
    NATIONAL_ID("national_id"), TAX_ID("tax_id"), PHONE("phone"), PASSPORT("passport"),
    BANK_ACCOUNT("bank_account"), BANK_ID("bank_id"), COMPANY("company");

    private final String wire;

    Category(String wire) {
        this.wire = wire;
    }

    @Override
    public String wire() {
        return wire;
    }
}

package io.mizani.domain.tenancy;

/** The id of a merchant account: the owner of tokens, lookups, beneficiaries, payments and a wallet. */
public record AccountId(long value) {

    public static AccountId of(long value) {
        return new AccountId(value);
    }

    @Override
    public String toString() {
        return Long.toString(value);
    }
}

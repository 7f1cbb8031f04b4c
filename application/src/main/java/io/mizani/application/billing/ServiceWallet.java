package io.mizani.application.billing;

import io.mizani.domain.common.Money;

/**
 * A Team's prepaid service wallet ({@link #CURRENCY}; amounts are {@link Money} in it): a ledger whose balance never goes below zero. Every change is one
 * conditional statement plus a ledger row in the same transaction.
 */
public interface ServiceWallet {

    String CURRENCY = "KES";

    void open(long accountId);

    /** Credits once per {@code reference}: a repeat changes nothing. Returns the balance after. */
    Money credit(long accountId, Money amount, String reference);

    /** The current balance in {@link #CURRENCY}; zero when the account has no service wallet. */
    Money balance(long accountId);
}

package io.mizani.application.billing;

import java.math.BigDecimal;

/**
 * A Team's prepaid service wallet (KES): a ledger whose balance never goes below zero. Every change is one
 * conditional statement plus a ledger row in the same transaction.
 */
public interface ServiceWallet {

    String CURRENCY = "KES";

    void open(long accountId);

    /** Credits once per {@code reference}: a repeat changes nothing. Returns the balance after. */
    BigDecimal credit(long accountId, BigDecimal amount, String reference);

    BigDecimal balance(long accountId);
}

package io.mizani.application.billing;

import io.mizani.domain.common.Money;

/**
 * What checks do to a Team's service wallet ({@link ServiceWallet#CURRENCY}, amounts as {@link Money} in it; the
 * foundation's ledger, whose balance never goes below zero): debit a price up front, refund it. Every method runs
 * inside the caller's transaction; each change is one conditional statement plus one ledger row.
 */
public interface WalletCharges {

    /**
     * Debits {@code amount} (ledger kind {@code charge}) when the balance covers it. False, with nothing written, when
     * it does not (or the account has no service wallet).
     */
    boolean debit(long accountId, Money amount, String reference);

    /** Credits back a charge (ledger kind {@code refund}). Throws when the wallet no longer exists. */
    void refund(long accountId, Money amount, String reference);

    /** The current balance; zero when the account has no service wallet. */
    Money balance(long accountId);
}

package io.mizani.application.billing;

import java.math.BigDecimal;

/**
 * A Team's service wallet (KES): a ledger whose balance never goes below zero. Every method runs inside the
 * caller's transaction; each change is one conditional statement plus one ledger row.
 */
public interface ServiceWallet {

    /**
     * Debits {@code amount} (ledger kind {@code charge}) when the balance covers it. False, with nothing written, when
     * it does not (or the account has no service wallet).
     */
    boolean debit(long accountId, BigDecimal amount, String reference);

    /** Credits back a charge (ledger kind {@code refund}). Throws when the wallet no longer exists. */
    void refund(long accountId, BigDecimal amount, String reference);

    /** The current balance; zero when the account has no service wallet. */
    BigDecimal balance(long accountId);
}

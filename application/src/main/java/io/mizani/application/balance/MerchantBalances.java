package io.mizani.application.balance;

import io.mizani.domain.error.DomainError;

import java.util.List;
import java.util.Locale;

/** GET /api/global/balances and /balances/{currency}/entries, for the caller's Team only. */
public final class MerchantBalances {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public record EntryPage(List<BalanceLedger.Entry> entries, boolean hasMore) {
    }

    private final BalanceLedger ledger;

    public MerchantBalances(BalanceLedger ledger) {
        this.ledger = ledger;
    }

    public List<BalanceLedger.Balance> balances(long accountId) {
        return ledger.balances(accountId);
    }

    public EntryPage entries(long accountId, String currency, String limitRaw, String startingAfterRaw) {
        int limit = limit(limitRaw);
        Long startingAfter = null;
        if (startingAfterRaw != null) {
            try {
                startingAfter = Long.parseLong(startingAfterRaw.trim());
            } catch (NumberFormatException e) {
                startingAfter = -1L;
            }
            if (startingAfter <= 0) {
                throw DomainError.invalidArgument("starting_after must be an entry id");
            }
        }
        String cur = currency == null ? "" : currency.trim().toUpperCase(Locale.ROOT);
        if (!cur.matches("[A-Z]{3}")) {
            return new EntryPage(List.of(), false);
        }
        if (startingAfter != null && !ledger.hasEntry(accountId, cur, startingAfter)) {
            // one rule for every cursor of the service (transactions, events, entries): an unknown one is a 400
            throw DomainError.invalidArgument("starting_after \"" + startingAfterRaw.trim()
                    + "\" is not an entry of this balance");
        }
        List<BalanceLedger.Entry> rows = ledger.entries(accountId, cur, limit + 1, startingAfter);
        boolean more = rows.size() > limit;
        return new EntryPage(more ? rows.subList(0, limit) : rows, more);
    }

    /** {@code limit}: absent → 20; an integer 1 to 100; anything else 400. */
    public static int limit(String raw) {
        if (raw == null) {
            return DEFAULT_LIMIT;
        }
        try {
            int v = Integer.parseInt(raw.trim());
            if (v >= 1 && v <= MAX_LIMIT) {
                return v;
            }
        } catch (NumberFormatException ignored) {
            // falls through
        }
        throw DomainError.invalidArgument("limit must be an integer from 1 to " + MAX_LIMIT);
    }
}

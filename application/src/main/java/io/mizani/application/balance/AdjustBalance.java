package io.mizani.application.balance;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.domain.common.Money;
import io.mizani.domain.balance.BalanceRules;
import io.mizani.domain.error.DomainError;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * POST /api/admin/accounts/{account_id}/balances/{currency}/adjustments: a signed operator adjustment of a Team's
 * payment balance, applied once per reference. Everything it writes is one transaction (see {@link #adjust}).
 */
public final class AdjustBalance {

    public record Command(long accountId, String currency, BigDecimal amount, String reference, String reason) {
    }

    public record Adjusted(long accountId, String currency, BigDecimal available) {
    }

    private final BalanceLedger ledger;
    private final UnitOfWork unitOfWork;
    private final Predicate<String> paymentCurrency;
    private final Events events;

    /**
     * {@code paymentCurrency}: whether a currency is one the service moves payments in (from the catalogue);
     * {@code events}: where the {@code balance.adjusted} event is recorded, in the adjustment's transaction.
     */
    public AdjustBalance(BalanceLedger ledger, UnitOfWork unitOfWork, Predicate<String> paymentCurrency,
                         Events events) {
        this.ledger = ledger;
        this.unitOfWork = unitOfWork;
        this.paymentCurrency = paymentCurrency;
        this.events = events;
    }

    /**
     * The command checked and normalised (currency upper case, amount with two decimals, reference and reason
     * trimmed), every refusal that needs no database; what four-eyes approvals store before anything is applied.
     */
    public Command validated(Command c) {
        String currency = c.currency() == null ? "" : c.currency().trim().toUpperCase(Locale.ROOT);
        if (!currency.matches("[A-Z]{3}") || !paymentCurrency.test(currency)) {
            throw DomainError.invalidArgument("currency \"" + c.currency() + "\" is not a payment currency");
        }
        if (c.amount() == null) {
            throw DomainError.invalidArgument("amount is required");
        }
        if (c.amount().signum() == 0) {
            throw DomainError.invalidArgument("amount must not be zero");
        }
        BigDecimal amount = Money.twoDecimals("amount", c.amount());
        if (c.amount().abs().compareTo(new BigDecimal("1000000000000")) >= 0) {
            throw DomainError.invalidArgument("amount is too large");
        }
        if (c.reference() == null || c.reference().isBlank()) {
            throw DomainError.invalidArgument("reference is required");
        }
        if (c.reference().trim().length() > 255) {
            throw DomainError.invalidArgument("reference must be at most 255 characters");
        }
        if (c.reason() != null && c.reason().length() > 1000) {
            throw DomainError.invalidArgument("reason must be at most 1000 characters");
        }
        return new Command(c.accountId(), currency, amount, c.reference().trim(),
                c.reason() == null || c.reason().isBlank() ? null : c.reason().trim());
    }

    /** 404 unless the Team exists (in the caller's transaction). */
    public void requireAccount(long accountId) {
        if (!ledger.accountExists(accountId)) {
            throw DomainError.notFound("account " + accountId + " not found");
        }
    }

    public Adjusted adjust(Command raw) {
        Command c = validated(raw);
        String currency = c.currency();
        BigDecimal amount = c.amount();
        String reference = c.reference();
        String reason = c.reason();
        return unitOfWork.inTransaction(() -> {
            if (!ledger.accountExists(c.accountId())) {
                throw DomainError.notFound("account " + c.accountId() + " not found");
            }
            BalanceLedger.Adjustment a = ledger.adjust(c.accountId(), Money.of(amount, currency), reference, reason);
            if (a.outcome() == BalanceLedger.Outcome.INSUFFICIENT) {
                throw BalanceRules.insufficient(a.available().amount(), currency, amount.negate());
            }
            if (a.outcome() == BalanceLedger.Outcome.REPEATED && a.amount().amount().compareTo(amount) != 0) {
                throw DomainError.invalidArgument("reference " + reference + " was already used for an adjustment of "
                        + a.amount().amount().toPlainString());
            }
            if (a.outcome() == BalanceLedger.Outcome.APPLIED) {
                // In the adjustment's transaction: sent only if it commits; a repeated reference sends nothing.
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("currency", currency);
                data.put("amount", amount);
                data.put("available", a.available().amount());
                data.put("reference", reference);
                events.record(c.accountId(), EventTypes.BALANCE_ADJUSTED, data);
            }
            return new Adjusted(c.accountId(), currency, a.available().amount());
        });
    }
}

package io.mizani.application.statement;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.statement.StatementPeriod;

import java.util.Locale;

/** POST /api/global/statements: asks for a statement, built in the background (202). */
public interface RequestStatement {

    /** What the merchant asked: validated here (currency three letters, the period's rules), 400 otherwise. */
    record Command(long accountId, String currency, StatementPeriod period) {

        public Command {
            if (currency == null || currency.isBlank()) {
                throw DomainError.invalidArgument("currency is required");
            }
            currency = currency.trim().toUpperCase(Locale.ROOT);
            if (!currency.matches("[A-Z]{3}")) {
                throw DomainError.invalidArgument("currency must be a three-letter ISO 4217 code");
            }
            if (period == null) {
                throw DomainError.invalidArgument("from and to are required");
            }
        }

        /** From the body's fields as sent. */
        public static Command of(long accountId, String currency, String from, String to) {
            return new Command(accountId, currency, StatementPeriod.parse(from, to));
        }
    }

    StatementView request(Command command);
}

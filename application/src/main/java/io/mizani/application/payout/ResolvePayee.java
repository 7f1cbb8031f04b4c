package io.mizani.application.payout;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.payout.PayeeMatch;
import io.mizani.domain.payout.PayeeStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Input port: POST /api/global/payees/resolve. */
public interface ResolvePayee {

    /**
     * The body: which account and, optionally, the name the merchant expects (a match is computed then). Validates
     * itself: country, provider and account_number are required.
     */
    record Command(long accountId, String country, String provider, String accountNumber, String bankCode,
                   ExpectedName name) {

        public Command {
            var missing = new ArrayList<String>();
            if (blank(country)) {
                missing.add("country");
            }
            if (blank(provider)) {
                missing.add("provider");
            }
            if (blank(accountNumber)) {
                missing.add("account_number");
            }
            if (!missing.isEmpty()) {
                throw new DomainError(DomainError.Kind.INVALID_ARGUMENT, "invalid_argument",
                        String.join(", ", missing) + (missing.size() == 1 ? " is" : " are") + " required",
                        DomainError.Shape.DEFAULT, Map.of("invalid_arguments", List.copyOf(missing)));
            }
            country = country.trim().toUpperCase(Locale.ROOT);
            provider = provider.trim();
            accountNumber = accountNumber.trim();
            bankCode = blank(bankCode) ? null : bankCode.trim();
        }

        private static boolean blank(String s) {
            return s == null || s.isBlank();
        }
    }

    /** {@code name: {first_name, last_name}}; null when not sent. */
    record ExpectedName(String firstName, String lastName) {
    }

    /** The answer: {@code accountName} only when resolved, {@code match} only when a name was sent and it resolved. */
    record Resolution(PayeeStatus status, String accountName, PayeeMatch match) {
    }

    Resolution resolve(Command command);
}

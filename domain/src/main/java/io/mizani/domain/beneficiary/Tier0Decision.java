package io.mizani.domain.beneficiary;

/** The tier-0 envelope's verdict on one payment. */
public sealed interface Tier0Decision {

    /** The payment clears; {@code counted} says whether it counts toward the lifetime tier-0 total. */
    record Clear(boolean counted) implements Tier0Decision {
    }

    /** The payment is refused by {@code rule}; {@code detail} explains it in plain words. */
    record Refused(Rule rule, String detail) implements Tier0Decision {
    }

    enum Rule {
        EXCLUDED_CURRENCY("currency_excluded"),
        OVER_TRANSACTION_MAX("amount_over_max"),
        LIFETIME_LIMIT_REACHED("lifetime_limit_reached");

        private final String code;

        Rule(String code) {
            this.code = code;
        }

        public String code() {
            return code;
        }
    }

    default boolean cleared() {
        return this instanceof Clear;
    }
}

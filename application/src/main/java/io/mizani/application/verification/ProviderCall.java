package io.mizani.application.verification;

import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.LookupId;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One call to one provider inside a check (a check may try several, in route order): the check call it belongs to
 * ({@link Of}), the provider and the attempt number (1 for the first in the route), its {@link Result}, what the
 * provider bills the platform for it ({@code cost}: its configured cost when it ran and charged, else zero), how long
 * it took and when it was recorded.
 */
public record ProviderCall(Of of, String provider, int attempt, Result result, Money cost, Duration took,
                           Instant at) {

    public ProviderCall {
        Objects.requireNonNull(of, "of");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(took, "took");
    }

    /** The check call the provider calls belong to. */
    public record Of(LookupId lookupId, AccountId accountId, String check) {
    }

    /**
     * {@code outcome} is {@code verified}, {@code not_verified} or {@code unavailable}; {@code cause} why it was
     * unavailable ({@code down}, {@code timeout}, {@code rejected}, {@code malformed}, {@code shed}), else null.
     */
    public record Result(String outcome, String cause) {

        public static final Result VERIFIED = new Result("verified", null);
        public static final Result NOT_VERIFIED = new Result("not_verified", null);

        public static Result unavailable(String cause) {
            return new Result("unavailable", cause);
        }
    }
}

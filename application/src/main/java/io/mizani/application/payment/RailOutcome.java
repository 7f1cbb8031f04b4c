package io.mizani.application.payment;

import java.time.Duration;

/**
 * What a rail said about a payment. {@link NoAnswer} (timeout, connection refused, 5xx) is not a verdict: the
 * payment stays pending and is asked about again later.
 */
public sealed interface RailOutcome {

    /** The provider took the request; ask again after {@code checkAgainIn} (null: wait for the payer/callback). */
    record Submitted(String providerReference, Duration checkAgainIn) implements RailOutcome {
    }

    record Succeeded(String providerReference) implements RailOutcome {
    }

    record Declined(String providerReference, String reason) implements RailOutcome {
    }

    record NoAnswer(String detail) implements RailOutcome {
    }
}

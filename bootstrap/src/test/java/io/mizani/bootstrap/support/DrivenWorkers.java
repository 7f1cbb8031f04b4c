package io.mizani.bootstrap.support;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/**
 * The replica's own background workers switched off, so that the test drives them and is every worker there is: the
 * payment workers (claims, leases, looks; with a checkout lifetime and a pending deadline of 2 s) for the payment
 * lease and claim tests, the statement builder for the statement builder tests, and the payout batch materialiser for its race test. One profile for both, so that
 * they share one Quarkus start (each profile costs an augmentation and a start, about 20 s in CI).
 */
public class DrivenWorkers implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("mizani.payments.workers-enabled", "false",
                "mizani.payments.checkout-ttl", "PT2S",
                "mizani.payments.pending-deadline", "PT2S",
                "mizani.statements.worker-enabled", "false",
                "mizani.payout-batches.materialiser-enabled", "false");
    }
}

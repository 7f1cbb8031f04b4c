package io.mizani.bootstrap.verification;

import io.mizani.application.idempotency.IdempotencyService;
import io.mizani.application.verification.SettleStrandedCharges;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import io.mizani.application.verification.PiiProtection;
import io.quarkus.runtime.StartupEvent;

/** Background work of verification: the charge sweeper and the idempotency-key purge. */
@ApplicationScoped
public class VerificationJobs {

    @Inject
    SettleStrandedCharges sweeper;

    @Inject
    IdempotencyService idempotency;

    /** Fails the start in live mode without MIZANI_PII_KEY (the protection is built eagerly). */
    void onStart(@Observes StartupEvent event, PiiProtection pii) {
        pii.keyedHash("startup");
    }

    @Scheduled(every = "${mizani.verification.sweep-every:10s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweepCharges() {
        sweeper.sweep(200);
    }

    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgeIdempotencyKeys() {
        idempotency.purgeExpired();
    }
}

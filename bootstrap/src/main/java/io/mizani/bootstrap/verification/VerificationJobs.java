package io.mizani.bootstrap.verification;

import io.mizani.application.idempotency.IdempotencyService;
import io.mizani.application.verification.SettleStrandedCharges;
import io.mizani.bootstrap.ops.OutageLog;
import io.quarkus.scheduler.Scheduled;
import org.jboss.logging.Logger;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import io.mizani.application.verification.PiiProtection;
import io.quarkus.runtime.StartupEvent;

/** Background work of verification: the charge sweeper and the idempotency-key purge. */
@Singleton
public class VerificationJobs {

    @Inject
    SettleStrandedCharges sweeper;

    @Inject
    IdempotencyService idempotency;

    private static final Logger LOG = Logger.getLogger(VerificationJobs.class);
    private final OutageLog sweeperLog = new OutageLog("charge sweeper", LOG);
    private final OutageLog purgeLog = new OutageLog("idempotency-key purge", LOG);

    /** Fails the start in live mode without MIZANI_PII_KEY (the protection is built eagerly). */
    void onStart(@Observes StartupEvent event, PiiProtection pii) {
        pii.keyedHash("startup");
    }

    @Scheduled(every = "${mizani.verification.sweep-every:10s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweepCharges() {
        try {
            sweeper.sweep(200);
            sweeperLog.succeeded();
        } catch (RuntimeException e) {
            sweeperLog.failed(e); // a database outage: one WARN when it starts, one INFO when it ends
        }
    }

    @Scheduled(every = "1h", delayed = "1m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purgeIdempotencyKeys() {
        try {
            idempotency.purgeExpired();
            purgeLog.succeeded();
        } catch (RuntimeException e) {
            purgeLog.failed(e);
        }
    }
}

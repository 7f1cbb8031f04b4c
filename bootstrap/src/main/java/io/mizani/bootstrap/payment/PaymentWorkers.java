package io.mizani.bootstrap.payment;

import io.mizani.application.payment.DeliverCallbacks;
import io.mizani.application.payment.ProcessPayments;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

/**
 * Runs the payment and callback workers on every replica. Each tick drains what is due (bounded), claiming
 * with {@code FOR UPDATE SKIP LOCKED}, so replicas share the work without double processing.
 */
@ApplicationScoped
public class PaymentWorkers {

    private static final Logger LOG = Logger.getLogger(PaymentWorkers.class);
    private static final int MAX_ROUNDS_PER_TICK = 50;

    @Inject
    ProcessPayments processPayments;
    @Inject
    DeliverCallbacks deliverCallbacks;

    @Inject
    PaymentSettings settings;

    private volatile boolean stopping;

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    @Scheduled(every = "${mizani.payments.worker-every:0.1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            identity = "mizani-payment-worker")
    void payments() {
        if (stopping || !settings.workersEnabled()) {
            return;
        }
        try {
            for (int i = 0; i < MAX_ROUNDS_PER_TICK && processPayments.runOnce() >= settings.workerBatch(); i++) {
                // keep draining while full batches come back
            }
        } catch (RuntimeException e) {
            if (!stopping) {
                LOG.warn("payment worker round failed; it will run again", e);
            }
        }
    }

    @Scheduled(every = "${mizani.payments.worker-every:0.1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            identity = "mizani-callback-worker")
    void callbacks() {
        if (stopping || !settings.workersEnabled() || !settings.callbacksEnabled()) {
            return;
        }
        try {
            for (int i = 0; i < MAX_ROUNDS_PER_TICK && deliverCallbacks.runOnce() >= settings.workerBatch(); i++) {
                // keep draining while full batches come back
            }
        } catch (RuntimeException e) {
            if (!stopping) {
                LOG.warn("callback worker round failed; it will run again", e);
            }
        }
    }
}

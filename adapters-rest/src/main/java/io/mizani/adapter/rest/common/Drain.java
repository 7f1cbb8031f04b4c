package io.mizani.adapter.rest.common;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import jakarta.inject.Singleton;
import jakarta.enterprise.event.Observes;

/**
 * SIGTERM without losing a request (platform.md section 11; docs/operations.md, "Rolling updates"). Every request
 * {@link EdgeGuard} lets through is counted in flight until its exchange ends. On SIGTERM (Quarkus's pre-shutdown
 * event, fired before the HTTP server stops; the shutdown thread waits for this observer):
 * <ol>
 *   <li>readiness goes DOWN at once and every answer carries {@code Connection: close}, so balancers stop routing
 *       here and kept-alive clients reconnect elsewhere; requests are still served normally for
 *       {@code mizani.shutdown-delay} ({@code MIZANI_SHUTDOWN_DELAY}), the time a balancer needs to notice;</li>
 *   <li>then new requests answer 503 {@code unavailable} with {@code Retry-After: 1} and {@code Connection: close},
 *       and the requests already accepted get up to {@code mizani.shutdown-grace} ({@code MIZANI_SHUTDOWN_GRACE}) to
 *       finish;</li>
 *   <li>then the listening socket is closed (a client connecting is refused at once, knowing its request was never
 *       sent, rather than accepted and reset as the server stops) and the HTTP server stops, with nothing accepted
 *       left in flight (unless the grace ran out, which is logged with the count).</li>
 * </ol>
 * Quarkus's own request counting is not relied on: it let the server stop while requests were still being served
 * (8 requests cut at SIGTERM under steady traffic, "All HTTP requests complete" logged while they ran).
 */
@Singleton
public class Drain {

    private static final Logger LOG = Logger.getLogger(Drain.class);

    private final AtomicInteger inFlight = new AtomicInteger();
    private final java.util.Set<io.netty.channel.Channel> listeners =
            java.util.concurrent.ConcurrentHashMap.newKeySet();
    private volatile boolean stopping;
    private volatile boolean refusing;

    @ConfigProperty(name = "mizani.shutdown-delay", defaultValue = "PT0S")
    Duration delay;

    @ConfigProperty(name = "mizani.shutdown-grace", defaultValue = "PT30S")
    Duration grace;

    void onShutdown(@Observes ShutdownDelayInitiatedEvent event) {
        stopping = true;
        LOG.infof("shutting down: readiness down, serving for %s more, then refusing new requests", delay);
        sleep(delay.toMillis());
        refusing = true;
        long deadline = System.nanoTime() + grace.toNanos();
        int waiting = inFlight.get();
        LOG.infof("refusing new requests (503, Retry-After: 1); %d in flight get up to %s", waiting, grace);
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            sleep(20);
        }
        // stop accepting connections before the server stops: a client connecting now is refused at once (it knows
        // its request was never sent) instead of being accepted and reset as the server closes
        for (io.netty.channel.Channel listener : listeners) {
            listener.close().awaitUninterruptibly(1000);
        }
        sleep(100); // requests that arrived on open connections meanwhile get their 503
        int left = inFlight.get();
        if (left > 0) {
            LOG.warnf("shutdown grace %s over with %d requests still in flight", grace, left);
        } else {
            LOG.info("every accepted request answered");
        }
    }

    /** SIGTERM was received: readiness is DOWN and answers close their connection. */
    public boolean stopping() {
        return stopping;
    }

    /** New requests are refused with 503 {@code unavailable}. */
    public boolean refusing() {
        return refusing;
    }

    /** The listening channel behind a request's connection (closed when the drain is over). */
    void listeningOn(io.vertx.core.http.HttpConnection connection) {
        if (connection instanceof io.vertx.core.net.impl.ConnectionBase base && base.channel().parent() != null
                && !listeners.contains(base.channel().parent())) {
            listeners.add(base.channel().parent());
        }
    }

    void entered() {
        inFlight.incrementAndGet();
    }

    void left() {
        inFlight.decrementAndGet();
    }

    int inFlight() {
        return inFlight.get();
    }

    private static void sleep(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

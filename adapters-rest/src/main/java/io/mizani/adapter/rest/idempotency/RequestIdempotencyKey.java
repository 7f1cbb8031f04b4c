package io.mizani.adapter.rest.idempotency;

import io.mizani.application.idempotency.CurrentIdempotencyKey;
import io.quarkus.arc.Arc;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/** The key {@link IdempotencyFilter} claimed for the current request; empty outside a request. */
@ApplicationScoped
public class RequestIdempotencyKey implements CurrentIdempotencyKey {

    @Inject
    Instance<Holder> holder;

    @Override
    public Optional<HeldKey> held() {
        return active() ? Optional.ofNullable(holder.get().held) : Optional.empty();
    }

    @Override
    public void leaveInFlight() {
        if (active()) {
            holder.get().leaveInFlight = true;
        }
    }

    void hold(HeldKey key) {
        Holder h = holder.get();
        h.held = key;
        h.leaveInFlight = false;
    }

    /** The key held, and forgets it; null when none, or when the request asked to leave it in flight. */
    HeldKey release() {
        Holder h = holder.get();
        HeldKey key = h.leaveInFlight ? null : h.held;
        h.held = null;
        return key;
    }

    private static boolean active() {
        return Arc.container() != null && Arc.container().requestContext().isActive();
    }

    @RequestScoped
    static class Holder {
        HeldKey held;
        boolean leaveInFlight;
    }
}

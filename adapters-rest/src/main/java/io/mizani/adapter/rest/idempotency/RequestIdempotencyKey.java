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

    void hold(HeldKey key) {
        holder.get().held = key;
    }

    /** Forgets the key (the answer is being stored). */
    void release() {
        holder.get().held = null;
    }

    private static boolean active() {
        return Arc.container() != null && Arc.container().requestContext().isActive();
    }

    @RequestScoped
    static class Holder {
        HeldKey held;
    }
}

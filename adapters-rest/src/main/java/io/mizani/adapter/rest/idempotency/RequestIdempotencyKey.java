package io.mizani.adapter.rest.idempotency;

import io.mizani.application.idempotency.CurrentIdempotencyKey;
import io.quarkus.arc.Arc;
import jakarta.inject.Singleton;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Optional;

/** The key {@link IdempotencyFilter} claimed for the current request; empty outside a request. */
@Singleton
public class RequestIdempotencyKey implements CurrentIdempotencyKey {

    @Inject
    Instance<Holder> holder;

    @Override
    public Optional<HeldKey> held() {
        return active() ? Optional.ofNullable(holder.get().held()) : Optional.empty();
    }

    public void hold(HeldKey key) {
        holder.get().hold(key);
    }

    /** Forgets the key (the answer is being stored). */
    public void release() {
        holder.get().hold(null);
    }

    private static boolean active() {
        return Arc.container() != null && Arc.container().requestContext().isActive();
    }

    /**
     * The request's own instance, reached through methods only: {@code holder.get()} answers the bean's client proxy,
     * one object shared by every request, so a field written through it would be shared by all concurrent requests
     * (a request's release then cleared another's key, which ran again without its recovery point).
     */
    @RequestScoped
    static class Holder {
        private HeldKey held;

        HeldKey held() {
            return held;
        }

        void hold(HeldKey key) {
            held = key;
        }
    }
}

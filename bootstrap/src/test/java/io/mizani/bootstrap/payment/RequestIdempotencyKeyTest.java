package io.mizani.bootstrap.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.adapter.rest.idempotency.RequestIdempotencyKey;
import io.mizani.application.idempotency.CurrentIdempotencyKey.HeldKey;
import io.quarkus.arc.Arc;
import io.quarkus.arc.InjectableContext;
import io.quarkus.arc.ManagedContext;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Idempotency-Key a request holds is that request's alone. It once lived in a field written through the CDI
 * client proxy, one object shared by every request: a concurrent request's answer cleared it, and the request then
 * ran again without its recovery point (400 "reference has already been used" on a retry of a crashed key, about one
 * run in seven of {@code IdempotencyRecoveryTest}'s race). Two request contexts, interleaved as two concurrent
 * requests are, deterministically.
 */
@QuarkusTest
class RequestIdempotencyKeyTest {

    @Inject
    RequestIdempotencyKey current;

    @Test
    void a_key_held_by_one_request_is_neither_seen_nor_released_by_another() {
        ManagedContext requests = Arc.container().requestContext();
        HeldKey mine = new HeldKey(1L, "key-a", "lease-a", "payment", "41");
        HeldKey theirs = new HeldKey(2L, "key-b", "lease-b", null, null);

        requests.activate();
        current.hold(mine);
        InjectableContext.ContextState first = requests.getState();
        requests.deactivate();

        requests.activate(); // a second request, concurrent with the first
        assertEquals(Optional.empty(), current.held());
        current.hold(theirs);
        assertEquals(Optional.of(theirs), current.held());
        current.release(); // its answer is being stored
        requests.terminate();

        requests.activate(first);
        assertEquals(Optional.of(mine), current.held());
        requests.terminate();
        assertEquals(Optional.empty(), current.held()); // outside a request
    }
}

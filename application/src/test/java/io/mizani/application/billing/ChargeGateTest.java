package io.mizani.application.billing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mizani.domain.error.DomainError;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ChargeGateTest {

    @Test
    void a_merchant_past_its_in_flight_charges_waits_then_gets_503_unavailable_and_nothing_runs() throws Exception {
        ChargeGate gate = new ChargeGate(2, Duration.ofMillis(100));
        CountDownLatch holding = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 2; i++) {
                pool.submit(() -> gate.through(7L, () -> {
                    holding.countDown();
                    await(release);
                    return null;
                }));
            }
            holding.await(5, TimeUnit.SECONDS);
            boolean[] ran = {false};
            long t0 = System.nanoTime();
            DomainError busy = assertThrows(DomainError.class, () -> gate.through(7L, () -> ran[0] = true));
            long waitedMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(DomainError.Kind.UNAVAILABLE, busy.kind()); // 503 with Retry-After at the REST edge (ErrorMappers)
            assertEquals("unavailable", busy.code());
            assertEquals("too many charges in flight for this account: retry in a moment", busy.getMessage());
            assertEquals(false, ran[0]);
            assertEquals(true, waitedMs >= 90, "waited the bounded time: " + waitedMs);
            // another merchant is not held back by this one
            assertEquals("other", gate.through(8L, () -> "other"));
            release.countDown();
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
            assertEquals("again", gate.through(7L, () -> "again")); // permits come back, also after the work
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_permit_comes_back_when_the_charge_throws() {
        ChargeGate gate = new ChargeGate(1, Duration.ofMillis(10));
        assertThrows(IllegalStateException.class, () -> gate.through(1L, () -> {
            throw new IllegalStateException("insufficient");
        }));
        assertEquals("ok", gate.through(1L, () -> "ok"));
    }

    private static void await(CountDownLatch l) {
        try {
            l.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

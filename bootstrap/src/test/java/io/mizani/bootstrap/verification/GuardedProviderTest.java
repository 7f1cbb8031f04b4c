package io.mizani.bootstrap.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.mizani.adapter.provider.verification.GuardedVerificationProvider;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.InputValidator;
import io.mizani.domain.verification.ProviderAnswer;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The fault-tolerance guard around providers (SmallRye Fault Tolerance, inside the running application). */
@QuarkusTest
class GuardedProviderTest {

    static ProviderRequest request(String check, Map<String, String> body) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return new ProviderRequest("vt_guard", def, InputValidator.validate(def, body), def.country(), Optional.empty());
    }

    static VerificationProvider fake(String name, Function<ProviderRequest, CheckOutcome> behaviour, AtomicInteger calls) {
        return new VerificationProvider() {
            @Override
            public CheckOutcome run(ProviderRequest request) {
                calls.incrementAndGet();
                return behaviour.apply(request);
            }

            @Override
            public String name(ProviderRequest request) {
                return name;
            }
        };
    }

    static final CheckOutcome VERIFIED = new CheckOutcome.Verified(
            new ProviderAnswer("VERIFIED", "A B", null, "r", "ok", "1012", "{}"));

    @Test
    void the_routing_table_picks_the_provider_per_check() {
        AtomicInteger a = new AtomicInteger();
        AtomicInteger b = new AtomicInteger();
        var guarded = new GuardedVerificationProvider(Map.of("alpha", fake("alpha", r -> VERIFIED, a),
                "beta", fake("beta", r -> VERIFIED, b)), Map.of("nin", "beta"), "alpha", 1000, 4);
        guarded.run(request("nin", Map.of("number_nin", "12345678912")));
        guarded.run(request("national_id_ke", Map.of("number", "12345678")));
        assertEquals(1, a.get());
        assertEquals(1, b.get());
        assertEquals("beta", guarded.name(request("nin", Map.of("number_nin", "12345678912"))));
    }

    @Test
    void a_slow_provider_times_out_as_unavailable() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = new GuardedVerificationProvider(Map.of("slow", fake("slow", r -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return VERIFIED;
        }, calls)), Map.of(), "slow", 200, 4);
        long t0 = System.nanoTime();
        var outcome = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                guarded.run(request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.TIMEOUT, outcome.cause());
        assertEquals(true, (System.nanoTime() - t0) / 1_000_000 < 1500, "answered at the timeout, not the provider");
    }

    @Test
    void the_circuit_opens_after_repeated_failures_and_stops_calling_the_provider() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = new GuardedVerificationProvider(Map.of("down", fake("down",
                r -> new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "down", "1015"), calls)),
                Map.of(), "down", 1000, 4);
        for (int i = 0; i < 20; i++) {
            assertEquals(CheckOutcome.Cause.DOWN, ((CheckOutcome.ProviderUnavailable)
                    guarded.run(request("national_id_ke", Map.of("number", "12345678")))).cause());
        }
        var shed = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                guarded.run(request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.SHED, shed.cause());
        assertEquals(20, calls.get(), "an open circuit does not call the provider");
    }

    @Test
    void the_bulkhead_sheds_calls_beyond_its_limit() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        var guarded = new GuardedVerificationProvider(Map.of("busy", fake("busy", r -> {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return VERIFIED;
        }, calls)), Map.of(), "busy", 5000, 2);
        List<CompletableFuture<CheckOutcome>> running = new ArrayList<>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        for (int i = 0; i < 2; i++) { // the limit: synchronous calls are not queued
            running.add(CompletableFuture.supplyAsync(
                    () -> guarded.run(request("national_id_ke", Map.of("number", "12345678"))), pool));
        }
        Thread.sleep(300);
        var shed = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                guarded.run(request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.SHED, shed.cause());
        release.countDown();
        for (var f : running) {
            assertInstanceOf(CheckOutcome.Verified.class, f.get(5, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertEquals(2, calls.get());
    }
}

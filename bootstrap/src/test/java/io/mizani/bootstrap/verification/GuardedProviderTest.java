package io.mizani.bootstrap.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.mizani.adapter.provider.verification.ProviderGuards;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.application.verification.VerificationProvider;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.InputValidator;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The fault-tolerance guards around providers (SmallRye Fault Tolerance, inside the running application). */
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
            new ProviderAnswer("VERIFIED", "A B", null, new ProviderReply("r", "ok", "1012"), "{}", null));

    static ProviderGuards guards(Map<String, VerificationProvider> providers, Set<String> withoutBreaker,
                                 long timeoutMs, int bulkhead) {
        return new ProviderGuards(providers, withoutBreaker, check -> List.copyOf(providers.keySet()), timeoutMs,
                bulkhead);
    }

    static CheckOutcome run(ProviderGuards guards, String provider, ProviderRequest request) {
        return guards.find(provider).orElseThrow().run(request);
    }

    static ProviderRequest ownKey(String check, Map<String, String> body, String key) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return new ProviderRequest("vt_guard", def, InputValidator.validate(def, body), def.country(), Optional.of(key));
    }

    static final CheckOutcome DOWN = new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "down", "1015");

    @Test
    void a_slow_provider_times_out_as_unavailable() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = guards(Map.of("slow", fake("slow", r -> {
            try {
                Thread.sleep(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return VERIFIED;
        }, calls)), Set.of(), 200, 4);
        long t0 = System.nanoTime();
        var outcome = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                run(guarded, "slow", request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.TIMEOUT, outcome.cause());
        assertEquals(true, (System.nanoTime() - t0) / 1_000_000 < 1500, "answered at the timeout, not the provider");
    }

    @Test
    void the_circuit_opens_after_repeated_failures_and_stops_calling_the_provider() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = guards(Map.of("down", fake("down", r -> DOWN, calls)), Set.of(), 1000, 4);
        for (int i = 0; i < 20; i++) {
            assertEquals(CheckOutcome.Cause.DOWN, ((CheckOutcome.ProviderUnavailable)
                    run(guarded, "down", request("national_id_ke", Map.of("number", "12345678")))).cause());
        }
        var shed = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                run(guarded, "down", request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.SHED, shed.cause());
        assertEquals(20, calls.get(), "an open circuit does not call the provider");
    }

    @Test
    void one_checks_open_circuit_does_not_deny_the_providers_other_checks() {
        AtomicInteger calls = new AtomicInteger();
        // the NIN registry is down at this provider; Kenyan IDs are fine
        var guarded = guards(Map.of("p", fake("p", r -> r.check().key().equals("nin") ? DOWN : VERIFIED, calls)),
                Set.of(), 1000, 4);
        for (int i = 0; i < 21; i++) {
            run(guarded, "p", request("nin", Map.of("number_nin", "12345678912")));
        }
        assertEquals(CheckOutcome.Cause.SHED, ((CheckOutcome.ProviderUnavailable)
                run(guarded, "p", request("nin", Map.of("number_nin", "12345678912")))).cause());
        assertInstanceOf(CheckOutcome.Verified.class,
                run(guarded, "p", request("national_id_ke", Map.of("number", "12345678"))));
    }

    @Test
    void a_merchants_failing_own_key_does_not_deny_the_platform_key_or_other_merchants() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = guards(Map.of("p", fake("p", r -> r.ownProviderKey().filter("bad:key"::equals).isPresent()
                ? new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "account suspended", null) : VERIFIED,
                calls)), Set.of(), 1000, 4);
        for (int i = 0; i < 25; i++) {
            run(guarded, "p", ownKey("nin", Map.of("number_nin", "12345678912"), "bad:key"));
        }
        assertEquals(CheckOutcome.Cause.SHED, ((CheckOutcome.ProviderUnavailable)
                run(guarded, "p", ownKey("nin", Map.of("number_nin", "12345678912"), "bad:key"))).cause());
        assertInstanceOf(CheckOutcome.Verified.class, run(guarded, "p", request("nin", Map.of("number_nin", "12345678912"))));
        assertInstanceOf(CheckOutcome.Verified.class,
                run(guarded, "p", ownKey("nin", Map.of("number_nin", "12345678912"), "good:key")));
    }

    @Test
    void rejections_do_not_count_toward_the_circuit() {
        AtomicInteger calls = new AtomicInteger();
        var guarded = guards(Map.of("p", fake("p", r -> new CheckOutcome.ProviderUnavailable(
                CheckOutcome.Cause.REJECTED, "unsupported ID format", "1014"), calls)), Set.of(), 1000, 4);
        for (int i = 0; i < 30; i++) {
            assertEquals(CheckOutcome.Cause.REJECTED, ((CheckOutcome.ProviderUnavailable)
                    run(guarded, "p", request("nin", Map.of("number_nin", "12345678912")))).cause());
        }
        assertEquals(30, calls.get(), "the provider is still called: a rejection is about one request");
    }

    @Test
    void the_sandbox_failures_by_design_never_open_a_circuit() {
        AtomicInteger calls = new AtomicInteger();
        var sandbox = guards(Map.of("sandbox", fake("sandbox",
                r -> r.inputs().identifier().endsWith("99") ? DOWN : VERIFIED, calls)), Set.of("sandbox"), 1000, 4);
        for (int i = 0; i < 40; i++) {
            run(sandbox, "sandbox", request("national_id_ke", Map.of("number", "123456" + (i % 10) + "99")));
        }
        assertInstanceOf(CheckOutcome.Verified.class,
                run(sandbox, "sandbox", request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(41, calls.get());
    }

    @Test
    void the_bulkhead_sheds_calls_beyond_its_limit() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        var guarded = guards(Map.of("busy", fake("busy", r -> {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return VERIFIED;
        }, calls)), Set.of(), 5000, 2);
        List<CompletableFuture<CheckOutcome>> running = new ArrayList<>();
        var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        for (int i = 0; i < 2; i++) { // the limit: synchronous calls are not queued
            running.add(CompletableFuture.supplyAsync(
                    () -> run(guarded, "busy", request("national_id_ke", Map.of("number", "12345678"))), pool));
        }
        Thread.sleep(300);
        var shed = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                run(guarded, "busy", request("national_id_ke", Map.of("number", "12345678"))));
        assertEquals(CheckOutcome.Cause.SHED, shed.cause());
        release.countDown();
        for (var f : running) {
            assertInstanceOf(CheckOutcome.Verified.class, f.get(5, TimeUnit.SECONDS));
        }
        pool.shutdown();
        assertEquals(2, calls.get());
    }
}

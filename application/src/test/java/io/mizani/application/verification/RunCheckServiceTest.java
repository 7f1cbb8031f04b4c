package io.mizani.application.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RunCheckServiceTest {

    static final long ACCOUNT = 7;
    final Fakes.Wallet wallet = new Fakes.Wallet("1000.00");
    final Fakes.Lookups lookups = new Fakes.Lookups();
    final Fakes.Settings settings = new Fakes.Settings();
    final Fakes.Pii pii = new Fakes.Pii();
    final Set<Long> unavailable = new HashSet<>();
    final AtomicInteger providerCalls = new AtomicInteger();
    Function<ProviderRequest, CheckOutcome> answer = r -> new CheckOutcome.Verified(answer("VERIFIED"));
    Clock clock = Clock.fixed(Instant.parse("2026-11-21T05:00:00Z"), ZoneOffset.UTC);
    final VerificationPolicy policy = new VerificationPolicy(Duration.ofDays(30), Duration.ofMinutes(2), Duration.ofMinutes(1));

    static ProviderAnswer answer(String status) {
        return new ProviderAnswer(status, "JANE DOE", null, new ProviderReply("ref-1", "ok", "1012"),
                "{\"ResultCode\":\"1012\"}", null);
    }

    RunCheckService service() {
        VerificationProvider provider = new VerificationProvider() {
            @Override
            public CheckOutcome run(ProviderRequest request) {
                providerCalls.incrementAndGet();
                return answer.apply(request);
            }

            @Override
            public String name(ProviderRequest request) {
                return "sandbox";
            }
        };
        return OneProvider.service(CheckCatalogue.standard(), id -> new VerificationAccess.Access(!unavailable.contains(id),
                settings.find(id).orElse(VerificationSettings.DEFAULT)), wallet,
                lookups, provider, pii, new Fakes.KenyanPhones(),
                new Fakes.RollbackUnitOfWork(lookups, wallet), clock, policy);
    }

    void platform() {
        settings.save(ACCOUNT, new VerificationSettings(VerificationMode.PLATFORM, null));
    }

    VerificationResult run(String check, Map<String, String> body, boolean fresh) {
        return service().run(new RunCheck.Command(ACCOUNT, check, body, fresh));
    }

    DomainError refused(String check, Map<String, String> body) {
        return assertThrows(DomainError.class, () -> run(check, body, false));
    }

    @Test
    void refusals_come_in_the_contract_order_and_charge_nothing() {
        unavailable.add(ACCOUNT);
        assertEquals(DomainError.Kind.NOT_FOUND, refused("nope", Map.of()).kind());
        assertEquals("unknown check: nope", refused("nope", Map.of()).getMessage());
        assertEquals(DomainError.Kind.FORBIDDEN, refused("nin", Map.of()).kind());
        unavailable.clear();
        assertEquals(DomainError.Kind.PRECONDITION_FAILED, refused("nin", Map.of()).kind());
        assertEquals("not_enabled", refused("nin", Map.of()).code());
        platform();
        assertEquals("number_nin is required", refused("nin", Map.of()).getMessage());
        wallet.balance = new BigDecimal("54.99");
        DomainError e = refused("nin", Map.of("number_nin", "12345678901"));
        assertEquals(DomainError.Kind.PAYMENT_REQUIRED, e.kind());
        assertEquals("insufficient service wallet balance", e.getMessage());
        assertEquals("insufficient_balance", e.code());
        assertEquals(0, providerCalls.get());
        assertEquals(new BigDecimal("54.99"), wallet.balance);
        assertTrue(lookups.rows.isEmpty());
    }

    @Test
    void a_verified_live_check_is_charged_its_live_price() {
        platform();
        VerificationResult r = run("nin", Map.of("number_nin", "12345678901"), false);
        assertEquals("verified", r.outcome().status().wire());
        assertEquals("charged", r.charge().status().wire());
        assertEquals(new BigDecimal("55.00"), r.charge().amount().amount());
        assertEquals("KES", r.charge().amount().currency());
        assertEquals("I", r.outcome().found().actorType());
        assertEquals("sandbox", r.routing().source());
        assertFalse(r.routing().cached());
        assertEquals(new BigDecimal("945.00"), wallet.balance);
        assertEquals(r.outcome().fetchedAt().plus(Duration.ofDays(30)), r.outcome().expiresAt());
    }

    @Test
    void an_identical_request_replays_the_cache_with_a_fresh_token_at_the_cached_price() {
        platform();
        VerificationResult live = run("nin", Map.of("number_nin", "12345678901"), false);
        clock = Clock.offset(clock, Duration.ofHours(1));
        VerificationResult replay = run("nin", Map.of("number_nin", " 1234567 8901"), false);
        assertEquals(1, providerCalls.get());
        assertNotEquals(live.lookupId().value(), replay.lookupId().value());
        assertTrue(replay.routing().cached());
        assertEquals("cache", replay.routing().source());
        assertEquals(live.outcome().fetchedAt(), replay.outcome().fetchedAt());
        assertEquals(live.outcome().expiresAt(), replay.outcome().expiresAt());
        assertEquals(new BigDecimal("20.00"), replay.charge().amount().amount());
        assertEquals(live.dataJson(), replay.dataJson());
        assertEquals(new BigDecimal("925.00"), wallet.balance);

        VerificationResult fresh = run("nin", Map.of("number_nin", "12345678901"), true);
        assertEquals(2, providerCalls.get());
        assertFalse(fresh.routing().cached());
    }

    @Test
    void a_replay_answers_every_field_of_the_original_in_its_own_place() {
        platform();
        answer = r -> new CheckOutcome.Verified(new ProviderAnswer("VERIFIED", "JANE DOE", null,
                new ProviderReply("REF-771", "Detail of the registry", "1012"), "{\"ResultCode\":\"1012\"}", null));
        VerificationResult live = run("nin", Map.of("number_nin", "12345678901"), false);
        clock = Clock.offset(clock, Duration.ofHours(1));
        VerificationResult replay = run("nin", Map.of("number_nin", "12345678901"), false);
        assertTrue(replay.routing().cached());
        assertEquals("REF-771", replay.outcome().reply().reference());
        assertEquals("Detail of the registry", replay.outcome().reply().detail());
        assertEquals(live.outcome().found().subjectName(), replay.outcome().found().subjectName());
        assertEquals(live.outcome().found().verificationStatus(), replay.outcome().found().verificationStatus());
        assertEquals(live.outcome().reply().responseCode(), replay.outcome().reply().responseCode());
        assertEquals(live.outcome().found().actorType(), replay.outcome().found().actorType());
        assertEquals(live.checked().country(), replay.checked().country());
        assertEquals(live.checked().category(), replay.checked().category());
        // and the replayed token reads back the same way
        TokenQueries queries = new TokenQueries(lookups, pii, new Fakes.RollbackUnitOfWork(lookups, wallet));
        ResolvedToken token = queries.resolve(ACCOUNT, replay.lookupId().value(), false);
        assertEquals("REF-771", token.token().finding().reference());
        assertEquals("Detail of the registry", token.detail());
    }

    @Test
    void on_the_merchants_own_key_neither_a_live_call_nor_a_replay_has_a_charge_reference() {
        settings.save(ACCOUNT, new VerificationSettings(VerificationMode.OWN_KEY, pii.seal("merchant-key")));
        VerificationResult live = run("nin", Map.of("number_nin", "12345678901"), false);
        VerificationResult replay = run("nin", Map.of("number_nin", "12345678901"), false);
        assertTrue(replay.routing().cached());
        for (VerificationResult r : java.util.List.of(live, replay)) {
            assertEquals(null, r.charge().reference());
            assertEquals("free", r.charge().status().wire());
            assertEquals(new BigDecimal("0.00"), r.charge().amount().amount());
        }
        platform();
        VerificationResult paid = run("nin", Map.of("number_nin", "12345678901"), false);
        assertEquals("chg_" + paid.lookupId().value().substring(3), paid.charge().reference());
    }

    @Test
    void the_cache_lapses_after_the_ttl_and_is_per_merchant() {
        platform();
        run("nin", Map.of("number_nin", "12345678901"), false);
        settings.save(ACCOUNT + 1, new VerificationSettings(VerificationMode.PLATFORM, null));
        VerificationResult other = service().run(new RunCheck.Command(ACCOUNT + 1, "nin", Map.of("number_nin", "12345678901"), false));
        assertFalse(other.routing().cached());
        clock = Clock.offset(clock, Duration.ofDays(31));
        assertFalse(run("nin", Map.of("number_nin", "12345678901"), false).routing().cached());
    }

    @Test
    void not_verified_is_never_cached() {
        platform();
        answer = r -> new CheckOutcome.NotVerified(answer("NOT_VERIFIED"), true);
        VerificationResult first = run("nin", Map.of("number_nin", "12345678900"), false);
        VerificationResult second = run("nin", Map.of("number_nin", "12345678900"), false);
        assertEquals("not_verified", first.outcome().status().wire());
        assertEquals("charged", first.charge().status().wire());
        assertFalse(second.routing().cached());
        assertEquals(2, providerCalls.get());
        assertEquals(new BigDecimal("890.00"), wallet.balance);
    }

    @Test
    void a_waived_fee_is_refunded_and_keeps_its_charged_amount() {
        platform();
        answer = r -> new CheckOutcome.NotVerified(answer("NOT_VERIFIED"), false);
        VerificationResult r = run("nin", Map.of("number_nin", "12345678901"), false);
        assertEquals("refunded", r.charge().status().wire());
        assertEquals(new BigDecimal("55.00"), r.charge().amount().amount());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
    }

    @Test
    void provider_unavailable_is_a_502_with_nothing_charged_and_an_error_in_history() {
        platform();
        answer = r -> new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "down", "1015");
        DomainError e = refused("nin", Map.of("number_nin", "12345678999"));
        assertEquals(DomainError.Kind.BAD_GATEWAY, e.kind());
        assertEquals("identity provider error: Nigeria NIN verification is currently unavailable", e.getMessage());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
        var history = new TokenQueries(lookups, pii, io.mizani.application.common.DirectUnitOfWork.DIRECT).list(ACCOUNT, null);
        assertEquals(1, history.size());
        assertEquals("error", history.get(0).outcome().status().wire());
        assertEquals("refunded", history.get(0).charge().status().wire());
        assertThrows(DomainError.class, () -> new TokenQueries(lookups, pii, io.mizani.application.common.DirectUnitOfWork.DIRECT)
                .resolve(ACCOUNT, history.get(0).id().value(), false));
    }

    @Test
    void a_failed_reversal_is_refund_failed_until_the_sweeper_settles_it() {
        platform();
        answer = r -> new CheckOutcome.NotVerified(answer("NOT_VERIFIED"), false);
        wallet.refundsFail = true;
        VerificationResult r = run("nin", Map.of("number_nin", "12345678901"), false);
        assertEquals("refund_failed", r.charge().status().wire());
        assertEquals(new BigDecimal("945.00"), wallet.balance);
        var sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet), clock, policy);
        assertEquals(0, sweeper.sweep(10), "not due before the retry delay");
        sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.offset(clock, Duration.ofMinutes(2)), policy);
        assertEquals(1, sweeper.sweep(10));
        assertEquals("refund_failed", lookups.rows.get(r.lookupId().value()).charge().status().wire());
        wallet.refundsFail = false;
        sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.offset(clock, Duration.ofMinutes(5)), policy);
        assertEquals(1, sweeper.sweep(10));
        assertEquals("refunded", lookups.rows.get(r.lookupId().value()).charge().status().wire());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
    }

    @Test
    void a_failed_retry_does_not_write_refund_failed_over_a_refund_another_replica_made_meanwhile() {
        platform();
        answer = r -> new CheckOutcome.NotVerified(answer("NOT_VERIFIED"), false);
        wallet.refundsFail = true;
        VerificationResult r = run("nin", Map.of("number_nin", "12345678901"), false);
        assertEquals("refund_failed", r.charge().status().wire());
        String id = r.lookupId().value();
        // between this sweeper's failed retry and its record of the failure, another replica claims the call and
        // refunds it
        lookups.beforeFailureRecord = () -> {
            wallet.refundsFail = false;
            var other = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                    Clock.offset(clock, Duration.ofMinutes(2)), policy);
            assertEquals(1, other.sweep(1));
        };
        var sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.offset(clock, Duration.ofMinutes(2)), policy);
        assertEquals(1, sweeper.sweep(1));
        assertEquals("refunded", lookups.rows.get(id).charge().status().wire(), "the refund stands");
        assertEquals(new BigDecimal("1000.00"), wallet.balance, "refunded once");
        wallet.refundsFail = false;
        sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.offset(clock, Duration.ofMinutes(10)), policy);
        assertEquals(0, sweeper.sweep(10), "nothing left to refund: not refunded a second time");
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
    }

    @Test
    void a_call_stranded_between_charge_and_settlement_is_reversed_by_the_sweeper() {
        platform();
        answer = r -> {
            throw new Error("process died");
        };
        assertThrows(Error.class, () -> run("nin", Map.of("number_nin", "12345678901"), false));
        assertEquals(new BigDecimal("945.00"), wallet.balance);
        var sweeper = new SettleStrandedCharges(lookups, wallet, new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.offset(clock, Duration.ofMinutes(3)), policy);
        assertEquals(1, sweeper.sweep(10));
        LookupRecord r = lookups.rows.values().iterator().next();
        assertEquals("refunded", r.charge().status().wire());
        assertEquals("error", r.outcome().status().wire());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
    }

    @Test
    void own_key_checks_are_free_and_get_the_key() {
        settings.save(ACCOUNT, new VerificationSettings(VerificationMode.OWN_KEY, pii.seal("my-key")));
        answer = r -> {
            assertEquals(Optional.of("my-key"), r.ownProviderKey());
            return new CheckOutcome.Verified(answer("VERIFIED"));
        };
        VerificationResult r = run("phone", Map.of("number", "+254712345678"), false);
        assertEquals("free", r.charge().status().wire());
        assertEquals(0, BigDecimal.ZERO.compareTo(r.charge().amount().amount()));
        assertEquals("KE", r.checked().country());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
        assertEquals("free", run("phone", Map.of("number", "+254712345678"), false).charge().status().wire());
    }

    @Test
    void tokens_mask_identifiers_and_withhold_data_unless_asked() {
        platform();
        VerificationResult r = run("nin", Map.of("number_nin", "12345678901"), false);
        var queries = new TokenQueries(lookups, pii, io.mizani.application.common.DirectUnitOfWork.DIRECT);
        ResolvedToken t = queries.resolve(ACCOUNT, r.lookupId().value(), false);
        assertEquals("12\u2022\u2022\u2022\u2022\u2022\u2022\u202201", t.token().finding().identifierMasked());
        assertEquals(null, t.dataJson());
        assertTrue(t.token().verified());
        assertEquals("{\"ResultCode\":\"1012\"}", queries.resolve(ACCOUNT, r.lookupId().value(), true).dataJson());
        assertThrows(DomainError.class, () -> queries.resolve(ACCOUNT + 1, r.lookupId().value(), false));
        assertTrue(queries.find(ACCOUNT + 1, r.lookupId().value()).isEmpty());
        assertTrue(lookups.rows.values().stream().noneMatch(x -> x.subject().identifierHash().equals("12345678901")));
    }

    @Test
    void a_settlement_that_cannot_be_written_is_a_502_and_left_to_the_sweeper() {
        platform();
        Fakes.Lookups failing = new Fakes.Lookups() {
            @Override
            public boolean settle(LookupRecord lookup) {
                throw new IllegalStateException("database gone");
            }
        };
        var service = OneProvider.service(CheckCatalogue.standard(), id -> new VerificationAccess.Access(true,
                settings.find(id).orElse(VerificationSettings.DEFAULT)), wallet, failing, new VerificationProvider() {
            @Override
            public CheckOutcome run(ProviderRequest request) {
                return new CheckOutcome.Verified(answer("VERIFIED"));
            }

            @Override
            public String name(ProviderRequest request) {
                return "sandbox";
            }
        }, pii, new Fakes.KenyanPhones(), new Fakes.RollbackUnitOfWork(failing, wallet), clock, policy);
        DomainError e = assertThrows(DomainError.class,
                () -> service.run(new RunCheck.Command(ACCOUNT, "nin", Map.of("number_nin", "12345678912"), false)));
        assertEquals(DomainError.Kind.BAD_GATEWAY, e.kind());
        assertEquals(new BigDecimal("945.00"), wallet.balance, "charged until the sweeper reverses it");
        var sweeper = new SettleStrandedCharges(failing, wallet, new Fakes.RollbackUnitOfWork(failing, wallet),
                Clock.offset(clock, Duration.ofMinutes(3)), policy);
        assertEquals(1, sweeper.sweep(10));
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
    }
}

package io.mizani.application.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mizani.domain.error.DomainError;
import io.mizani.domain.common.Money;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.ProviderAnswer;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.match.MatchRequest;
import io.mizani.domain.verification.match.MatchVerdict;
import io.mizani.domain.verification.match.RegistryIdentity;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Fallback inside one request: one charge, the answering provider as source, every call recorded with its cost. */
class RunCheckFallbackTest {

    static final long ACCOUNT = 7;
    final Fakes.Wallet wallet = new Fakes.Wallet("1000.00");
    final Fakes.Lookups lookups = new Fakes.Lookups();
    final Fakes.Settings settings = new Fakes.Settings();
    final List<ProviderCall> recorded = new ArrayList<>();
    final Map<String, VerificationProvider> providers = new LinkedHashMap<>();
    List<String> route = List.of();

    static VerificationProvider provider(String name, java.util.function.Supplier<CheckOutcome> outcome) {
        return new VerificationProvider() {
            @Override
            public CheckOutcome run(ProviderRequest request) {
                return outcome.get();
            }

            @Override
            public String name(ProviderRequest request) {
                return name;
            }
        };
    }

    static final CheckOutcome VERIFIED = new CheckOutcome.Verified(new ProviderAnswer("VERIFIED", "ADA OBI", null,
            new ProviderReply("ref", "ok", "1012"), "{}", new RegistryIdentity("Ada", null, "Obi", LocalDate.of(1990, 1, 2))));
    static final CheckOutcome DOWN = new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.DOWN, "down", null);

    RunCheckService service() {
        settings.save(ACCOUNT, new VerificationSettings(VerificationMode.PLATFORM, null));
        VerificationProviders registry = new VerificationProviders() {
            @Override
            public Set<String> names() {
                return providers.keySet();
            }

            @Override
            public Optional<VerificationProvider> find(String name) {
                return Optional.ofNullable(providers.get(name));
            }

            @Override
            public List<String> defaultRoute(String check) {
                return List.of("a");
            }
        };
        RoutingStore routing = new RoutingStore() {
            @Override
            public RoutingTable load() {
                return RoutingTable.EMPTY;
            }

            @Override
            public void replace(RoutingTable table) {
            }

            @Override
            public List<String> route(String check) {
                return route;
            }

            @Override
            public Map<String, Money> costs(String check) {
                return Map.of("b", Money.of(new BigDecimal("30.00"), "KES"), "c", Money.of(new BigDecimal("25.00"), "KES"));
            }

            @Override
            public List<ProviderMargin> margins(Instant since) {
                return List.of();
            }
        };
        return new RunCheckService(CheckCatalogue.standard(), id -> new VerificationAccess.Access(true,
                settings.find(id).orElse(VerificationSettings.DEFAULT)), wallet, lookups, registry, routing,
                recorded::addAll, new Fakes.Pii(), new Fakes.KenyanPhones(),
                new Fakes.RollbackUnitOfWork(lookups, wallet),
                Clock.fixed(Instant.parse("2026-11-21T05:00:00Z"), ZoneOffset.UTC),
                new VerificationPolicy(Duration.ofDays(30), Duration.ofMinutes(2), Duration.ofMinutes(1)));
    }

    @Test
    void a_not_verified_answer_costs_the_provider_fee_only_when_the_provider_charged_it() {
        ProviderAnswer none = new ProviderAnswer("NOT_VERIFIED", null, null,
                new ProviderReply("ref", "no match", "1013"), "{}", null);
        providers.put("b", provider("b", () -> new CheckOutcome.NotVerified(none, true)));
        providers.put("c", provider("c", () -> new CheckOutcome.NotVerified(none, false)));
        route = List.of("b");
        service().run(new RunCheck.Command(ACCOUNT, "nin", Map.of("number_nin", "12345678912"), true));
        route = List.of("c");
        service().run(new RunCheck.Command(ACCOUNT, "nin", Map.of("number_nin", "12345678913"), true));
        assertEquals(List.of(new BigDecimal("30.00"), new BigDecimal("0.00")),
                recorded.stream().map(c -> c.cost().amount()).toList());
    }

    @Test
    void an_unavailable_provider_hands_the_call_to_the_next_and_the_merchant_pays_once() {
        providers.put("a", provider("a", () -> {
            throw new IllegalStateException("boom");
        }));
        providers.put("b", provider("b", () -> DOWN));
        providers.put("c", provider("c", () -> VERIFIED));
        route = List.of("a", "b", "c");
        VerificationResult r = service().run(new RunCheck.Command(ACCOUNT, "nin", Map.of("number_nin", "12345678912"),
                false, null, new MatchRequest("ada", "OBI", LocalDate.of(1990, 2, 1))));
        assertEquals("c", r.routing().source());
        assertEquals("charged", r.charge().status().wire());
        assertEquals(new BigDecimal("945.00"), wallet.balance, "one charge at the check's price");
        assertEquals(List.of("a", "b", "c"), recorded.stream().map(ProviderCall::provider).toList());
        assertEquals(List.of("unavailable", "unavailable", "verified"), recorded.stream().map(c -> c.result().outcome()).toList());
        assertEquals(List.of(new BigDecimal("0.00"), new BigDecimal("0.00"), new BigDecimal("25.00")),
                recorded.stream().map(c -> c.cost().amount()).toList());
        assertEquals(MatchVerdict.EXACT, r.match().firstName());
        assertEquals(MatchVerdict.PARTIAL, r.match().dateOfBirth());
        assertEquals(85, r.match().score());
        // the replay computes its own match from the identity stored with the result
        VerificationResult replay = service().run(new RunCheck.Command(ACCOUNT, "nin",
                Map.of("number_nin", "12345678912"), false, null, new MatchRequest("Bola", null, null)));
        assertEquals("cache", replay.routing().source());
        assertEquals(MatchVerdict.MISMATCH, replay.match().firstName());
        assertEquals(MatchVerdict.NOT_PROVIDED, replay.match().lastName());
    }

    @Test
    void only_when_every_provider_failed_is_it_a_502_and_refunded() {
        providers.put("a", provider("a", () -> DOWN));
        providers.put("b", provider("b", () -> new CheckOutcome.ProviderUnavailable(CheckOutcome.Cause.TIMEOUT, "slow", null)));
        route = List.of("a", "b");
        DomainError e = assertThrows(DomainError.class, () -> service().run(new RunCheck.Command(ACCOUNT, "nin",
                Map.of("number_nin", "12345678912"), false)));
        assertEquals(DomainError.Kind.BAD_GATEWAY, e.kind());
        assertEquals(new BigDecimal("1000.00"), wallet.balance);
        assertEquals(2, recorded.size());
        LookupRecord row = lookups.rows.values().iterator().next();
        assertEquals("refunded", row.charge().status().wire());
        assertEquals("b", row.routing().source());
    }

    @Test
    void no_operator_route_takes_the_default() {
        providers.put("a", provider("a", () -> VERIFIED));
        assertEquals("a", service().run(new RunCheck.Command(ACCOUNT, "nin", Map.of("number_nin", "12345678912"),
                false)).routing().source());
    }
}

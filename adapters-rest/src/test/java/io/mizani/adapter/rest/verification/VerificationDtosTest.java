package io.mizani.adapter.rest.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mizani.adapter.rest.verification.VerificationDtos.EntitlementDto;
import io.mizani.adapter.rest.verification.VerificationDtos.HistoryEntryDto;
import io.mizani.adapter.rest.verification.VerificationDtos.ResolvedTokenDto;
import io.mizani.adapter.rest.verification.VerificationDtos.VerificationResultDto;
import io.mizani.adapter.rest.verification.VerificationRoutingResource.MarginDto;
import io.mizani.application.verification.Entitlement;
import io.mizani.application.verification.HistoryEntry;
import io.mizani.application.verification.LookupRecord;
import io.mizani.application.verification.ProviderMargin;
import io.mizani.application.verification.ResolvedToken;
import io.mizani.application.verification.VerificationResult;
import io.mizani.domain.billing.ChargeStatus;
import io.mizani.domain.common.Money;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.domain.verification.CheckStatus;
import io.mizani.domain.verification.LookupId;
import io.mizani.domain.verification.ProviderReply;
import io.mizani.domain.verification.match.IdentityMatch;
import io.mizani.domain.verification.match.MatchVerdict;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The wire shapes are flat (the contract's), the application's values are parts; each DTO is flattened in one
 * factory. These tests fill every field with a value no other field has, so swapping two fields of the same type
 * in a factory (reference and detail, fetched_at and expires_at, ...) fails here.
 */
class VerificationDtosTest {

    static final Instant CREATED = Instant.parse("2026-11-20T08:00:00Z");
    static final Instant FETCHED = Instant.parse("2026-11-21T09:00:00Z");
    static final Instant EXPIRES = Instant.parse("2026-12-21T09:00:00Z");

    /** A settled call with every field distinct from every other (strings, times, amounts). */
    static LookupRecord call() {
        LookupRecord inFlight = LookupRecord.inFlight(LookupId.of("vt_01ARZ3NDEKTSV4RRFFQ69G5FAV"), AccountId.of(4242),
                new LookupRecord.Subject("nin", "individual", "NG", "hash-of-identifier", "12\u2022\u202201",
                        "cache-key"),
                "smile_id", new LookupRecord.Charge(Money.of(new BigDecimal("55.00"), "KES"), "chg_01ARZ3NDEKTSV4RRFFQ69G5FAV",
                        ChargeStatus.CHARGED), CREATED);
        return inFlight.settled(new LookupRecord.Outcome(CheckStatus.VERIFIED,
                        new LookupRecord.Found("VERIFIED_WORD", "I", "JANE DOE"),
                        new ProviderReply("REF-771", "Detail of the registry", "1012"),
                        LookupRecord.Sealed.of(new byte[]{1}, new byte[]{2}), FETCHED, EXPIRES),
                new LookupRecord.Routing("dojah", false, 1234));
    }

    @Test
    void the_result_is_flattened_field_by_field_into_its_own_wire_field() {
        VerificationResult result = VerificationResult.of(call(), "{\"ResultCode\":\"1012\"}")
                .matched(new IdentityMatch(85, MatchVerdict.EXACT, MatchVerdict.PARTIAL, MatchVerdict.MISMATCH));
        VerificationResultDto dto = VerificationResultDto.of(result);

        assertEquals("vt_01ARZ3NDEKTSV4RRFFQ69G5FAV", dto.lookupId());
        assertEquals("nin", dto.asked().check());
        assertEquals("individual", dto.asked().category());
        assertEquals("NG", dto.asked().country());
        assertEquals("verified", dto.verdict().status());
        assertEquals("VERIFIED_WORD", dto.verdict().verificationStatus());
        assertEquals("I", dto.verdict().actorType());
        assertEquals("JANE DOE", dto.verdict().subjectName());
        assertEquals("REF-771", dto.reply().reference());
        assertEquals("Detail of the registry", dto.reply().detail());
        assertEquals("1012", dto.reply().responseCode());
        assertEquals("{\"ResultCode\":\"1012\"}", dto.reply().data());
        assertEquals(1234, dto.provenance().durationMs());
        assertEquals("dojah", dto.provenance().source());
        assertFalse(dto.provenance().cached());
        assertEquals(FETCHED, dto.provenance().fetchedAt());
        assertEquals(EXPIRES, dto.provenance().expiresAt());
        assertEquals(new BigDecimal("55.00"), dto.charge().chargedAmount());
        assertEquals("KES", dto.charge().chargeCurrency());
        assertEquals("chg_01ARZ3NDEKTSV4RRFFQ69G5FAV", dto.charge().chargeReference());
        assertEquals("charged", dto.charge().chargeStatus());
        assertEquals(85, dto.match().score());
        assertEquals("exact", dto.match().firstName());
        assertEquals("partial", dto.match().lastName());
        assertEquals("mismatch", dto.match().dateOfBirth());
        assertAllDistinct(dto);
    }

    @Test
    void the_payload_is_written_into_the_answer_as_json_not_as_a_string() throws Exception {
        ObjectMapper mapper = new ObjectMapper().findAndRegisterModules();
        VerificationResult result = VerificationResult.of(call(), "{\"ResultCode\":\"1012\",\"Names\":[\"JANE\"]}");
        JsonNode wire = mapper.readTree(mapper.writeValueAsString(VerificationResultDto.of(result)));
        assertTrue(wire.get("data").isObject());
        assertEquals("1012", wire.get("data").get("ResultCode").asText());
        assertEquals("JANE", wire.get("data").get("Names").get(0).asText());
        // the parts are written flat, in place: no part's name reaches the wire
        assertEquals("nin", wire.get("check").asText());
        assertEquals("verified", wire.get("status").asText());
        assertEquals(55.00, wire.get("chargedAmount").asDouble());
        for (String part : List.of("asked", "verdict", "reply", "provenance", "charge")) {
            assertNull(wire.get(part), part);
        }
        JsonNode none = mapper.readTree(mapper.writeValueAsString(
                VerificationResultDto.of(VerificationResult.of(call(), null))));
        assertTrue(none.get("data").isNull());
    }

    @Test
    void a_replayed_result_says_cache_and_keeps_the_original_answer_in_its_places() {
        LookupRecord original = call();
        LookupRecord replay = original.replayed(LookupId.of("vt_01BX5ZZKBKACTAV9WEVGEMMVRZ"),
                new LookupRecord.Charge(Money.of(new BigDecimal("20.00"), "KES"), "chg_01BX5ZZKBKACTAV9WEVGEMMVRZ",
                        ChargeStatus.CHARGED), Instant.parse("2026-11-22T10:00:00Z"));
        VerificationResultDto dto = VerificationResultDto.of(VerificationResult.of(replay, null));
        assertEquals("vt_01BX5ZZKBKACTAV9WEVGEMMVRZ", dto.lookupId());
        assertTrue(dto.provenance().cached());
        assertEquals("cache", dto.provenance().source());
        assertEquals(0, dto.provenance().durationMs());
        assertEquals("REF-771", dto.reply().reference());
        assertEquals("Detail of the registry", dto.reply().detail());
        assertEquals(FETCHED, dto.provenance().fetchedAt());
        assertEquals(EXPIRES, dto.provenance().expiresAt());
        assertEquals(new BigDecimal("20.00"), dto.charge().chargedAmount());
        assertNull(dto.match());
        assertNull(dto.reply().data());
    }

    @Test
    void the_result_and_the_history_never_carry_the_sealed_payload_or_identity() {
        assertEquals(LookupRecord.Sealed.NONE, VerificationResult.of(call(), null).outcome().sealed());
        assertEquals(LookupRecord.Sealed.NONE, HistoryEntry.of(call()).outcome().sealed());
    }

    @Test
    void a_history_entry_is_flattened_field_by_field() {
        HistoryEntryDto dto = HistoryEntryDto.of(HistoryEntry.of(call()));
        assertEquals("vt_01ARZ3NDEKTSV4RRFFQ69G5FAV", dto.id());
        assertEquals("nin", dto.checked().check());
        assertEquals("NG", dto.checked().country());
        assertEquals("verified", dto.verdict().status());
        assertEquals("VERIFIED_WORD", dto.verdict().verificationStatus());
        assertEquals("I", dto.verdict().actorType());
        assertEquals("JANE DOE", dto.verdict().subjectName());
        assertEquals("12\u2022\u202201", dto.trace().identifierMasked());
        assertEquals("REF-771", dto.trace().reference());
        assertEquals("Detail of the registry", dto.trace().detail());
        assertEquals("dojah", dto.trace().source());
        assertEquals(new BigDecimal("55.00"), dto.charge().chargedAmount());
        assertEquals("KES", dto.charge().chargeCurrency());
        assertEquals("chg_01ARZ3NDEKTSV4RRFFQ69G5FAV", dto.charge().chargeReference());
        assertEquals("charged", dto.charge().chargeStatus());
        assertEquals(1234, dto.durationMs());
        assertEquals(CREATED, dto.createdAt());
        assertAllDistinct(dto);
    }

    @Test
    void a_resolved_token_is_flattened_field_by_field() {
        LookupRecord call = call();
        ResolvedTokenDto dto = ResolvedTokenDto.of(new ResolvedToken(call.token(), "Detail of the registry",
                call.accountId(), "{\"entity\":{\"nin\":\"x\"}}"));
        assertEquals("{\"entity\":{\"nin\":\"x\"}}", dto.data());
        assertEquals("vt_01ARZ3NDEKTSV4RRFFQ69G5FAV", dto.token());
        assertEquals("nin", dto.asked().check());
        assertEquals("individual", dto.asked().category());
        assertEquals("NG", dto.asked().country());
        assertEquals("verified", dto.finding().status());
        assertEquals("VERIFIED_WORD", dto.finding().verificationStatus());
        assertTrue(dto.finding().verified());
        assertEquals("I", dto.finding().actorType());
        assertEquals("JANE DOE", dto.finding().subjectName());
        assertEquals("12\u2022\u202201", dto.trace().identifierMasked());
        assertEquals("REF-771", dto.trace().reference());
        assertEquals("Detail of the registry", dto.trace().detail());
        assertEquals("dojah", dto.trace().source());
        assertEquals(4242, dto.accountId());
        assertEquals(FETCHED, dto.validity().verifiedAt());
        assertEquals(EXPIRES, dto.validity().expiresAt());
        assertAllDistinct(dto);
    }

    @Test
    void the_entitlement_and_a_margin_are_flattened_field_by_field() {
        Map<String, Entitlement.Price> prices = new LinkedHashMap<>();
        prices.put("nin", new Entitlement.Price(Money.of(new BigDecimal("55.00"), "KES"),
                Money.of(new BigDecimal("20.00"), "KES")));
        EntitlementDto e = EntitlementDto.of(new Entitlement(true, "service_wallet", "insufficient_balance",
                "top up the wallet", Money.of(new BigDecimal("10.00"), "KES"), prices));
        assertTrue(e.platform());
        assertFalse(e.allowed());
        assertEquals("insufficient_balance", e.reason());
        assertEquals("top up the wallet", e.message());
        assertEquals("service_wallet", e.billingMode());
        assertEquals("KES", e.currency());
        assertEquals(new BigDecimal("10.00"), e.balance());
        assertEquals(new BigDecimal("55.00"), e.prices().get("nin").live());
        assertEquals(new BigDecimal("20.00"), e.prices().get("nin").cached());
        assertAllDistinct(e);

        MarginDto m = MarginDto.of(new ProviderMargin("dojah", "nin", 7, 5,
                Money.of(new BigDecimal("125.00"), "KES"), Money.of(new BigDecimal("275.00"), "KES")));
        assertEquals("dojah", m.provider());
        assertEquals("nin", m.check());
        assertEquals(7, m.calls());
        assertEquals(5, m.answered());
        assertEquals(new BigDecimal("125.00"), m.cost());
        assertEquals(new BigDecimal("275.00"), m.revenue());
        assertEquals(new BigDecimal("150.00"), m.margin());
        assertEquals("KES", m.currency());
        assertAllDistinct(m);
    }

    /** The fixture's own check: no two fields of a DTO hold the same value, so every swap is visible. */
    private static void assertAllDistinct(Record dto) {
        List<Object> values = new ArrayList<>();
        collect(dto, values);
        assertEquals(values.size(), new HashSet<>(values).size(), "fixture values repeat: " + values);
    }

    /** The wire fields of a DTO: its components, a {@code @JsonUnwrapped} part's components in its place. */
    private static void collect(Record dto, List<Object> values) {
        for (RecordComponent c : dto.getClass().getRecordComponents()) {
            try {
                Object v = c.getAccessor().invoke(dto);
                if (v instanceof Record part && c.getAccessor().isAnnotationPresent(JsonUnwrapped.class)) {
                    collect(part, values);
                } else if (v != null && !(v instanceof Boolean)) {
                    values.add(v instanceof Number n ? n.toString() : v);
                }
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        }
    }
}

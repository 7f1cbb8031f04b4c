package io.mizani.application.beneficiary;

import io.mizani.domain.common.Money;
import io.mizani.application.common.UnitOfWork;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.error.DomainError;
import io.mizani.domain.tenancy.AccountId;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BeneficiaryBookTest {

    static final UnitOfWork DIRECT = io.mizani.application.common.DirectUnitOfWork.DIRECT;

    final InMemoryBeneficiaryStore store = new InMemoryBeneficiaryStore();
    final Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
    final BeneficiaryBook book = new BeneficiaryBook(store, DIRECT, clock, io.mizani.domain.common.RateTable.sandbox());
    final Tier0Counterparties counterparties = new Tier0Counterparties(store, DIRECT, clock);

    static Map<Field, String> floor() {
        return Map.of(Field.NAME, "Ada Lovelace", Field.COUNTRY, "KE", Field.EMAIL, "ada@example.com");
    }

    static Map<Field, String> with(Map<Field, String> base, Object... pairs) {
        var m = new EnumMap<Field, String>(Field.class);
        m.putAll(base);
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((Field) pairs[i], (String) pairs[i + 1]);
        }
        return m;
    }

    @Test
    void create_missing_floor_fields_names_them() {
        var e = assertThrows(DomainError.class, () -> book.create(new BeneficiaryCommands.Create(1,
                Map.of(Field.FIRST_NAME, "Ada", Field.LAST_NAME, "L"))));
        assertEquals(DomainError.Kind.INVALID_ARGUMENT, e.kind());
        assertEquals("missing required fields: country, email", e.getMessage());
        assertEquals(List.of("country", "email"), e.details().get("missing_reduced_kyc_fields"));
        assertTrue(store.rows.isEmpty());
    }

    @Test
    void external_reference_replays_the_existing_record() {
        var first = book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.EXTERNAL_REFERENCE, "c-1")));
        var again = book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.EXTERNAL_REFERENCE, "c-1")));
        assertFalse(first.replayed());
        assertTrue(again.replayed());
        assertEquals(first.beneficiary().uuid(), again.beneficiary().uuid());
        var otherAccount = book.create(new BeneficiaryCommands.Create(2, with(floor(), Field.EXTERNAL_REFERENCE, "c-1")));
        assertFalse(otherAccount.replayed());
    }

    @Test
    void duplicate_id_number_in_one_account_is_refused() {
        book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.ID_NUMBER, "123")));
        var e = assertThrows(DomainError.class,
                () -> book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.ID_NUMBER, "123"))));
        assertEquals("invalid_argument", e.code());
        assertEquals(List.of("id_number"), e.details().get("invalid_arguments"));
        book.create(new BeneficiaryCommands.Create(2, with(floor(), Field.ID_NUMBER, "123")));
    }

    @Test
    void update_merges_and_recomputes_the_level() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        assertEquals(KycLevel.TIER_0, b.kycLevel());
        var u = book.update(new BeneficiaryCommands.Update(1, b.uuid(), Map.of(Field.PHONE, "+254712345678",
                Field.ADDRESS, "Nairobi", Field.DATE_OF_BIRTH, "1990-01-02", Field.ID_NUMBER, "1",
                Field.ID_TYPE, "national_id"), null));
        assertEquals(KycLevel.FULL, u.kycLevel());
        assertEquals("ada@example.com", u.profile().contact().email());
    }

    @Test
    void update_cannot_remove_a_floor_field() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        var clear = new EnumMap<Field, String>(Field.class);
        clear.put(Field.EMAIL, null);
        var e = assertThrows(DomainError.class, () -> book.update(new BeneficiaryCommands.Update(1, b.uuid(), clear, null)));
        assertEquals(List.of("email"), e.details().get("invalid_arguments"));
    }

    @Test
    void another_accounts_beneficiary_is_not_found() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        var e = assertThrows(DomainError.class, () -> book.fetch(2, b.uuid()));
        assertEquals("beneficiary \"" + b.uuid() + "\" does not exist", e.getMessage());
        assertThrows(DomainError.class, () -> book.delete(2, b.uuid()));
        assertTrue(counterparties.find(2, b.uuid()).isEmpty());
    }

    @Test
    void deleted_beneficiary_is_gone() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        book.delete(1, b.uuid());
        assertThrows(DomainError.class, () -> book.fetch(1, b.uuid()));
        assertTrue(counterparties.find(1, b.uuid()).isEmpty());
    }

    @Test
    void eligibility_answers_every_rule() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        assertTrue(book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "kes", new BigDecimal("19.99"))).eligible());
        var ngn = book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "NGN", new BigDecimal("1")));
        assertFalse(ngn.eligible());
        assertEquals("full KYC information is required for the transaction", ngn.reason());
        assertEquals("currency_excluded", ngn.reasonCode());
        assertEquals("amount_over_max",
                book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", new BigDecimal("20"))).reasonCode());
        book.update(new BeneficiaryCommands.Update(1, b.uuid(), Map.of(), false));
        var inactive = book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", BigDecimal.ONE));
        assertFalse(inactive.eligible());
        assertEquals("beneficiary is not active", inactive.reason());
    }

    @Test
    void eligibility_needs_currency_and_a_positive_amount() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        assertThrows(DomainError.class, () -> book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), null, BigDecimal.ONE)));
        assertThrows(DomainError.class, () -> book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", null)));
        assertThrows(DomainError.class, () -> book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", BigDecimal.ZERO)));
        assertThrows(DomainError.class, () -> book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KESX", BigDecimal.ONE)));
    }

    @Test
    void reserve_counts_until_the_lifetime_limit_then_refuses_compactly() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        int ok = 0;
        for (int i = 0; i < 20; i++) {
            try {
                counterparties.reserveTier0(AccountId.of(1), BeneficiaryId.of(b.id()), "KES", usd(new BigDecimal("19")));
                ok++;
            } catch (DomainError e) {
                assertEquals(DomainError.Shape.COMPACT, e.shape());
                assertEquals("full KYC information is required for the transaction", e.getMessage());
            }
        }
        assertEquals(11, ok);
        assertEquals(new BigDecimal("209.00"), book.fetch(1, b.uuid()).tier0LifetimeUsd());
        counterparties.releaseTier0(AccountId.of(1), BeneficiaryId.of(b.id()), usd(new BigDecimal("19")));
        assertEquals(new BigDecimal("190.00"), book.fetch(1, b.uuid()).tier0LifetimeUsd());
    }

    @Test
    void a_zero_amount_is_counted_as_nothing_and_a_negative_one_refused() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        counterparties.reserveTier0(AccountId.of(1), BeneficiaryId.of(b.id()), "KES", usd(new BigDecimal("10")));
        counterparties.reserveTier0(AccountId.of(1), BeneficiaryId.of(b.id()), "KES", usd(BigDecimal.ZERO));
        counterparties.releaseTier0(AccountId.of(1), BeneficiaryId.of(b.id()), usd(BigDecimal.ZERO));
        assertEquals(new BigDecimal("10.00"), book.fetch(1, b.uuid()).tier0LifetimeUsd());
        DomainError e = assertThrows(DomainError.class,
                () -> counterparties.releaseTier0(AccountId.of(1), BeneficiaryId.of(b.id()), usd(new BigDecimal("-0.01"))));
        assertEquals("amount_usd must be a non-negative amount", e.getMessage());
        counterparties.releaseTier0(AccountId.of(1), BeneficiaryId.of(b.id()), usd(new BigDecimal("25")));
        assertEquals(new BigDecimal("0.00"), book.fetch(1, b.uuid()).tier0LifetimeUsd(), "never below zero");
    }

    @Test
    void full_beneficiaries_are_neither_judged_nor_counted() {
        var b = book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.PHONE, "+254712345678",
                Field.ADDRESS, "Nairobi", Field.DATE_OF_BIRTH, "1990-01-02", Field.ID_NUMBER, "1",
                Field.ID_TYPE, "national_id"))).beneficiary();
        counterparties.reserveTier0(AccountId.of(1), BeneficiaryId.of(b.id()), "ZAR", usd(new BigDecimal("5000")));
        counterparties.releaseTier0(AccountId.of(1), BeneficiaryId.of(b.id()), usd(new BigDecimal("5000")));
        assertEquals(0, book.fetch(1, b.uuid()).tier0LifetimeUsd().signum());
    }

    @Test
    void reserve_refuses_an_inactive_or_foreign_beneficiary() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        assertEquals(DomainError.Kind.NOT_FOUND, assertThrows(DomainError.class,
                () -> counterparties.reserveTier0(AccountId.of(2), BeneficiaryId.of(b.id()), "KES", usd(BigDecimal.ONE)))
                .kind());
        book.update(new BeneficiaryCommands.Update(1, b.uuid(), Map.of(), false));
        assertEquals("beneficiary is not active", assertThrows(DomainError.class,
                () -> counterparties.reserveTier0(AccountId.of(1), BeneficiaryId.of(b.id()), "KES", usd(BigDecimal.ONE)))
                .getMessage());
    }

    @Test
    void query_validates_paging_and_date_range() {
        assertThrows(DomainError.class, () -> BeneficiaryQuery.page(0, 20));
        assertThrows(DomainError.class, () -> BeneficiaryQuery.page(1, 0));
        assertEquals(100, BeneficiaryQuery.page(1, 1000).per());
        assertThrows(DomainError.class, () -> BeneficiaryQuery.page(1, 20).createdBetween(Instant.EPOCH, null));
        assertThrows(DomainError.class, () -> BeneficiaryQuery.page(1, 20).createdBetween(
                Instant.parse("2026-02-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z")));
    }

    @Test
    void page_arithmetic() {
        var p = new Page<>(List.of(1, 2), 45, 2, 20);
        assertEquals(3, p.numPages());
        assertEquals(3, p.nextPage());
        assertEquals(1, p.prevPage());
        var last = new Page<>(List.of(1), 45, 3, 20);
        assertEquals(null, last.nextPage());
        assertEquals(0, new Page<>(List.of(), 0, 1, 20).numPages());
    }

    @Test
    void counterparty_carries_the_stored_identity() {
        var b = book.create(new BeneficiaryCommands.Create(1, with(floor(), Field.PHONE, "+254712345678",
                Field.ACCOUNT_NUMBER, "254712345678"))).beneficiary();
        var c = counterparties.find(1, b.uuid()).orElseThrow();
        assertEquals("Ada", c.firstName());
        assertEquals("+254712345678", c.phoneNumber());
        assertEquals("254712345678", c.accountNumber());
        assertEquals(KycLevel.TIER_0, c.kycLevel());
        assertTrue(c.active());
        assertTrue(counterparties.find(1, UUID.randomUUID()).isEmpty());
    }

    @Test
    void eligibility_converts_a_local_amount_with_the_rate_table() {
        var b = book.create(new BeneficiaryCommands.Create(1, floor())).beneficiary();
        var ok = book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", null, new BigDecimal("2000")));
        assertEquals(new BigDecimal("15.50"), ok.amountUsd());
        assertTrue(ok.eligible());
        var over = book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "KES", null, new BigDecimal("2580")));
        assertEquals(new BigDecimal("20.00"), over.amountUsd());
        assertEquals("amount_over_max", over.reasonCode());
        assertThrows(DomainError.class,
                () -> book.check(new BeneficiaryCommands.Eligibility(1, b.uuid(), "XYZ", null, BigDecimal.TEN)));
    }

    private static Money usd(BigDecimal amount) {
        return Money.of(amount, "USD");
    }
}

package io.mizani.adapter.persistence.beneficiary;

import io.mizani.adapter.persistence.support.TestDatabase;
import io.mizani.domain.common.Money;
import io.mizani.application.beneficiary.BeneficiaryQuery;
import io.mizani.application.beneficiary.BeneficiaryStore;
import io.mizani.domain.beneficiary.BeneficiaryId;
import io.mizani.domain.beneficiary.BeneficiaryProfile;
import io.mizani.domain.beneficiary.Field;
import io.mizani.domain.beneficiary.KycLevel;
import io.mizani.domain.tenancy.AccountId;
import io.mizani.adapter.persistence.common.SealedText;
import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.persistence.common.TestPii;
import org.postgresql.ds.PGSimpleDataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The store's SQL against a real PostgreSQL 17 with the V3 migration (no JTA: each statement autocommits). */
class JdbcBeneficiaryStoreTest {

    static PGSimpleDataSource dataSource;
    static JdbcBeneficiaryStore store;
    static final AtomicLong accounts = new AtomicLong(1000);

    @BeforeAll
    static void start() throws Exception {
        dataSource = TestDatabase.fresh("beneficiary_store").dataSource();
        String sql = TestDatabase.migration("V3__beneficiaries.sql") + "\n" + TestDatabase.migration("V10__identifiers_sealed.sql");
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            // the foundation's accounts table, reduced to what the foreign key needs
            st.execute("CREATE TABLE accounts (id bigint PRIMARY KEY)");
            st.execute("INSERT INTO accounts SELECT generate_series(1, 5000)");
            st.execute(sql);
        }
        store = new JdbcBeneficiaryStore(new Sql(dataSource), new SealedText(TestPii.INSTANCE));
    }

    static BeneficiaryProfile profile(Object... pairs) {
        Map<Field, String> m = new EnumMap<>(Field.class);
        m.put(Field.NAME, "Ada Lovelace");
        m.put(Field.COUNTRY, "KE");
        m.put(Field.EMAIL, "ada@example.com");
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((Field) pairs[i], (String) pairs[i + 1]);
        }
        return BeneficiaryProfile.EMPTY.merge(m);
    }

    static io.mizani.domain.beneficiary.Beneficiary insert(long account, BeneficiaryProfile p, KycLevel level, String at) {
        return store.insert(new BeneficiaryStore.NewBeneficiary(UUID.randomUUID(), account, p, level, Instant.parse(at)));
    }

    static BeneficiaryQuery q(String term) {
        return BeneficiaryQuery.page(1, 20).withTerm(term);
    }

    @Test
    void round_trips_every_field() {
        long acc = accounts.incrementAndGet();
        var p = profile(Field.PHONE, "+254712345678", Field.ADDRESS, "Nairobi", Field.DATE_OF_BIRTH, "05/17/1990",
                Field.ID_NUMBER, "123", Field.ID_TYPE, "national_id", Field.SURNAME, "King", Field.GENDER, "female",
                Field.ACCOUNT_NUMBER, "254712345678", Field.EXTERNAL_REFERENCE, "r1", Field.CUSTOMER_TYPE, "institution");
        var b = insert(acc, p, KycLevel.FULL, "2026-01-01T10:00:00Z");
        var read = store.find(acc, b.uuid()).orElseThrow();
        assertEquals(p, read.profile());
        assertEquals(KycLevel.FULL, read.kycLevel());
        assertEquals(0, read.tier0LifetimeUsd().signum());
        assertTrue(read.active());
        assertTrue(store.find(acc + 1, b.uuid()).isEmpty());
    }

    @Test
    void uniqueness_is_per_account_and_ignores_deleted_rows() {
        long acc = accounts.incrementAndGet();
        var first = insert(acc, profile(Field.ID_NUMBER, "X1", Field.EXTERNAL_REFERENCE, "E1"), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        var dupId = assertThrows(BeneficiaryStore.DuplicateValue.class,
                () -> insert(acc, profile(Field.ID_NUMBER, "X1"), KycLevel.TIER_0, "2026-01-01T00:00:00Z"));
        assertEquals(Field.ID_NUMBER, dupId.field());
        var dupRef = assertThrows(BeneficiaryStore.DuplicateValue.class,
                () -> insert(acc, profile(Field.EXTERNAL_REFERENCE, "E1"), KycLevel.TIER_0, "2026-01-01T00:00:00Z"));
        assertEquals(Field.EXTERNAL_REFERENCE, dupRef.field());
        insert(acc + 1, profile(Field.ID_NUMBER, "X1", Field.EXTERNAL_REFERENCE, "E1"), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        assertTrue(store.delete(acc, first.uuid(), Instant.now()));
        insert(acc, profile(Field.ID_NUMBER, "X1", Field.EXTERNAL_REFERENCE, "E1"), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        assertTrue(store.find(acc, first.uuid()).isEmpty());
    }

    @Test
    void term_matches_each_field_literally_and_case_insensitively() {
        long acc = accounts.incrementAndGet();
        insert(acc, profile(Field.NAME, "Zawadi Otieno", Field.EMAIL, "zawadi@mail.example", Field.PHONE, "+254700111222",
                Field.EXTERNAL_REFERENCE, "crm_100%"), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        insert(acc, profile(Field.NAME, "Baraka Kamau", Field.EMAIL, "baraka@mail.example", Field.PHONE, "+254700333444",
                Field.EXTERNAL_REFERENCE, "crmX1000"), KycLevel.TIER_0, "2026-01-02T00:00:00Z");
        assertEquals(1, store.search(acc, q("zaWAdi")).count());
        assertEquals(1, store.search(acc, q("otieno")).count());
        assertEquals(1, store.search(acc, q("baraka@")).count());
        // a phone number is an identifier: matched whole (with or without +, spaces, dashes), never by a fragment
        assertEquals(0, store.search(acc, q("0333")).count());
        assertEquals(1, store.search(acc, q("+254700333444")).count());
        assertEquals(1, store.search(acc, q("254 700-333-444")).count());
        assertEquals(0, store.search(acc + 1, q("+254700333444")).count());
        assertEquals(2, store.search(acc, q("mail.example")).count());
        assertEquals(1, store.search(acc, q("crm_")).count());
        assertEquals(1, store.search(acc, q("100%")).count());
        assertEquals(1, store.search(acc, q("%")).count());
        assertEquals(0, store.search(acc, q("crm%1000")).count());
        assertEquals(1, store.search(acc, q("zawadi otieno")).count());
        assertEquals(0, store.search(acc + 1, q("zawadi")).count());
    }

    @Test
    void filters_combine_and_pages_are_newest_first() {
        long acc = accounts.incrementAndGet();
        for (int i = 0; i < 25; i++) {
            insert(acc, profile(Field.EMAIL, "p" + i + "@example.com"), i % 5 == 0 ? KycLevel.FULL : KycLevel.TIER_0,
                    String.format("2026-01-%02dT12:00:00Z", i + 1));
        }
        var page1 = store.search(acc, BeneficiaryQuery.page(1, 10));
        assertEquals(25, page1.count());
        assertEquals("p24@example.com", page1.items().get(0).profile().contact().email());
        var page3 = store.search(acc, BeneficiaryQuery.page(3, 10));
        assertEquals(5, page3.items().size());
        assertEquals("p0@example.com", page3.items().get(4).profile().contact().email());
        assertEquals(5, store.search(acc, BeneficiaryQuery.page(1, 20).withKycLevel(KycLevel.FULL)).count());
        var range = store.search(acc, BeneficiaryQuery.page(1, 20).createdBetween(
                Instant.parse("2026-01-03T00:00:00Z"), Instant.parse("2026-01-06T00:00:00Z")));
        assertEquals(List.of("p4@example.com", "p3@example.com", "p2@example.com"),
                range.items().stream().map(b -> b.profile().contact().email()).toList());
        var one = page1.items().get(3);
        assertEquals(1, store.search(acc, BeneficiaryQuery.page(1, 20).withUuid(one.uuid())).count());
        assertEquals(0, store.search(acc, BeneficiaryQuery.page(1, 20).withActive(false)).count());
        var full = store.search(acc, BeneficiaryQuery.page(1, 20).withTerm("p2").withKycLevel(KycLevel.FULL).withActive(true));
        assertEquals(List.of("p20@example.com"), full.items().stream().map(b -> b.profile().contact().email()).toList());
    }

    @Test
    void tier_0_counter_is_read_under_lock_and_written() {
        long acc = accounts.incrementAndGet();
        var b = insert(acc, profile(), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        var standing = store.lockTier0(AccountId.of(acc), BeneficiaryId.of(b.id())).orElseThrow();
        assertEquals(Money.of(new BigDecimal("0.00"), "USD"), standing.lifetimeUsd());
        store.setTier0Lifetime(b.id(), Money.of(new BigDecimal("19.00"), "USD"), Instant.now());
        assertEquals(Money.of(new BigDecimal("19.00"), "USD"),
                store.lockTier0(AccountId.of(acc), BeneficiaryId.of(b.id())).orElseThrow().lifetimeUsd());
        assertTrue(store.lockTier0(AccountId.of(acc + 1), BeneficiaryId.of(b.id())).isEmpty());
    }

    @Test
    void identifiers_are_stored_sealed_and_the_id_number_is_unique_through_its_hash() throws Exception {
        long acc = accounts.incrementAndGet();
        var b = insert(acc, profile(Field.PHONE, "+254711987654", Field.ID_NUMBER, "NID-55501", Field.ID_TYPE, "NIN",
                Field.ADDITIONAL_ID_TYPE, "BVN", Field.ADDITIONAL_ID_NUMBER, "22233344455",
                Field.ACCOUNT_NUMBER, "0099887766"), KycLevel.TIER_0, "2026-01-01T00:00:00Z");
        try (Connection c = dataSource.getConnection(); var st = c.createStatement();
             var rs = st.executeQuery("SELECT b::text FROM beneficiaries b WHERE id = " + b.id())) {
            rs.next();
            String row = rs.getString(1);
            for (String clear : List.of("254711987654", "NID-55501", "22233344455", "0099887766")) {
                assertTrue(!row.contains(clear), clear + " in the clear: " + row);
            }
        }
        assertEquals(b.profile(), store.find(acc, b.uuid()).orElseThrow().profile());
        assertEquals(b.uuid(), store.idNumberHolder(acc, "NID-55501").orElseThrow());
        assertTrue(store.idNumberHolder(acc + 1, "NID-55501").isEmpty());
        var dup = assertThrows(BeneficiaryStore.DuplicateValue.class,
                () -> insert(acc, profile(Field.ID_NUMBER, "NID-55501"), KycLevel.TIER_0, "2026-01-01T00:00:00Z"));
        assertEquals(Field.ID_NUMBER, dup.field());
    }
}

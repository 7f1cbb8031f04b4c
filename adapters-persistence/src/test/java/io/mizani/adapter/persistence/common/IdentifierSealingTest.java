package io.mizani.adapter.persistence.common;

import io.mizani.adapter.persistence.support.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.adapter.persistence.beneficiary.JdbcBeneficiaryStore;
import io.mizani.adapter.persistence.teamkyc.JdbcAccountKycStore;
import io.mizani.application.beneficiary.BeneficiaryQuery;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The data half of V10 against a real PostgreSQL: a database at V5 holding identifiers in the clear (as the first
 * releases wrote them) is migrated to V10 and converted; then the key is rotated and everything is sealed again.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IdentifierSealingTest {

    static final UUID ADA = UUID.fromString("00000000-0000-0000-0000-00000000ada1");
    static final UUID BOB = UUID.fromString("00000000-0000-0000-0000-00000000b0b1");
    /** Every identifier written in the clear below. */
    static final List<String> IDENTIFIERS = List.of("CM90011122233", "22190011122", "0712000111", "254711000222",
            "12345678901", "254722000333", "ACC-77001122", "70011223344", "733000444", "733000445", "254744000555",
            "254755000666", "31415926", "27182818", "254766000777", "16180339", "14142135");

    static PGSimpleDataSource ds;

    @BeforeAll
    static void start() throws Exception {
        ds = TestDatabase.fresh("identifier_sealing").dataSource();
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            for (String v : List.of("V1__foundation.sql", "V2__verification.sql", "V3__beneficiaries.sql",
                    "V4__payments.sql", "V5__team_kyc.sql")) {
                st.execute(TestDatabase.migration(v));
            }
            // rows as the releases before V10 wrote them: identifiers in the clear
            st.execute("INSERT INTO organizations (id, name) VALUES (1, 'Org')");
            st.execute("INSERT INTO users (id, organization_id, username, phone_number) VALUES (1, 1, 'u1', '+254744000555')");
            st.execute("INSERT INTO accounts (id, organization_id, uuid, name, currency, dial_code, number, webhook_secret) "
                    + "VALUES (1, 1, 'team-1', 'Team', 'KES', '+254', '733000444', 's'), "
                    + "(2, 1, 'team-2', 'Other', 'KES', '+254', '733000445', 's')");
            st.execute("INSERT INTO invitations (token_hash, organization_id, account_id, email, phone_number, role_id, "
                    + "invited_by, expires_at) VALUES ('\\x01', 1, 1, 'i@example.com', '+254755000666', 3, 1, now())");
            st.execute("INSERT INTO beneficiaries (uuid, account_id, first_name, last_name, email, phone_number, country, "
                    + "national_id, id_type, additional_id_type, additional_id_number, account_number, kyc_level, "
                    + "created_at, updated_at) VALUES "
                    + "('" + ADA + "', 1, 'Ada', 'Lovelace', 'ada@example.com', '+254711000222', 'NG', 'CM90011122233', "
                    + "'NIN', 'BVN', '22190011122', '0712000111', 'full', now(), now()), "
                    + "('" + BOB + "', 2, 'Bob', 'Otieno', 'bob@example.com', '+254711000222', 'KE', 'CM90011122233', "
                    + "'national_id', null, null, null, 'tier_0', now(), now())");
            st.execute("INSERT INTO payments (account_id, reference, merchant_reference, request_type, rail, provider, "
                    + "network_id, channel_id, amount, currency, country, amount_usd, fee, customer_first_name, "
                    + "customer_phone, customer_id_number, account_number, callback_url, status, created_at, updated_at) "
                    + "VALUES (1, 'ref-1', 'm-1', 'payment', 'momo', 'mpesa_ke', 'net_ke_mpesa', 'ch_ke_mpesa_deposit', "
                    + "100, 'KES', 'KE', 0.78, 0, 'Ada', '+254722000333', '12345678901', 'ACC-77001122', "
                    + "'https://example.com/cb', 'queued', now(), now())");
            st.execute("INSERT INTO account_kycs (account_id, status, contact_information, entity_information, "
                    + "account_information, upgrade_information, created_at, updated_at) VALUES (1, 'pending', "
                    + "'{\"first_name\":\"Ada\",\"identification_number\":31415926,\"secondary_identification_number\":27182818,"
                    + "\"phone_number\":\"+254766000777\"}', '{\"entity_name\":\"Acme\",\"tax_document_number\":16180339,"
                    + "\"entity_certificate_number\":14142135}', '{\"account_name\":\"Team\",\"phone_number\":\"+254766000777\"}', "
                    + "'{}', now(), now())");
            st.execute("INSERT INTO idempotency_keys (account_id, idempotency_key, fingerprint, state, response_status, "
                    + "response_body, created_at, locked_at) VALUES (1, 'k1', 'f', 'completed', 200, "
                    + "'{\"national_id\":\"70011223344\"}', now(), now())");
            st.execute(TestDatabase.migration("V10__identifiers_sealed.sql"));
        }
    }

    /** Every row of every table of the schema, as text: what a dump would show. */
    static String dump() throws Exception {
        StringBuilder all = new StringBuilder();
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String t : tables) {
                try (ResultSet rs = st.executeQuery("SELECT t::text FROM " + t + " t")) {
                    while (rs.next()) {
                        all.append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }

    static void assertNoIdentifierInTheClear() throws Exception {
        String dump = dump();
        for (String id : IDENTIFIERS) {
            assertFalse(dump.contains(id), id + " in the clear in:\n" + dump);
        }
    }

    @Test
    @Order(1)
    void clear_rows_are_sealed_once_then_read_matched_and_rotated() throws Exception {
        String before = dump();
        IDENTIFIERS.forEach(id -> assertTrue(before.contains(id), id + " should be in the clear before conversion"));

        SealedText k1 = new SealedText(new TestPii("a1"));
        Map<String, Integer> first = new IdentifierSealing(new Sql(ds), k1, new TestPii("a1")).run();
        assertEquals(2, first.get("beneficiaries"));
        assertEquals(1, first.get("payments"));
        assertEquals(2, first.get("accounts"));
        assertEquals(1, first.get("users"));
        assertEquals(1, first.get("invitations"));
        assertEquals(1, first.get("idempotency_keys"));
        assertEquals(1, first.get("account_kycs"));
        assertNoIdentifierInTheClear();
        assertTrue(new IdentifierSealing(new Sql(ds), k1, new TestPii("a1")).run().values().stream().allMatch(n -> n == 0),
                "a second run converts nothing");

        // reads give the clear values back; uniqueness and the phone search work through the hashes, per account
        var store = new JdbcBeneficiaryStore(new Sql(ds), k1);
        var ada = store.find(1, ADA).orElseThrow().profile();
        assertEquals("CM90011122233", ada.idNumber());
        assertEquals("22190011122", ada.identification().additional().number());
        assertEquals("0712000111", ada.payoutAccount().accountNumber());
        assertEquals("+254711000222", ada.contact().phone());
        assertEquals(ADA, store.idNumberHolder(1, "CM90011122233").orElseThrow());
        assertEquals(BOB, store.idNumberHolder(2, "CM90011122233").orElseThrow());
        assertEquals(1, store.search(1, BeneficiaryQuery.page(1, 20).withTerm("+254 711 000 222")).count());
        assertPayment(k1);
        assertKyc(k1);

        // rotation: a2 seals from now on, a1 still opens and matches; the conversion seals everything again under a2
        var rotating = new TestPii("a2", "a1");
        SealedText k2 = new SealedText(rotating);
        Map<String, Integer> rotated = new IdentifierSealing(new Sql(ds), k2, rotating).run();
        assertEquals(2, rotated.get("beneficiaries"));
        assertEquals(1, rotated.get("account_kycs"));
        assertNoIdentifierInTheClear();
        assertFalse(dump().contains("pii:a1:"), "nothing left under the previous key");
        // with the previous key gone, everything is still readable and matched
        SealedText onlyK2 = new SealedText(new TestPii("a2"));
        var after = new JdbcBeneficiaryStore(new Sql(ds), onlyK2);
        assertEquals("CM90011122233", after.find(1, ADA).orElseThrow().profile().idNumber());
        assertEquals(ADA, after.idNumberHolder(1, "CM90011122233").orElseThrow());
        assertEquals(1, after.search(1, BeneficiaryQuery.page(1, 20).withTerm("254711000222")).count());
        assertPayment(onlyK2);
        assertKyc(onlyK2);
    }

    @Test
    @Order(2)
    void a_failed_conversion_names_no_identifier_in_the_clear_in_its_messages() throws Exception {
        String phone = "+254788000999";
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.execute("INSERT INTO users (id, organization_id, username, phone_number) VALUES (2, 1, 'u2', '" + phone
                    + "')");
            st.execute("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                    + "RAISE EXCEPTION 'refused'; END $$");
            st.execute("CREATE TRIGGER refuse BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION refuse()");
        }
        var pii = new TestPii("a2");
        var sealing = new IdentifierSealing(new Sql(ds), new SealedText(pii), pii);
        IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                sealing::run);
        // the driver's own message, as before Jdbi (for a batch PostgreSQL's driver quotes the statement with its
        // values: here sealed values only)
        assertTrue(e.getMessage().startsWith("sealing stored identifiers failed: Batch entry 0 UPDATE users SET"),
                e.getMessage());
        assertTrue(e.getMessage().contains("ERROR: refused"), e.getMessage());
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            assertFalse(m.contains("254788000999") || m.contains("788000999"), "an identifier in the clear in: " + m);
            if (t instanceof org.jdbi.v3.core.JdbiException) {
                assertFalse(m.contains("arguments"), "Jdbi names no bound value: " + m);
                assertTrue(m.contains("[statement:\"UPDATE users SET phone_number = :phone_number WHERE ctid = :ctid::tid\"]"), m);
            }
        }
        try (Connection c = ds.getConnection(); var st = c.createStatement()) {
            st.execute("DROP TRIGGER refuse ON users");
        }
        assertEquals(1, sealing.run().get("users"), "the failed batch was rolled back, and the lock let go");
        assertFalse(dump().contains("254788000999"));
    }

    static void assertPayment(SealedText sealed) throws Exception {
        try (Connection c = ds.getConnection(); var st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT customer_phone, customer_id_number, account_number FROM payments")) {
            rs.next();
            assertEquals("+254722000333", sealed.open(rs.getString(1)));
            assertEquals("12345678901", sealed.open(rs.getString(2)));
            assertEquals("ACC-77001122", sealed.open(rs.getString(3)));
        }
    }

    static void assertKyc(SealedText sealed) throws Exception {
        var json = new SealedJsonFields(sealed);
        try (Connection c = ds.getConnection(); var st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT contact_information::text, entity_information::text, "
                     + "account_information::text FROM account_kycs")) {
            rs.next();
            String contact = json.open(rs.getString(1), JdbcAccountKycStore.CONTACT_IDENTIFIERS);
            assertTrue(contact.contains("\"identification_number\":31415926"), contact);
            assertTrue(contact.contains("\"secondary_identification_number\":27182818"), contact);
            assertTrue(contact.contains("\"phone_number\":\"+254766000777\""), contact);
            assertTrue(contact.contains("\"first_name\":\"Ada\""), contact);
            String entity = json.open(rs.getString(2), JdbcAccountKycStore.ENTITY_IDENTIFIERS);
            assertTrue(entity.contains("\"tax_document_number\":16180339"), entity);
            assertTrue(entity.contains("\"entity_certificate_number\":14142135"), entity);
            String account = json.open(rs.getString(3), JdbcAccountKycStore.ACCOUNT_IDENTIFIERS);
            assertTrue(account.contains("\"phone_number\":\"+254766000777\""), account);
        }
    }
}

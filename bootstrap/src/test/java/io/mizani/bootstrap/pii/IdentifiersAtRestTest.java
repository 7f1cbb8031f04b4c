package io.mizani.bootstrap.pii;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.mizani.adapter.persistence.common.IdentifierSealing;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * platform.md section 11: "No identifier in the clear at rest anywhere ... A database dump shows none." A merchant
 * onboards with phone numbers, then stores a beneficiary, a payment and a Team KYC submission full of identifiers
 * (and an invitation with a phone); the API answers them back exactly as sent, yet no row of any table holds any of
 * them in the clear. The "dump" is every row of every table of the schema as text ({@code pg_dump} on the build
 * machine is older than the embedded server and refuses it; {@code SELECT t::text} shows the same data).
 */
@QuarkusTest
class IdentifiersAtRestTest {

    static final String USER_PHONE = "+254788100201";
    static final String TEAM_NUMBER = "788100202";
    static final String BENEFICIARY_PHONE = "+254788100203";
    static final String NIN = "CM88100204XYZ";
    static final String BVN = "22188100205";
    static final String BENEFICIARY_ACCOUNT = "0188100206";
    static final String CUSTOMER_PHONE = "+254788100207";
    static final String CUSTOMER_ID = "88100208";
    static final String PAYMENT_ACCOUNT = "+254788100209";
    static final long KYC_ID = 88100210L;
    static final long KYC_SECONDARY_ID = 88100211L;
    static final String KYC_PHONE = "+254788100212";
    static final long TAX_NUMBER = 88100213L;
    static final long CERTIFICATE_NUMBER = 88100214L;
    static final String INVITEE_PHONE = "+254788100215";

    /** How each identifier could show in a dump: as sent and as its bare digits. */
    static final List<String> IN_THE_CLEAR = List.of("788100201", TEAM_NUMBER, "788100203", NIN, BVN, BENEFICIARY_ACCOUNT,
            "788100207", CUSTOMER_ID, "788100209", "88100210", "88100211", "788100212", "88100213", "88100214",
            "788100215");

    @Inject
    DataSource dataSource;

    @Inject
    IdentifierSealing sealing;

    /**
     * What V10's start-up conversion does to a row an earlier release wrote: here a beneficiary's identifiers are put
     * back in the clear (hashes emptied) behind the service's back, then the conversion runs as at start.
     */
    @Test
    void a_row_written_in_the_clear_is_sealed_by_the_conversion_and_answered_matched_and_unique_as_before()
            throws Exception {
        Merchant m = TestMerchants.onboard();
        Map<String, Object> body = new HashMap<>();
        body.put("name", "Wanjiru Kamau");
        body.put("country", "KE");
        body.put("email", "wanjiru@example.com");
        String uuid = m.as().body(body).post("/api/global/beneficiaries").then().statusCode(200).extract().path("uuid");
        try (Connection c = dataSource.getConnection(); var ps = c.prepareStatement("UPDATE beneficiaries SET "
                + "national_id = 'OLD-88100299', phone_number = '+254788100298', account_number = '88100297', "
                + "national_id_hash = NULL, phone_hash = NULL WHERE uuid = ?::uuid")) {
            ps.setString(1, uuid);
            assertTrue(ps.executeUpdate() == 1);
        }
        assertTrue(dump().contains("OLD-88100299"));

        assertTrue(sealing.run().get("beneficiaries") >= 1);

        String dump = dump();
        for (String clear : List.of("88100299", "788100298", "88100297")) {
            assertFalse(dump.contains(clear), clear + " is still in the clear");
        }
        m.as().get("/api/global/beneficiaries/" + uuid).then().statusCode(200)
                .body("national_id", equalTo("OLD-88100299"))
                .body("phone_number", equalTo("+254788100298"))
                .body("account_number", equalTo("88100297"));
        m.as().queryParam("term", "+254788100298").get("/api/global/beneficiaries").then()
                .body("pagination.count", equalTo(1));
        body.put("email", "twin@example.com");
        body.put("id_number", "OLD-88100299");
        m.as().body(body).post("/api/global/beneficiaries").then().statusCode(400)
                .body("invalid_arguments", equalTo(List.of("id_number")));
        assertTrue(sealing.run().values().stream().allMatch(n -> n == 0), "a second run converts nothing");
    }

    @Test
    void a_database_dump_shows_no_identifier_while_the_api_answers_them_as_sent() throws Exception {
        Merchant m = onboard();
        Merchant other = TestMerchants.onboard();

        // the Team and its owner's phone numbers come back as sent
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account.number", equalTo(TEAM_NUMBER));
        m.as().get("/api/v2/user_profile/" + m.userId()).then().statusCode(200)
                .body("user_profile.user.phone_number", equalTo(USER_PHONE));

        // a beneficiary (its idempotent answer is stored too)
        Map<String, Object> beneficiary = new HashMap<>();
        beneficiary.put("name", "Ngozi Okafor");
        beneficiary.put("country", "NG");
        beneficiary.put("email", "ngozi@example.com");
        beneficiary.put("phone", BENEFICIARY_PHONE);
        beneficiary.put("id_number", NIN);
        beneficiary.put("id_type", "NIN");
        beneficiary.put("additional_id_type", "BVN");
        beneficiary.put("additional_id_number", BVN);
        beneficiary.put("account_number", BENEFICIARY_ACCOUNT);
        String uuid = m.as().header("Idempotency-Key", "pii-" + System.nanoTime()).body(beneficiary)
                .post("/api/global/beneficiaries").then().statusCode(200)
                .body("phone_number", equalTo(BENEFICIARY_PHONE))
                .body("national_id", equalTo(NIN))
                .body("additional_id_number", equalTo(BVN))
                .body("account_number", equalTo(BENEFICIARY_ACCOUNT))
                .extract().path("uuid");
        m.as().get("/api/global/beneficiaries/" + uuid).then().statusCode(200)
                .body("national_id", equalTo(NIN)).body("phone_number", equalTo(BENEFICIARY_PHONE));
        other.as().get("/api/global/beneficiaries/" + uuid).then().statusCode(404);
        // searched by its phone (whole, through the keyed hash) and unique by its ID number, per merchant
        m.as().queryParam("term", BENEFICIARY_PHONE).get("/api/global/beneficiaries").then().statusCode(200)
                .body("pagination.count", equalTo(1)).body("beneficiaries[0].uuid", equalTo(uuid));
        other.as().queryParam("term", BENEFICIARY_PHONE).get("/api/global/beneficiaries").then()
                .body("pagination.count", equalTo(0));
        Map<String, Object> twin = new HashMap<>(beneficiary);
        twin.put("email", "twin@example.com");
        m.as().body(twin).post("/api/global/beneficiaries").then().statusCode(400)
                .body("invalid_arguments", equalTo(List.of("id_number")));
        other.as().body(twin).post("/api/global/beneficiaries").then().statusCode(200);

        // a payment with an inline customer
        asOperator().body(Map.of("providers", List.of("mpesa_ke")))
                .put("/api/admin/accounts/" + m.accountId() + "/payment-providers").then().statusCode(200);
        HttpServer callbacks = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        callbacks.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        callbacks.start();
        try {
            m.as().body(payment("http://127.0.0.1:" + callbacks.getAddress().getPort() + "/cb"))
                    .post("/api/global/payments").then().statusCode(200);

            // a Team KYC submission
            JsonPath kyc = m.as().body(kycSubmission(m.accountId())).post("/api/v2/account_kycs").then().statusCode(200)
                    .body("account_kyc.contact_information.identification_number", equalTo((int) KYC_ID))
                    .body("account_kyc.contact_information.secondary_identification_number",
                            equalTo((int) KYC_SECONDARY_ID))
                    .body("account_kyc.contact_information.phone_number", equalTo(KYC_PHONE))
                    .body("account_kyc.entity_information.tax_document_number", equalTo((int) TAX_NUMBER))
                    .body("account_kyc.entity_information.entity_certificate_number", equalTo((int) CERTIFICATE_NUMBER))
                    .extract().jsonPath();
            m.as().get("/api/v2/account_kycs/" + kyc.getLong("account_kyc.id")).then().statusCode(200)
                    .body("account_kyc.contact_information.identification_number", equalTo((int) KYC_ID))
                    .body("account_kyc.contact_information.phone_number", equalTo(KYC_PHONE))
                    .body("account_kyc.entity_information.entity_certificate_number", equalTo((int) CERTIFICATE_NUMBER));
            // the operator approves it: the account_kyc.approved event carries the submission, identifiers included
            asOperator().body(Map.of("decision", "approve", "kyc_tier", 1, "notes", "ok"))
                    .post("/api/admin/account_kycs/" + kyc.getLong("account_kyc.id") + "/review").then().statusCode(200);
            m.as().queryParam("type", "account_kyc.approved").get("/api/global/events").then().statusCode(200)
                    .body("events[0].data.account_kyc.contact_information.identification_number",
                            equalTo((int) KYC_ID));

            // an invitation carrying the invitee's phone
            m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(),
                            "email", "invitee" + System.nanoTime() + "@example.com", "phone_number", INVITEE_PHONE,
                            "role_id", 3, "base_url", "https://app.example.com/join"))
                    .post("/api/v2/account_invites").then().statusCode(200);

            String dump = dump();
            for (String identifier : IN_THE_CLEAR) {
                assertFalse(dump.contains(identifier), identifier + " is stored in the clear");
            }
            assertTrue(dump.contains("Ngozi"), "names are not identifiers and stay as they are");
            assertTrue(dump.contains("pii:"), "identifiers are stored sealed");
        } finally {
            callbacks.stop(0);
        }
    }

    private static Merchant onboard() {
        long n = System.nanoTime() % 1_000_000;
        JsonPath json = asOperator().body(Map.of(
                        "organization_name", "PII Org " + n,
                        "user", Map.of("first_name", "Ada", "last_name", "Owner", "email", "pii" + n + "@example.com",
                                "phone_number", USER_PHONE),
                        "account", Map.of("name", "PII Team " + n, "email", "pii-team" + n + "@example.com",
                                "dial_code", "+254", "number", TEAM_NUMBER)))
                .post("/api/admin/merchants")
                .then().statusCode(201).extract().jsonPath();
        return new Merchant(json.getString("credentials.username"), json.getString("credentials.password"),
                json.getLong("account.id"), json.getLong("organization.id"), json.getLong("user.id"),
                json.getString("webhook_secret"), json.getString("account.currency"));
    }

    private static Map<String, Object> payment(String callbackUrl) {
        Map<String, Object> customer = new HashMap<>();
        customer.put("first_name", "Ada");
        customer.put("last_name", "Obi");
        customer.put("email", "ada@example.com");
        customer.put("phone", CUSTOMER_PHONE);
        customer.put("id_type", "national_id");
        customer.put("id_number", CUSTOMER_ID);
        Map<String, Object> network = new HashMap<>();
        network.put("network_id", "net_ke_mpesa");
        network.put("provider_id", "mpesa_ke");
        network.put("network_name", "M-Pesa");
        network.put("network_code", "MPESA");
        network.put("account_type", "momo");
        Map<String, Object> config = new HashMap<>();
        config.put("reference", "pii-" + System.nanoTime());
        config.put("account_number", PAYMENT_ACCOUNT);
        config.put("remark", "test");
        config.put("payment_category", "goods");
        config.put("callback_url", callbackUrl);
        Map<String, Object> body = new HashMap<>();
        body.put("request_type", "payment");
        body.put("transaction_channel", "momo");
        body.put("provider", "mpesa_ke");
        body.put("amount", 100);
        body.put("currency", "KES");
        body.put("country", "KE");
        body.put("customer", customer);
        body.put("provider_config", network);
        body.put("payment_config", config);
        return body;
    }

    private static Map<String, Object> kycSubmission(long accountId) {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", accountId);
        body.put("entity_type", "business");
        body.put("country_code", "KE");
        body.put("country", "Kenya");
        body.put("kyc_tier", 2);
        body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace",
                "identification_number", KYC_ID, "identification_type", "national_id",
                "secondary_identification_number", KYC_SECONDARY_ID, "secondary_identification_type", "passport",
                "phone_number", KYC_PHONE));
        body.put("entity_information", Map.of("entity_name", "Acme Ltd", "business_type", "limited_company",
                "tax_document_number", TAX_NUMBER, "entity_certificate_number", CERTIFICATE_NUMBER));
        return body;
    }

    /** Every row of every table of the schema, as text. */
    private String dump() throws Exception {
        StringBuilder all = new StringBuilder();
        try (Connection c = dataSource.getConnection(); var st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT schemaname || '.' || tablename FROM pg_tables "
                    + "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            for (String table : tables) {
                try (ResultSet rs = st.executeQuery("SELECT t::text FROM " + table + " t")) {
                    while (rs.next()) {
                        all.append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }
}

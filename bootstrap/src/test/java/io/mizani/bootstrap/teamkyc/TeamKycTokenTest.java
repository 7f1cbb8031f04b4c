package io.mizani.bootstrap.teamkyc;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Team KYC with real sandbox verification tokens (POST /api/v1/kyc/verify/{check}): every row of the tier table end
 * to end, the bad-token cases, the requested tier ignored, upgrades settled by tokens or left for a reviewer.
 * Sandbox: identifiers ending in 00 are not_verified; kra_pin P → C, A → I; tin_global 1 → C, 2 → I.
 */
@QuarkusTest
class TeamKycTokenTest {

    private static final AtomicInteger SEQ = new AtomicInteger();

    @Inject
    DataSource dataSource;

    private Merchant m;

    @BeforeEach
    void platformMerchant() {
        m = TestMerchants.onboard();
        TestMerchants.fund(m, "5000");
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
    }

    private static String token(Merchant who, String check, Map<String, Object> body, String expectedStatus) {
        return who.as().body(body).post("/api/v1/kyc/verify/" + check).then().statusCode(200)
                .body("status", equalTo(expectedStatus))
                .extract().jsonPath().getString("lookup_id");
    }

    private static String nationalId(Merchant who) {
        return token(who, "national_id_ke", Map.of("number", "12345678"), "verified");
    }

    private static String nationalIdNotVerified(Merchant who) {
        return token(who, "national_id_ke", Map.of("number", "12345600"), "not_verified");
    }

    private static String phone(Merchant who) {
        return token(who, "phone", Map.of("number", "+254712345678"), "verified");
    }

    private static String kraPin(Merchant who, char klass) {
        return token(who, "kra_pin", Map.of("number", klass + "051234567X"), "verified");
    }

    private static String tinGlobal(Merchant who, char klass) {
        return token(who, "tin_global", Map.of("tin", klass + "234567", "country", "NG"), "verified");
    }

    /** A new Team in the merchant's organization (the merchant's user is its owner). */
    private long newTeam() {
        int n = SEQ.incrementAndGet();
        return m.as().body(Map.of("organization_id", m.organizationId(), "name", "KYC team " + n + " " + System.nanoTime(),
                        "email", "kyc" + n + "@example.com", "dial_code", "+254",
                        "number", "73" + String.format("%07d", (System.nanoTime() / 1000) % 10_000_000)))
                .post("/api/v2/accounts").then().statusCode(200).extract().jsonPath().getLong("account.id");
    }

    private static Map<String, Object> body(long accountId, Integer requestedTier, Map<String, String> tokens) {
        Map<String, Object> b = new HashMap<>();
        b.put("account_id", accountId);
        b.put("entity_type", "business");
        b.put("country_code", "KE");
        b.put("country", "Kenya");
        if (requestedTier != null) {
            b.put("kyc_tier", requestedTier);
        }
        b.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace",
                "upload_information", Map.of("selfie_image", "files/selfie.png")));
        if (tokens != null) {
            b.put("kyc_tokens", tokens);
        }
        return b;
    }

    private ValidatableResponse submit(long accountId, Integer requestedTier, Map<String, String> tokens) {
        return m.as().body(body(accountId, requestedTier, tokens)).post("/api/v2/account_kycs").then();
    }

    private void assertTeamTier(long accountId, int tier, boolean verified) {
        m.as().get("/api/v2/account/" + accountId).then().statusCode(200)
                .body("account.kyc_tier", equalTo(tier))
                .body("account.kyc_verified", equalTo(verified));
        m.as().get("/api/v2/user_profile/" + m.userId()).then().statusCode(200)
                .body("user_profile.accounts.find { it.id == " + accountId + " }.kyc_tier", equalTo(tier));
    }

    private int organizationTier() throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT kyc_tier FROM organizations WHERE id = ?")) {
            ps.setLong(1, m.organizationId());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @Test
    void phone_token_alone_approves_at_tier_2() {
        long team = newTeam();
        submit(team, 1, Map.of("phone_number", phone(m))).statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.verification_information.verified_kyc_tier", equalTo(2))
                .body("account_kyc.account_information.is_phone_verified", equalTo(true));
        assertTeamTier(team, 2, true);
    }

    @Test
    void national_id_token_alone_approves_at_tier_2_with_the_evidence_kept() throws Exception {
        long team = newTeam();
        String nid = nationalId(m);
        submit(team, null, Map.of("national_id", nid)).statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.account_information.kyc_status", equalTo("approved"))
                .body("account_kyc.verification_information.kyc_tokens.national_id", equalTo(nid))
                .body("account_kyc.verification_information.kyc_tokens.phone_number", nullValue())
                .body("account_kyc.verification_information.kyc_tokens.tin", nullValue())
                .body("account_kyc.verification_information.actor_type", equalTo("I"))
                .body("account_kyc.verification_information.verified_kyc_tier", equalTo(2))
                .body("account_kyc.verification_information.verified_at", notNullValue())
                .body("account_kyc.verification_information.verifications", hasSize(1))
                .body("account_kyc.verification_information.verifications[0].kind", equalTo("national_id"))
                .body("account_kyc.verification_information.verifications[0].token", equalTo(nid))
                .body("account_kyc.verification_information.verifications[0].check", equalTo("national_id_ke"))
                .body("account_kyc.verification_information.verifications[0].category", equalTo("national_id"))
                .body("account_kyc.verification_information.verifications[0].country", equalTo("KE"))
                .body("account_kyc.verification_information.verifications[0].status", equalTo("verified"))
                .body("account_kyc.verification_information.verifications[0].verification_status", equalTo("VERIFIED"))
                .body("account_kyc.verification_information.verifications[0].verified", equalTo(true))
                .body("account_kyc.verification_information.verifications[0].actor_type", equalTo("I"))
                .body("account_kyc.verification_information.verifications[0].subject_name", notNullValue())
                .body("account_kyc.verification_information.verifications[0].identifier_masked", notNullValue())
                .body("account_kyc.verification_information.verifications[0].identifier_masked",
                        not(equalTo("12345678")))
                .body("account_kyc.verification_information.verifications[0].reference", notNullValue())
                .body("account_kyc.verification_information.verifications[0].source", notNullValue())
                .body("account_kyc.verification_information.verifications[0].verified_at", notNullValue())
                .body("account_kyc.verification_information.verifications[0].expires_at", notNullValue());
        assertTeamTier(team, 2, true);
        assertEquals(2, organizationTier());
    }

    @Test
    void national_id_with_a_company_tax_id_approves_at_tier_3_and_moves_the_organization() throws Exception {
        long team = newTeam();
        submit(team, 2, Map.of("national_id", nationalId(m), "tin", kraPin(m, 'P'))).statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(3))
                .body("account_kyc.verification_information.actor_type", equalTo("C"))
                .body("account_kyc.verification_information.verifications", hasSize(2))
                .body("account_kyc.verification_information.verifications[1].kind", equalTo("tin"))
                .body("account_kyc.verification_information.verifications[1].check", equalTo("kra_pin"))
                .body("account_kyc.verification_information.verifications[1].actor_type", equalTo("C"));
        assertTeamTier(team, 3, true);
        assertEquals(3, organizationTier());

        long global = newTeam();
        submit(global, null, Map.of("national_id", nationalId(m), "tin", tinGlobal(m, '1'))).statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(3));
    }

    @Test
    void national_id_with_an_individual_tax_id_approves_at_tier_2() {
        long kra = newTeam();
        submit(kra, 3, Map.of("national_id", nationalId(m), "tin", kraPin(m, 'A'))).statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.verification_information.actor_type", equalTo("I"));
        assertTeamTier(kra, 2, true);
        long global = newTeam();
        submit(global, 3, Map.of("national_id", nationalId(m), "tin", tinGlobal(m, '2'))).statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(2));
    }

    /**
     * The console's review page puts what the tokens prove first, red flags first: a national ID that came back
     * not_verified is the first row, flagged, above a verified phone; the identifier only masked.
     */
    @Test
    void the_console_review_shows_the_token_that_did_not_verify_first() {
        long team = newTeam();
        long kycId = submit(team, 2, Map.of("phone_number", phone(m), "national_id", nationalIdNotVerified(m)))
                .statusCode(200).extract().jsonPath().getLong("account_kyc.id");
        String page = asOperator().get("/console/kyc/" + kycId).then().statusCode(200).extract().asString();
        String tokens = page.substring(page.indexOf("<table id=\"kyc_tokens\">"));
        tokens = tokens.substring(0, tokens.indexOf("</table>"));
        org.junit.jupiter.api.Assertions.assertTrue(page.contains("<p class=\"error\" id=\"kyc_red_flags\">1 token did not verify.</p>"), page);
        int flagged = tokens.indexOf("<tr class=\"flag\"><td><span class=\"pill rejected\">not_verified</span></td><td>national_id</td>");
        int verified = tokens.indexOf("<td><span class=\"pill verified\">verified</span></td><td>phone_number</td>");
        org.junit.jupiter.api.Assertions.assertTrue(flagged > 0 && verified > flagged, tokens);
        org.junit.jupiter.api.Assertions.assertFalse(page.contains("12345600"), "the identifier is shown masked only");
    }

    @Test
    void not_verified_tokens_count_for_nothing() {
        long team = newTeam();
        submit(team, 2, Map.of("national_id", nationalIdNotVerified(m))).statusCode(200)
                .body("account_kyc.status", equalTo("pending"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.verification_information.verified_kyc_tier", equalTo(0))
                .body("account_kyc.verification_information.verifications[0].status", equalTo("not_verified"))
                .body("account_kyc.verification_information.verifications[0].verified", equalTo(false));
        assertTeamTier(team, 0, false);

        long mixed = newTeam();
        String notVerifiedTin = token(m, "kra_pin", Map.of("number", "P051234500"), "not_verified");
        submit(mixed, 3, Map.of("national_id", nationalId(m), "tin", notVerifiedTin)).statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(2));
    }

    @Test
    void a_tax_id_alone_justifies_nothing() {
        long team = newTeam();
        submit(team, 3, Map.of("tin", kraPin(m, 'P'))).statusCode(200)
                .body("account_kyc.status", equalTo("pending"))
                .body("account_kyc.verification_information.verified_kyc_tier", equalTo(0));
        assertTeamTier(team, 0, false);
    }

    @Test
    void the_requested_tier_is_ignored() {
        long high = newTeam();
        submit(high, 4, Map.of("national_id", nationalId(m))).statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(2));
        assertTeamTier(high, 2, true);
        long low = newTeam();
        submit(low, 0, Map.of("national_id", nationalId(m), "phone_number", phone(m), "tin", kraPin(m, 'P')))
                .statusCode(200).body("account_kyc.kyc_tier", equalTo(3));
        assertTeamTier(low, 3, true);
    }

    @Test
    void a_nin_token_fills_the_national_id_slot() {
        long team = newTeam();
        String nin = token(m, "nin", Map.of("number_nin", "12345678912"), "verified");
        submit(team, null, Map.of("national_id", nin)).statusCode(200).body("account_kyc.kyc_tier", equalTo(2));
    }

    @Test
    void another_merchants_token_is_400_naming_the_slot() {
        Merchant other = TestMerchants.onboard();
        TestMerchants.fund(other, "1000");
        other.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        String foreign = nationalId(other);
        long team = newTeam();
        submit(team, 2, Map.of("national_id", foreign)).statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("message", startsWith("kyc_tokens.national_id"))
                .body("$", not(hasKey("error_message")));
        // the other merchant cannot use it on the first merchant's Team either: that Team is 404 to it
        other.as().body(body(team, 2, Map.of("national_id", foreign))).post("/api/v2/account_kycs").then()
                .statusCode(404).body("error_code", equalTo("not_found"));
        // and it works for its owner
        other.as().body(body(other.accountId(), 2, Map.of("national_id", foreign))).post("/api/v2/account_kycs")
                .then().statusCode(200).body("account_kyc.kyc_tier", equalTo(2));
        assertTeamTier(team, 0, false);
    }

    @Test
    void a_token_in_a_slot_that_does_not_accept_its_check_is_400_naming_the_slot() {
        long team = newTeam();
        submit(team, 2, Map.of("tin", nationalId(m))).statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("message", startsWith("kyc_tokens.tin"))
                .body("message", containsString("national_id_ke"));
        submit(team, 2, Map.of("national_id", kraPin(m, 'P'))).statusCode(400)
                .body("message", startsWith("kyc_tokens.national_id"));
        submit(team, 2, Map.of("phone_number", nationalId(m))).statusCode(400)
                .body("message", startsWith("kyc_tokens.phone_number"));
        String passport = token(m, "passport_ke", Map.of("number", "AK1234567"), "verified");
        submit(team, 2, Map.of("national_id", passport)).statusCode(400)
                .body("message", startsWith("kyc_tokens.national_id"));
        submit(team, 2, Map.of("national_id", nationalId(m), "tin", "lk_unissued")).statusCode(400)
                .body("message", startsWith("kyc_tokens.tin"));
        assertTeamTier(team, 0, false);
        submit(team, 2, null).statusCode(200).body("account_kyc.status", equalTo("pending"));
    }

    @Test
    void an_amendment_with_tokens_approves_a_pending_submission() {
        long team = newTeam();
        long id = submit(team, 3, Map.of("tin", kraPin(m, 'P'))).statusCode(200)
                .extract().jsonPath().getLong("account_kyc.id");
        m.as().body(Map.of("account_id", team, "kyc_tokens", Map.of("national_id", nationalId(m))))
                .put("/api/v2/account_kycs/" + id).then().statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(3))
                .body("account_kyc.verification_information.verifications", hasSize(2))
                .body("account_kyc.contact_information.upload_information.selfie_image", equalTo("files/selfie.png"));
        assertTeamTier(team, 3, true);
    }

    @Test
    void an_upgrade_covered_by_tokens_is_granted_at_once() throws Exception {
        long team = newTeam();
        submit(team, null, Map.of("national_id", nationalId(m))).statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(2));
        m.as().body(Map.of("account_id", team,
                        "upgrade_information", Map.of("upgrade_to", 3, "upgrade_notes", "company verified"),
                        "kyc_tokens", Map.of("tin", kraPin(m, 'P'))))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(3))
                .body("account_kyc.upgrade_information.requested_kyc_upgrade", equalTo(true))
                .body("account_kyc.upgrade_information.upgrade_from", equalTo(2))
                .body("account_kyc.upgrade_information.upgrade_to", equalTo(3))
                .body("account_kyc.upgrade_information.upgrade_notes", equalTo("company verified"))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("approved"))
                .body("account_kyc.upgrade_information.upgrade_requested_at", notNullValue())
                .body("account_kyc.upgrade_information", not(hasKey("upgrade_reviewed_by")))
                .body("account_kyc.verification_information.verified_kyc_tier", equalTo(3))
                .body("account_kyc.verification_information.actor_type", equalTo("C"));
        assertTeamTier(team, 3, true);
        assertEquals(3, organizationTier());
    }

    @Test
    void an_upgrade_backed_by_an_individual_taxpayer_waits_for_review() {
        long team = newTeam();
        long id = submit(team, null, Map.of("national_id", nationalId(m))).statusCode(200)
                .extract().jsonPath().getLong("account_kyc.id");
        m.as().body(Map.of("account_id", team,
                        "upgrade_information", Map.of("upgrade_to", 3, "upgrade_notes", "sole trader"),
                        "entity_information", Map.of("entity_name", "Ada Trading", "nature_of_business", "retail"),
                        "kyc_tokens", Map.of("tin", kraPin(m, 'A'))))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("pending"))
                .body("account_kyc.upgrade_information.upgrade_from", equalTo(2))
                .body("account_kyc.upgrade_information.upgrade_to", equalTo(3))
                .body("account_kyc.entity_information.entity_name", equalTo("Ada Trading"));
        assertTeamTier(team, 2, true);
        JsonPath reviewed = asOperator().body(Map.of("decision", "approve", "notes", "checked the register"))
                .post("/api/admin/account_kycs/" + id + "/upgrade-review").then().statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(3))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("approved"))
                .body("account_kyc.upgrade_information.upgrade_reviewed_at", notNullValue())
                .extract().jsonPath();
        long reviewer = reviewed.getLong("account_kyc.upgrade_information.upgrade_reviewed_by");
        assertTeamTier(team, 3, true);
        // the reviewer id is the operator's platform user row, an admin
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT is_admin FROM users WHERE id = ?")) {
            ps.setLong(1, reviewer);
            try (ResultSet rs = ps.executeQuery()) {
                org.junit.jupiter.api.Assertions.assertTrue(rs.next() && rs.getBoolean(1));
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void submit_honours_an_idempotency_key() {
        long team = newTeam();
        Map<String, Object> b = body(team, 2, Map.of("national_id", nationalId(m)));
        String key = "kyc-" + System.nanoTime();
        String answer = m.as().header("Idempotency-Key", key).body(b).post("/api/v2/account_kycs").then()
                .statusCode(200).extract().asString();
        long first = io.restassured.path.json.JsonPath.from(answer).getLong("account_kyc.id");
        String replay = m.as().header("Idempotency-Key", key).body(b).post("/api/v2/account_kycs").then()
                .statusCode(200).body("account_kyc.id", equalTo((int) first)).extract().asString();
        org.junit.jupiter.api.Assertions.assertEquals(answer, replay, "a replay is byte-identical");
        // the times shown are the times stored (PostgreSQL keeps microseconds): the record read back shows the same
        var shown = io.restassured.path.json.JsonPath.from(answer);
        var stored = m.as().get("/api/v2/account_kycs/" + first).then().statusCode(200).extract().jsonPath();
        org.junit.jupiter.api.Assertions.assertEquals(stored.getString("account_kyc.created_at"),
                shown.getString("account_kyc.created_at"));
        org.junit.jupiter.api.Assertions.assertEquals(stored.getString("account_kyc.updated_at"),
                shown.getString("account_kyc.updated_at"));
        Map<String, Object> other = new HashMap<>(b);
        other.put("notes", "different");
        m.as().header("Idempotency-Key", key).body(other).post("/api/v2/account_kycs").then().statusCode(422);
    }
}

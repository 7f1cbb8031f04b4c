package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.identityChecksAvailable;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.application.teamkyc.VerificationEvidence;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class VerificationApiTest {

    @Inject
    VerificationEvidence evidence;

    static final String[] RESULT_FIELDS = {"lookup_id", "check", "category", "country", "status",
            "verification_status", "subject_name", "reference", "detail", "response_code", "data", "duration_ms",
            "source", "cached", "fetched_at", "expires_at", "charged_amount", "charge_currency", "charge_reference",
            "charge_status"};

    // --- refusal order: 404, 403, 412, 400, 402, then the provider ------------------------------------------

    @Test
    void refusals_come_in_the_contract_order_with_their_exact_bodies() {
        Merchant m = TestMerchants.onboard();
        identityChecksAvailable(m, false);
        m.as().body(Map.of()).post("/api/v1/kyc/verify/no_such_check").then().statusCode(404)
                .body("error", equalTo("unknown check: no_such_check")).body("reason", equalTo("not_found"));
        m.as().body(Map.of()).post("/api/v1/kyc/verify/nin").then().statusCode(403)
                .body("error", equalTo("identity checks are not available on this account"))
                .body("reason", equalTo("not_available"));
        identityChecksAvailable(m, true);
        m.as().body(Map.of()).post("/api/v1/kyc/verify/nin").then().statusCode(412)
                .body("error", equalTo("identity checks are not enabled: turn them on in Settings"))
                .body("reason", equalTo("not_enabled"));
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        m.as().body(Map.of()).post("/api/v1/kyc/verify/nin").then().statusCode(400)
                .body("error", equalTo("number_nin is required")).body("reason", equalTo("invalid_request"));
        m.as().body(Map.of("number_nin", "123")).post("/api/v1/kyc/verify/nin").then().statusCode(400)
                .body("error", equalTo("number_nin must be 11 digits"));
        m.as().body("[1,2]").post("/api/v1/kyc/verify/nin").then().statusCode(400)
                .body("reason", equalTo("invalid_request"));
        m.as().body(Map.of("number_nin", "12345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(402)
                .body("error", equalTo("insufficient service wallet balance"))
                .body("reason", equalTo("insufficient_balance"));
        m.as().get("/api/v1/kyc/lookups").then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void field_formats_are_validated_before_anything_is_charged() {
        Merchant m = platformMerchant("1000");
        m.as().body(Map.of("id_number", "123")).post("/api/v1/kyc/verify/national_id_za").then().statusCode(400)
                .body("error", equalTo("id_number must be 13 digits"));
        m.as().body(Map.of("id_number", "T1", "issue_date", "2020-13-01")).post("/api/v1/kyc/verify/voter_id_tz")
                .then().statusCode(400).body("error", startsWith("id_number"));
        m.as().body(Map.of("id_number", "T12345", "issue_date", "2020-13-01")).post("/api/v1/kyc/verify/voter_id_tz")
                .then().statusCode(400).body("error", equalTo("issue_date must be a date in YYYY-MM-DD format"));
        m.as().body(Map.of("id_number", "CI12345", "card_type", "blue")).post("/api/v1/kyc/verify/national_id_ci")
                .then().statusCode(400).body("error", equalTo("card_type must be one of: new, old"));
        m.as().body(Map.of("tin", "1234567", "country", "XX")).post("/api/v1/kyc/verify/tin_global")
                .then().statusCode(400).body("error", equalTo("country must be an ISO 3166-1 alpha-2 country code"));
        m.as().body(Map.of("number", "12345", "bank_code", "058")).post("/api/v1/kyc/verify/bank_account_ng")
                .then().statusCode(400).body("error", equalTo("number must be 10 digits"));
        m.as().body(Map.of("account_no", "1234567", "bank_id", "999")).post("/api/v1/kyc/verify/bank_account_ke")
                .then().statusCode(400).body("error", startsWith("bank_id must be one of"));
        assertEquals(1000f, balance(m));
    }

    // --- live, cached, fresh ---------------------------------------------------------------------------------

    @Test
    void a_live_check_is_charged_then_replayed_from_cache_then_forced_fresh() {
        Merchant m = platformMerchant("1000");
        JsonPath live = m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().jsonPath();
        for (String f : RESULT_FIELDS) {
            assertTrue(live.getMap("$").containsKey(f), f);
        }
        assertEquals("verified", live.getString("status"));
        assertEquals("VERIFIED", live.getString("verification_status"));
        assertEquals("national_id", live.getString("category"));
        assertEquals("KE", live.getString("country"));
        assertEquals("I", live.getString("actor_type"));
        assertEquals("sandbox", live.getString("source"));
        assertFalse(live.getBoolean("cached"));
        assertEquals(40f, live.getFloat("charged_amount"));
        assertEquals("KES", live.getString("charge_currency"));
        assertEquals("charged", live.getString("charge_status"));
        assertEquals(960f, balance(m));

        JsonPath replay = m.as().body(Map.of("number", " 12345678 ")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().jsonPath();
        assertNotEquals(live.getString("lookup_id"), replay.getString("lookup_id"));
        assertTrue(replay.getBoolean("cached"));
        assertEquals("cache", replay.getString("source"));
        assertEquals(live.getString("fetched_at"), replay.getString("fetched_at"));
        assertEquals(live.getString("expires_at"), replay.getString("expires_at"));
        assertEquals(live.getString("subject_name"), replay.getString("subject_name"));
        assertEquals(20f, replay.getFloat("charged_amount"));
        assertEquals("charged", replay.getString("charge_status"));
        assertEquals(940f, balance(m));

        JsonPath fresh = m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke?fresh=true")
                .then().statusCode(200).extract().jsonPath();
        assertFalse(fresh.getBoolean("cached"));
        assertEquals("sandbox", fresh.getString("source"));
        assertNotEquals(live.getString("fetched_at"), fresh.getString("fetched_at"));
        assertEquals(900f, balance(m));

        // the cache is per merchant
        Merchant other = platformMerchant("1000");
        other.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).body("cached", equalTo(false)).body("charged_amount", equalTo(40.0f));
    }

    @Test
    void not_verified_is_charged_and_never_cached() {
        Merchant m = platformMerchant("1000");
        for (int i = 0; i < 2; i++) {
            m.as().body(Map.of("number_nin", "12345678900")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                    .body("status", equalTo("not_verified")).body("verification_status", equalTo("NOT_VERIFIED"))
                    .body("cached", equalTo(false)).body("charge_status", equalTo("charged"))
                    .body("charged_amount", equalTo(55.0f));
        }
        assertEquals(890f, balance(m));
    }

    @Test
    void a_waived_fee_is_refunded_and_keeps_its_charged_amount() {
        Merchant m = platformMerchant("1000");
        String token = m.as().body(Map.of("number_nin", "12345678901")).post("/api/v1/kyc/verify/nin").then()
                .statusCode(200).body("status", equalTo("not_verified")).body("charge_status", equalTo("refunded"))
                .body("charged_amount", equalTo(55.0f)).extract().path("lookup_id");
        assertEquals(1000f, balance(m));
        m.as().get("/api/v1/kyc/tokens/" + token).then().statusCode(200).body("verified", equalTo(false))
                .body("status", equalTo("not_verified"));
        m.as().get("/api/v1/kyc/lookups").then().body("[0].charge_status", equalTo("refunded"))
                .body("[0].charged_amount", equalTo(55.0f));
    }

    @Test
    void provider_down_is_a_502_with_nothing_charged_and_an_error_in_history() {
        Merchant m = platformMerchant("1000");
        m.as().body(Map.of("number_nin", "12345678999")).post("/api/v1/kyc/verify/nin").then().statusCode(502)
                .body("error", equalTo("identity provider error: Nigeria NIN verification is currently unavailable"))
                .body("reason", equalTo("provider_unavailable"));
        assertEquals(1000f, balance(m));
        JsonPath history = m.as().get("/api/v1/kyc/lookups").then().statusCode(200).extract().jsonPath();
        assertEquals(1, history.getList("$").size());
        assertEquals("error", history.getString("[0].status"));
        assertEquals("refunded", history.getString("[0].charge_status"));
        assertEquals(55f, history.getFloat("[0].charged_amount"));
        m.as().get("/api/v1/kyc/tokens/" + history.getString("[0].id")).then().statusCode(404)
                .body("error", equalTo("token not found"));
    }

    @Test
    void a_slow_provider_is_a_502_with_nothing_charged() {
        Merchant m = platformMerchant("1000");
        m.as().body(Map.of("number", "12345698")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(502)
                .body("error", equalTo("identity provider error: Kenya National ID verification is currently unavailable"));
        assertEquals(1000f, balance(m));
        m.as().get("/api/v1/kyc/lookups").then().body("[0].status", equalTo("error"))
                .body("[0].charge_status", equalTo("refunded"));
    }

    // --- tokens ----------------------------------------------------------------------------------------------

    @Test
    void tokens_mask_the_identifier_withhold_data_and_are_invisible_to_other_merchants() {
        Merchant m = platformMerchant("1000");
        String token = m.as().body(Map.of("number_nin", "12345678912")).post("/api/v1/kyc/verify/nin").then()
                .statusCode(200).body("data.result_code", equalTo("1012")).extract().path("lookup_id");
        m.as().get("/api/v1/kyc/tokens/" + token).then().statusCode(200)
                .body("token", equalTo(token))
                .body("check", equalTo("nin")).body("category", equalTo("national_id")).body("country", equalTo("NG"))
                .body("status", equalTo("verified")).body("verified", equalTo(true))
                .body("actor_type", equalTo("I"))
                .body("identifier_masked", equalTo("12\u2022\u2022\u2022\u2022\u2022\u2022\u202212"))
                .body("account_id", equalTo((int) m.accountId()))
                .body("source", equalTo("sandbox"))
                .body("verified_at", notNullValue()).body("expires_at", notNullValue())
                .body("$", not(hasKey("data")));
        m.as().get("/api/v1/kyc/tokens/" + token + "?data=true").then().statusCode(200)
                .body("data.result_code", equalTo("1012")).body("data.full_name", notNullValue());
        Merchant other = TestMerchants.onboard();
        other.as().get("/api/v1/kyc/tokens/" + token).then().statusCode(404)
                .body("error", equalTo("token not found")).body("reason", equalTo("not_found"));
        m.as().get("/api/v1/kyc/tokens/vt_unknown").then().statusCode(404).body("error", equalTo("token not found"));
        assertTrue(evidence.find(m.accountId(), token).orElseThrow().verified());
        assertTrue(evidence.find(other.accountId(), token).isEmpty());
    }

    // --- actor types -----------------------------------------------------------------------------------------

    @Test
    void actor_type_follows_the_tax_and_company_rules() {
        Merchant m = platformMerchant("10000");
        m.as().body(Map.of("number", "P051234567X")).post("/api/v1/kyc/verify/kra_pin").then().statusCode(200)
                .body("actor_type", equalTo("C")).body("category", equalTo("tax_id"));
        m.as().body(Map.of("number", "A001234567Z")).post("/api/v1/kyc/verify/kra_pin").then().statusCode(200)
                .body("actor_type", equalTo("I"));
        m.as().body(Map.of("tin", "1234567", "country", "ng")).post("/api/v1/kyc/verify/tin_global").then()
                .statusCode(200).body("actor_type", equalTo("C")).body("country", equalTo("NG"))
                .body("data.taxpayer_class", equalTo("Non-Individual"));
        m.as().body(Map.of("tin", "2234567", "country", "GH")).post("/api/v1/kyc/verify/tin_global").then()
                .statusCode(200).body("actor_type", equalTo("I")).body("data.taxpayer_class", equalTo("Sole Proprietor"));
        m.as().body(Map.of("tin", "3234567", "country", "KE")).post("/api/v1/kyc/verify/tin_global").then()
                .statusCode(200).body("$", not(hasKey("actor_type")));
        m.as().body(Map.of("company_number", "RC123456", "country_code", "NG")).post("/api/v1/kyc/verify/company_global")
                .then().statusCode(200).body("actor_type", equalTo("C")).body("category", equalTo("company"))
                .body("charged_amount", equalTo(1305.0f));
        m.as().body(Map.of("account_no", "1234567890", "bank_id", "68")).post("/api/v1/kyc/verify/bank_account_ke")
                .then().statusCode(200).body("$", not(hasKey("actor_type")));
        m.as().body(Map.of("number", "+254712345678")).post("/api/v1/kyc/verify/phone")
                .then().statusCode(200).body("actor_type", equalTo("I")).body("country", equalTo("KE"));
    }

    // --- history ---------------------------------------------------------------------------------------------

    @Test
    void history_is_newest_first_with_a_default_limit_and_a_cap() {
        Merchant m = platformMerchant("1000");
        String first = m.as().body(Map.of("number", "11111111")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().path("lookup_id");
        String second = m.as().body(Map.of("number", "22222222")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().path("lookup_id");
        JsonPath h = m.as().get("/api/v1/kyc/lookups").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(second, first), h.getList("id"));
        for (String f : new String[]{"id", "check", "country", "status", "verification_status", "actor_type",
                "subject_name", "identifier_masked", "reference", "detail", "source", "charged_amount",
                "charge_currency", "charge_reference", "charge_status", "duration_ms", "created_at"}) {
            assertTrue(h.getMap("[0]").containsKey(f), f);
        }
        m.as().get("/api/v1/kyc/lookups?limit=1").then().body("size()", equalTo(1)).body("[0].id", equalTo(second));
        m.as().get("/api/v1/kyc/lookups?limit=0").then().statusCode(400).body("reason", equalTo("invalid_request"));
        m.as().get("/api/v1/kyc/lookups?limit=abc").then().statusCode(400);
        Merchant other = TestMerchants.onboard();
        other.as().get("/api/v1/kyc/lookups").then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void history_caps_the_limit_at_500_and_defaults_to_100() {
        Merchant m = platformMerchant("20000");
        m.as().body(Map.of("number", "33333333")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200);
        for (int i = 0; i < 505; i++) { // cached replays: 20 KES each
            m.as().body(Map.of("number", "33333333")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200);
        }
        m.as().get("/api/v1/kyc/lookups").then().body("size()", equalTo(100));
        m.as().get("/api/v1/kyc/lookups?limit=1000").then().body("size()", equalTo(500));
        m.as().get("/api/v1/kyc/lookups?limit=500").then().body("size()", equalTo(500))
                .body("source", everyItem(equalTo("cache")));
    }

    // --- catalogue, pricing, settings ------------------------------------------------------------------------

    @Test
    void the_catalogue_lists_every_check_with_fields_and_options() {
        Merchant m = TestMerchants.onboard();
        JsonPath c = m.as().get("/api/v1/kyc/checks").then().statusCode(200).extract().jsonPath();
        List<String> keys = c.getList("key");
        for (String k : new String[]{"national_id_ke", "passport_ke", "nin", "bvn_basic", "bvn", "national_id_gh",
                "national_id_ug", "national_id_ci", "national_id_sl", "national_id_zm", "national_id_za", "voter_id_tz",
                "resident_card_ci", "passport_gh", "passport_ng", "kra_pin", "tin_global", "company_global",
                "kra_pin_from_id_ke", "tin_ng", "tin_from_nin_ng", "scuml_ng", "phone", "phone_ng",
                "phone_status_global", "bank_account_ke", "bank_account_ng"}) {
            assertTrue(keys.contains(k), k);
        }
        m.as().get("/api/v1/kyc/checks").then()
                .body("find { it.key == 'tin_global' }.country", equalTo("GLOBAL"))
                .body("find { it.key == 'tin_global' }.fields.find { it.name == 'country' }.options", hasItem(
                        Map.of("value", "KE", "label", "Kenya")))
                .body("find { it.key == 'nin' }.fields[0].name", equalTo("number_nin"))
                .body("find { it.key == 'nin' }.fields[0].required", equalTo(true))
                .body("find { it.key == 'nin' }.fields[0].hint", notNullValue())
                .body("find { it.key == 'nin' }.fields[0]", not(hasKey("options")))
                .body("find { it.key == 'bank_account_ng' }.fields.find { it.name == 'bank_code' }.options.value",
                        hasItem("058"))
                .body("find { it.key == 'phone' }.category", equalTo("phone"))
                .body("find { it.key == 'bvn' }.category", equalTo("bank_id"))
                .body("find { it.key == 'scuml_ng' }.category", equalTo("company"))
                .body("find { it.key == 'national_id_ke' }.label", notNullValue())
                .body("find { it.key == 'national_id_ke' }.description", notNullValue());
    }

    @Test
    void pricing_shows_entitlement_and_every_price() {
        Merchant m = TestMerchants.onboard();
        m.as().get("/api/v1/kyc/pricing").then().statusCode(200)
                .body("platform", equalTo(false)).body("allowed", equalTo(false)).body("reason", equalTo("not_enabled"));
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200)
                .body("mode", equalTo("platform")).body("platform", equalTo(true));
        m.as().get("/api/v1/kyc/pricing").then().statusCode(200)
                .body("platform", equalTo(true)).body("allowed", equalTo(false))
                .body("reason", equalTo("insufficient_balance"))
                .body("message", equalTo("insufficient service wallet balance"));
        TestMerchants.fund(m, "500");
        m.as().get("/api/v1/kyc/pricing").then().statusCode(200)
                .body("allowed", equalTo(true)).body("$", not(hasKey("reason")))
                .body("billing_mode", equalTo("service_wallet")).body("currency", equalTo("KES"))
                .body("balance", equalTo(500.0f)).body("message", notNullValue())
                .body("prices.company_global.live", equalTo(1305.0f))
                .body("prices.company_global.cached", equalTo(20.0f))
                .body("prices.bank_account_ng.live", equalTo(25.0f))
                .body("prices.passport_ke.live", equalTo(50.0f))
                .body("prices.size()", equalTo(27));
    }

    @Test
    void settings_switch_modes_and_own_key_checks_are_free() {
        Merchant m = TestMerchants.onboard();
        m.as().get("/api/v1/kyc/settings").then().statusCode(200).body("mode", equalTo("off"))
                .body("platform", equalTo(false));
        m.as().body(Map.of("mode", "own_key")).put("/api/v1/kyc/settings").then().statusCode(400)
                .body("reason", equalTo("invalid_request")).body("error", equalTo("provider_key is required for own_key"));
        m.as().body(Map.of("mode", "own_key", "provider_key", " ")).put("/api/v1/kyc/settings").then().statusCode(400);
        m.as().body(Map.of("mode", "sometimes")).put("/api/v1/kyc/settings").then().statusCode(400)
                .body("error", equalTo("mode must be one of: off, platform, own_key"));
        m.as().body(Map.of("mode", "own_key", "provider_key", "085:my-smile-key")).put("/api/v1/kyc/settings")
                .then().statusCode(200).body("mode", equalTo("own_key")).body("platform", equalTo(false));
        m.as().get("/api/v1/kyc/settings").then().body("mode", equalTo("own_key"));
        m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("charge_status", equalTo("free")).body("charged_amount", equalTo(0.0f));
        m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("cached", equalTo(true)).body("charge_status", equalTo("free"));
        m.as().get("/api/v1/kyc/pricing").then().body("platform", equalTo(false)).body("allowed", equalTo(true));
        m.as().body(Map.of("mode", "off")).put("/api/v1/kyc/settings").then().statusCode(200);
        m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(412);
    }

    @Test
    void every_endpoint_requires_credentials() {
        io.restassured.RestAssured.given().get("/api/v1/kyc/checks").then().statusCode(401)
                .body("reason", equalTo("unauthenticated"));
        io.restassured.RestAssured.given().body("{}").post("/api/v1/kyc/verify/nin").then().statusCode(401);
    }

    @Test
    void the_demo_merchant_runs_on_the_platform_key() {
        io.restassured.RestAssured.given().auth().preemptive().basic("demo", "demo-secret")
                .get("/api/v1/kyc/settings").then().statusCode(200).body("mode", equalTo("platform"));
    }
}

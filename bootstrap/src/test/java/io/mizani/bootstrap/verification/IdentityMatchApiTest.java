package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The identity match through verify (platform.md section 13). */
@QuarkusTest
class IdentityMatchApiTest {

    static Map<String, Object> body(String number, Map<String, String> match) {
        Map<String, Object> b = new HashMap<>();
        b.put("number", number);
        if (match != null) {
            b.put("match", match);
        }
        return b;
    }

    @Test
    void a_verify_with_match_carries_the_verdicts_and_score() {
        Merchant m = platformMerchant("500");
        // learn the subject the registry returns for this identifier
        JsonPath first = m.as().body(body("23456712", null)).post("/api/v1/kyc/verify/national_id_ke").then()
                .statusCode(200).body("$", not(hasKey("match"))).extract().jsonPath();
        String given = first.getString("data.first_name");
        String family = first.getString("data.last_name");
        String dob = first.getString("data.date_of_birth");
        assertEquals("1990-01-13", dob); // 12 mod 28 + 1

        // typed in another case, with accents and swapped fields: still exact
        m.as().body(body("23456712", Map.of("first_name", family.toUpperCase(), "last_name", " " + given + " ",
                        "date_of_birth", dob)))
                .post("/api/v1/kyc/verify/national_id_ke?fresh=true").then().statusCode(200)
                .body("match.score", equalTo(100))
                .body("match.first_name", equalTo("exact"))
                .body("match.last_name", equalTo("exact"))
                .body("match.date_of_birth", equalTo("exact"));

        // an initial, a misspelt surname, day and month swapped
        m.as().body(body("23456712", Map.of("first_name", given.charAt(0) + ".", "last_name", family + "e",
                        "date_of_birth", dob)))
                .post("/api/v1/kyc/verify/national_id_ke?fresh=true").then().statusCode(200)
                .body("match.first_name", equalTo("partial"))
                .body("match.date_of_birth", equalTo("exact"));

        // only a date, wrong: mismatch, score 0, names not provided
        m.as().body(body("23456712", Map.of("date_of_birth", "1985-06-30")))
                .post("/api/v1/kyc/verify/national_id_ke?fresh=true").then().statusCode(200)
                .body("match.score", equalTo(0))
                .body("match.first_name", equalTo("not_provided"))
                .body("match.last_name", equalTo("not_provided"))
                .body("match.date_of_birth", equalTo("mismatch"));
    }

    @Test
    void a_cached_replay_computes_its_own_match_and_match_is_not_in_the_cache_key() {
        Merchant m = platformMerchant("500");
        JsonPath live = m.as().body(body("34567803", Map.of("first_name", "Nobody", "last_name", "Atall")))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("cached", equalTo(false))
                .body("match.first_name", equalTo("mismatch"))
                .body("match.last_name", equalTo("mismatch"))
                .body("match.date_of_birth", equalTo("not_provided"))
                .body("match.score", equalTo(0))
                .extract().jsonPath();
        String given = live.getString("data.first_name");
        String family = live.getString("data.last_name");
        float afterLive = balance(m);
        // same check and identifier, another match: a replay of the cached result, with its own verdicts
        m.as().body(body("34567803", Map.of("first_name", given, "last_name", family, "date_of_birth", "1990-04-01")))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("cached", equalTo(true))
                .body("source", equalTo("cache"))
                .body("match.first_name", equalTo("exact"))
                .body("match.last_name", equalTo("exact"))
                .body("match.date_of_birth", equalTo("partial")) // registry 1990-01-04, day and month swapped
                .body("match.score", equalTo(85));
        assertEquals(afterLive - 20f, balance(m), "the cached price");
        // a replay without match carries none
        m.as().body(body("34567803", null)).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("cached", equalTo(true)).body("$", not(hasKey("match")));
    }

    @Test
    void a_result_without_a_registry_record_says_not_returned() {
        Merchant m = platformMerchant("500");
        m.as().body(body("45678900", Map.of("first_name", "Ada", "date_of_birth", "1990-01-01")))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200)
                .body("status", equalTo("not_verified"))
                .body("match.first_name", equalTo("not_returned"))
                .body("match.last_name", equalTo("not_provided"))
                .body("match.date_of_birth", equalTo("not_returned"))
                .body("match.score", equalTo(0));
    }

    @Test
    void a_malformed_match_is_400_after_the_earlier_refusals() {
        Merchant m = platformMerchant("500");
        m.as().body(body("23456712", Map.of("date_of_birth", "13/01/1990")))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(400)
                .body("reason", equalTo("invalid_request"))
                .body("error", equalTo("match.date_of_birth must be a date in YYYY-MM-DD format"));
        m.as().body("{\"number\": \"23456712\", \"match\": \"Ada\"}")
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(400)
                .body("error", equalTo("match must be an object"));
        m.as().body("{\"number\": \"23456712\", \"match\": {\"first_name\": 7}}")
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(400)
                .body("error", equalTo("match.first_name must be a string"));
        // an unknown check is still 404 first
        m.as().body("{\"number\": \"23456712\", \"match\": 5}").post("/api/v1/kyc/verify/no_such").then().statusCode(404);
        assertEquals(500f, balance(m), "nothing charged");
    }
}

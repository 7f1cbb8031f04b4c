package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

@QuarkusTest
class IdempotencyTest {

    @jakarta.inject.Inject
    javax.sql.DataSource ds;

    @jakarta.inject.Inject
    io.mizani.application.idempotency.IdempotencyService idempotency;

    private int ageKey(Merchant m, String key) throws Exception {
        try (var c = ds.getConnection(); var ps = c.prepareStatement("UPDATE idempotency_keys SET created_at = "
                + "created_at - interval '25 hours' WHERE account_id = ? AND idempotency_key = ?")) {
            ps.setLong(1, m.accountId());
            ps.setString(2, key);
            return ps.executeUpdate();
        }
    }

    private int count(Merchant m, String key) throws Exception {
        try (var c = ds.getConnection(); var ps = c.prepareStatement(
                "SELECT count(*) FROM idempotency_keys WHERE account_id = ? AND idempotency_key = ?")) {
            ps.setLong(1, m.accountId());
            ps.setString(2, key);
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    @Test
    void keys_are_kept_24_hours_then_forgotten_and_purged() throws Exception {
        Merchant m = platformMerchant("1000");
        String key = UUID.randomUUID().toString();
        m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200);
        assertEquals(1, ageKey(m, key));
        // older than 24 h: the key no longer binds, another body runs
        m.as().header("Idempotency-Key", key).body(Map.of("number", "55555555")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).header("Idempotent-Replayed", org.hamcrest.Matchers.nullValue());
        assertEquals(1, ageKey(m, key));
        idempotency.purgeExpired();
        assertEquals(0, count(m, key));
    }

    @Test
    void a_malformed_key_is_refused_in_the_surface_shape() {
        Merchant m = platformMerchant("1000");
        m.as().header("Idempotency-Key", "x".repeat(256)).body(Map.of("number", "44444444"))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(400)
                .body("reason", equalTo("invalid_request"));
        assertEquals(1000f, balance(m));
    }

    @Test
    void a_repeat_with_the_same_key_and_body_replays_the_first_response_without_a_second_charge() {
        Merchant m = platformMerchant("1000");
        String key = UUID.randomUUID().toString();
        Response first = m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444"))
                .post("/api/v1/kyc/verify/national_id_ke");
        first.then().statusCode(200);
        Response again = m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444"))
                .post("/api/v1/kyc/verify/national_id_ke");
        again.then().statusCode(200).header("Idempotent-Replayed", "true");
        assertEquals(first.jsonPath().getString("lookup_id"), again.jsonPath().getString("lookup_id"));
        assertEquals(first.jsonPath().getMap("$"), again.jsonPath().getMap("$"));
        assertEquals(960f, balance(m));
        assertEquals(1, m.as().get("/api/v1/kyc/lookups").then().extract().jsonPath().getList("$").size());
    }

    @Test
    void a_refusal_is_replayed_too_and_keys_are_per_merchant() {
        Merchant m = platformMerchant("0");
        String key = UUID.randomUUID().toString();
        m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(402);
        m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(402).header("Idempotent-Replayed", "true")
                .body("reason", equalTo("insufficient_balance"));
        Merchant other = platformMerchant("1000");
        other.as().header("Idempotency-Key", key).body(Map.of("number", "44444444"))
                .post("/api/v1/kyc/verify/national_id_ke").then().statusCode(200);
    }

    @Test
    void the_same_key_with_another_body_is_422() {
        Merchant m = platformMerchant("1000");
        String key = UUID.randomUUID().toString();
        m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200);
        m.as().header("Idempotency-Key", key).body(Map.of("number", "55555555")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(422).body("reason", equalTo("idempotency_key_reused"));
        m.as().header("Idempotency-Key", key).body(Map.of("number", "44444444")).post("/api/v1/kyc/verify/nin")
                .then().statusCode(422);
    }

    @Test
    void a_repeat_while_the_first_is_running_is_409_and_a_5xx_is_replayed_not_run_again() throws Exception {
        Merchant m = platformMerchant("1000");
        String key = UUID.randomUUID().toString();
        // ...98: the sandbox provider answers only after the provider timeout (a 502 in the end)
        CompletableFuture<Integer> slow = CompletableFuture.supplyAsync(() -> m.as().header("Idempotency-Key", key)
                .body(Map.of("number", "12345698")).post("/api/v1/kyc/verify/national_id_ke").then().extract().statusCode());
        Thread.sleep(150);
        m.as().header("Idempotency-Key", key).body(Map.of("number", "12345698")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(409).body("reason", equalTo("idempotency_key_in_progress"));
        assertEquals(502, slow.get());
        // the 502 is the first response: a repeat replays it without calling the provider again
        m.as().header("Idempotency-Key", key).body(Map.of("number", "12345698")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(502).header("Idempotent-Replayed", "true");
        assertEquals(1000f, balance(m));
    }
}

package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * A check's Idempotency-Key commits with its charge: a retry after a crash past that commit answers the call that
 * was charged (once settled), never runs or charges it again (docs/operations.md, chaos run 4).
 */
@QuarkusTest
class IdempotencyRecoveryCheckTest {

    @Inject
    DataSource ds;

    private void sql(String sql, Object... args) throws Exception {
        try (var c = ds.getConnection(); var ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            assertEquals(1, ps.executeUpdate());
        }
    }

    /** The key as a kill -9 between the charge's commit and the stored answer leaves it, its lease expired. */
    private void crashBeforeTheAnswerWasStored(Merchant m, String key) throws Exception {
        sql("UPDATE idempotency_keys SET state = 'in_flight', response_status = NULL, response_body = NULL, "
                + "locked_at = locked_at - interval '1 hour' WHERE account_id = ? AND idempotency_key = ?",
                m.accountId(), key);
    }

    private static Response verify(Merchant m, String key, String number) {
        return m.as().header("Idempotency-Key", key).body(Map.of("number", number))
                .post("/api/v1/kyc/verify/national_id_ke");
    }

    @Test
    void a_retry_after_a_crash_past_the_charge_answers_the_charged_call_without_a_second_charge() throws Exception {
        Merchant m = platformMerchant("1000");
        Merchant other = platformMerchant("1000");
        String key = "crash-" + UUID.randomUUID();
        Response first = verify(m, key, "44444444");
        first.then().statusCode(200);
        assertEquals(960f, balance(m));
        crashBeforeTheAnswerWasStored(m, key);

        Response retry = verify(m, key, "44444444");
        assertEquals(200, retry.statusCode(), retry.asString());
        assertEquals(first.jsonPath().getMap(""), retry.jsonPath().getMap(""));
        assertEquals(960f, balance(m));
        verify(m, key, "44444444").then().statusCode(200).header("Idempotent-Replayed", "true")
                .body("lookup_id", equalTo(first.jsonPath().getString("lookup_id")));

        // another merchant's same key is its own call and its own charge
        Response theirs = verify(other, key, "44444444");
        theirs.then().statusCode(200);
        assertNotEquals(first.jsonPath().getString("lookup_id"), theirs.jsonPath().getString("lookup_id"));
        assertEquals(960f, balance(other));
        assertEquals(960f, balance(m));
    }

    @Test
    void a_retry_while_the_charged_call_is_still_unsettled_is_409_and_answers_it_once_settled() throws Exception {
        Merchant m = platformMerchant("1000");
        String key = "crash-" + UUID.randomUUID();
        Response first = verify(m, key, "44444444");
        first.then().statusCode(200);
        String lookupId = first.jsonPath().getString("lookup_id");
        // died between the charge and the provider's answer: the call is still in flight
        crashBeforeTheAnswerWasStored(m, key);
        sql("UPDATE verification_lookups SET settled = false, status = NULL WHERE lookup_id = ?", lookupId);

        verify(m, key, "44444444").then().statusCode(409).body("reason", equalTo("idempotency_key_in_progress"));
        assertEquals(960f, balance(m));
        // settled (by the sweeper, say); the next takeover answers it
        sql("UPDATE verification_lookups SET settled = true, status = 'verified' WHERE lookup_id = ?", lookupId);
        sql("UPDATE idempotency_keys SET locked_at = locked_at - interval '1 hour' "
                + "WHERE account_id = ? AND idempotency_key = ? AND state = 'in_flight'", m.accountId(), key);
        Response retry = verify(m, key, "44444444");
        assertEquals(200, retry.statusCode(), retry.asString());
        assertEquals(first.jsonPath().getMap(""), retry.jsonPath().getMap(""));
        assertEquals(960f, balance(m));
    }
}

package io.mizani.bootstrap.verification;

import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * An Idempotency-Key whose request was refused for a moment (503 {@code unavailable} with {@code Retry-After: 1}: the
 * merchant's charge gate was full) is released, so the client's retry with the same key runs instead of replaying the
 * refusal for 24 hours (platform.md sections 8 and 11). One permit per merchant and a short queue wait; the one
 * charge in flight is held on the wallet's rows by a lock this test takes.
 */
@QuarkusTest
@TestProfile(IdempotencyRetryLaterTest.OnePermit.class)
class IdempotencyRetryLaterTest {

    public static class OnePermit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mizani.verification.charges-in-flight-per-merchant", "1",
                    "mizani.verification.charge-queue-wait", "PT0.3S");
        }
    }

    private static Connection connect() throws Exception {
        Config config = ConfigProvider.getConfig();
        return DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getOptionalValue("quarkus.datasource.password", String.class).orElse(""));
    }

    private static Response verify(Merchant m, String key, String number) {
        var request = m.as();
        if (key != null) {
            request = request.header("Idempotency-Key", key);
        }
        return request.body(Map.of("number", number)).post("/api/v1/kyc/verify/national_id_ke");
    }

    @Test
    void a_503_retry_later_releases_the_key_and_the_retry_with_it_runs_once() throws Exception {
        Merchant m = platformMerchant("1000");
        Merchant other = platformMerchant("1000");
        String key = UUID.randomUUID().toString();
        CompletableFuture<Response> holder;
        try (Connection lock = connect()) {
            lock.setAutoCommit(false);
            try (var ps = lock.prepareStatement(
                    "SELECT slot FROM service_wallet_slots WHERE account_id = ? FOR UPDATE")) {
                ps.setLong(1, m.accountId());
                ps.executeQuery().close();
            }
            // a charge without a key takes the merchant's only permit and waits on the wallet's rows
            holder = CompletableFuture.supplyAsync(() -> verify(m, null, "44444444"));
            long deadline = System.currentTimeMillis() + 20_000;
            while (!waitingOnALock(lock) && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(waitingOnALock(lock), "the first charge never reached the wallet's rows");

            verify(m, key, "55555555").then().statusCode(503).header("Retry-After", "1")
                    .body("reason", equalTo("unavailable"));
            lock.rollback();
        }
        holder.get(30, TimeUnit.SECONDS).then().statusCode(200);
        float afterFirst = balance(m);

        // the retry with the same key runs (not a replay of the 503) and charges once
        Response retried = verify(m, key, "55555555");
        retried.then().statusCode(200).header("Idempotent-Replayed", nullValue())
                .body("charge_status", equalTo("charged"));
        float afterRetry = balance(m);
        assertTrue(afterRetry < afterFirst, "the retry was charged");
        // and from now on the key replays that answer, without a second charge
        Response replayed = verify(m, key, "55555555");
        replayed.then().statusCode(200).header("Idempotent-Replayed", "true");
        assertEquals(retried.jsonPath().getString("lookup_id"), replayed.jsonPath().getString("lookup_id"));
        assertEquals(afterRetry, balance(m));

        // another merchant's same key is its own
        Response others = verify(other, key, "55555555");
        others.then().statusCode(200).header("Idempotent-Replayed", nullValue());
        assertNotEquals(retried.jsonPath().getString("lookup_id"), others.jsonPath().getString("lookup_id"));
    }

    private static boolean waitingOnALock(Connection c) throws Exception {
        try (var ps = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                + "AND pid <> pg_backend_pid()"); var rs = ps.executeQuery()) {
            rs.next();
            return rs.getInt(1) > 0;
        }
    }
}

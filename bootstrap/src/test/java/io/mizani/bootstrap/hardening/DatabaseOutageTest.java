package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import io.mizani.adapter.persistence.embedded.EmbeddedPostgres;
import io.mizani.bootstrap.payment.RailStubs;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * platform.md section 11: PostgreSQL out of reach answers 503 {@code unavailable} with {@code Retry-After: 1} on every
 * surface, never a 500, and the service recovers by itself when the database is back. The real embedded server is
 * stopped and started again on the same port; under a profile (the rail stubs', whose settings touch nothing here:
 * {@link RailStubs}), so the tests without a profile never run on the application it took the database from.
 */
@QuarkusTest
@TestProfile(RailStubs.class)
class DatabaseOutageTest {

    private static final Path DATA = Path.of("target", "pg-test").toAbsolutePath();

    @Test
    void database_down_is_503_unavailable_with_retry_after_and_the_service_recovers_by_itself() throws Exception {
        Merchant m = TestMerchants.onboard();
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200);
        String url = ConfigProvider.getConfig().getValue("quarkus.datasource.jdbc.url", String.class);
        int port = URI.create(url.substring("jdbc:".length())).getPort();

        EmbeddedPostgres.stopCluster(DATA);
        try {
            m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(503).header("Retry-After", "1")
                    .body("error_code", equalTo("unavailable")).body("status_code", equalTo(503))
                    .body(not(containsString("SQL"))).body(not(containsString("Exception")));
            m.as().get("/api/global/beneficiaries").then().statusCode(503).header("Retry-After", "1")
                    .body("error_code", equalTo("unavailable"));
            m.as().get("/api/v1/kyc/lookups").then().statusCode(503).header("Retry-After", "1")
                    .body("reason", equalTo("unavailable"));
            TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(503)
                    .header("Retry-After", "1").body("error_code", equalTo("unavailable"));
            // a credential the replica has not seen needs the database to be judged: 503, not 401 or 500
            given().auth().preemptive().basic("never-seen-" + System.nanoTime(), "x").get("/api/v2/ping").then()
                    .statusCode(503).header("Retry-After", "1");
            TestMerchants.asOperator().body(Map.of("amount", 10, "reference", "outage-" + System.nanoTime()))
                    .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits").then().statusCode(503);
        } finally {
            EmbeddedPostgres.start(DATA, port);
        }

        // recovers by itself: within a few seconds every request succeeds again (broken pooled connections replaced)
        long deadline = System.currentTimeMillis() + 30_000;
        int consecutive = 0;
        while (consecutive < 50 && System.currentTimeMillis() < deadline) {
            int status = m.as().get("/api/v2/account/" + m.accountId()).statusCode();
            assertTrue(status == 200 || status == 503, "status " + status);
            consecutive = status == 200 ? consecutive + 1 : 0;
        }
        assertTrue(consecutive >= 50, "the service did not recover within 30 s");
        Merchant after = TestMerchants.onboard();
        after.as().get("/api/v2/account/" + after.accountId()).then().statusCode(200);
        after.as().get("/api/v2/account/" + m.accountId()).then().statusCode(404);
    }
}

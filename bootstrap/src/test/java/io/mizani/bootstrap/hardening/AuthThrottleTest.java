package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * platform.md section 11's 429 rule with its default numbers (the rest of the suite runs with a high limit, since all
 * tests come from one address), and the per-merchant request budget switched on. Its own profile, so the blocked
 * address (this machine) is forgotten when the application restarts for the next test class.
 */
@QuarkusTest
@TestProfile(AuthThrottleTest.Defaults.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AuthThrottleTest {

    public static class Defaults implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mizani.edge.auth-failure-limit", "20", "mizani.edge.merchant-rate-limit", "5",
                    "mizani.edge.request-read-timeout", "PT2S");
        }
    }

    @jakarta.inject.Inject
    io.mizani.adapter.rest.common.EdgeGuard edge;
    @jakarta.inject.Inject
    io.mizani.adapter.persistence.common.Sql sql;

    /**
     * Failed authentications are shared through PostgreSQL (auth_failures): the other test classes' failures from this
     * address (counted under their high limit) must not count here, and this class's block must not outlive it.
     */
    @org.junit.jupiter.api.BeforeEach
    @org.junit.jupiter.api.AfterEach
    void forgetSharedFailures() throws InterruptedException {
        SharedAuthThrottleTest.clear(edge, sql);
    }

    @Test
    @Order(1)
    void a_merchant_past_its_request_budget_gets_429_with_rate_limit_headers_and_others_do_not() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        for (int i = 0; i < 5; i++) {
            m.as().get("/api/v2/ping").then().statusCode(200).header("RateLimit-Limit", "5")
                    .header("RateLimit-Remaining", Integer.toString(4 - i));
        }
        var refused = m.as().get("/api/v2/ping").then().statusCode(429).body("error_code", equalTo("rate_limited"))
                .header("RateLimit-Remaining", "0").extract();
        long retry = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retry >= 1 && retry <= 60, "Retry-After " + retry);
        other.as().get("/api/v2/ping").then().statusCode(200).header("RateLimit-Remaining", "4");
        // the operator is not counted
        for (int i = 0; i < 7; i++) {
            TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200);
        }
    }

    @Test
    @Order(2)
    void a_client_trickling_its_body_a_byte_at_a_time_is_cut_at_the_read_timeout() throws Exception {
        Merchant m = TestMerchants.onboard();
        String auth = java.util.Base64.getEncoder().encodeToString((m.username() + ":" + m.password())
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (java.net.Socket s = new java.net.Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            var out = s.getOutputStream();
            out.write(("POST /api/global/beneficiaries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth
                    + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();
            boolean cut = false;
            for (int i = 0; i < 20 && !cut; i++) {
                Thread.sleep(500);
                try {
                    out.write('a');
                    out.flush();
                } catch (java.io.IOException e) {
                    cut = true;
                }
                if (!cut && s.getInputStream().available() == 0) {
                    s.setSoTimeout(1);
                    try {
                        cut = s.getInputStream().read() == -1;
                    } catch (java.net.SocketTimeoutException stillOpen) {
                        // the connection is still open
                    } catch (java.io.IOException e) {
                        cut = true;
                    }
                    s.setSoTimeout(10_000);
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(cut, "the trickling connection was not closed");
            assertTrue(seconds >= 1.5 && seconds < 6, "closed after " + seconds + " s");
        }
    }

    @TestHTTPResource("/")
    java.net.URL base;

    @Test
    @Order(3)
    void requests_without_credentials_do_not_count_as_failures() {
        for (int i = 0; i < 30; i++) {
            given().get("/api/v2/ping").then().statusCode(401);
        }
        TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200);
    }

    @Test
    @Order(4)
    void more_than_20_failed_logins_api_or_console_in_a_minute_block_the_address_for_a_minute_on_both() {
        for (int i = 0; i < 20; i++) {
            String who = i % 2 == 0 ? "operator" : "nobody-" + i;
            if (i % 5 == 4) { // a fifth of them are failed sign-ins in the console's form: the same throttle
                given().redirects().follow(false).header("Accept", "text/html").formParam("username", who)
                        .formParam("password", "wrong-" + i).post("/console/sign-in").then().statusCode(401);
                continue;
            }
            // a third of the others are failed console logins by HTTP Basic: they count toward the same throttle
            String path = i % 3 == 2 ? "/console" : "/api/admin/account_kycs?status=pending";
            given().auth().preemptive().basic(who, "wrong-" + i).redirects().follow(false).get(path).then()
                    .statusCode(401);
        }
        // 20 failures: still allowed, on the API and on the console
        TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200);
        given().auth().preemptive().basic("operator", TestMerchants.OPERATOR_PASSWORD).redirects().follow(false)
                .get("/console").then().statusCode(200);
        // the 21st failure (a console sign-in) blocks
        given().auth().preemptive().basic("operator", "wrong-21").redirects().follow(false).get("/console/kyc").then()
                .statusCode(401);
        var blocked = TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(429)
                .body("error_code", equalTo("rate_limited")).extract();
        long retry = Long.parseLong(blocked.header("Retry-After"));
        assertTrue(retry > 50 && retry <= 60, "Retry-After " + retry);
        given().auth().preemptive().basic("demo", "demo-secret").get("/api/v1/kyc/checks").then().statusCode(429)
                .body("reason", equalTo("rate_limited"));
        assertEquals(429, given().get("/api/v2/ping").statusCode());
        // probes are not API calls: still answered
        given().get("/q/health/live").then().statusCode(200);
        // and the console refuses the blocked address too, the right operator login included
        var console = given().auth().preemptive().basic("operator", TestMerchants.OPERATOR_PASSWORD).redirects()
                .follow(false).get("/console").then().statusCode(429).extract();
        long consoleRetry = Long.parseLong(console.header("Retry-After"));
        assertTrue(consoleRetry > 0 && consoleRetry <= 60, "Retry-After " + consoleRetry);
        assertTrue(console.asString().contains("Too many failed"), console.asString());
        given().auth().preemptive().basic("operator", TestMerchants.OPERATOR_PASSWORD).redirects().follow(false)
                .formParam("amount", "1").post("/console/accounts/1/service-wallet/credits").then().statusCode(429);
        // the sign-in form too, with the right login
        given().redirects().follow(false).header("Accept", "text/html").formParam("username", "operator")
                .formParam("password", TestMerchants.OPERATOR_PASSWORD).post("/console/sign-in").then().statusCode(429);
    }
}

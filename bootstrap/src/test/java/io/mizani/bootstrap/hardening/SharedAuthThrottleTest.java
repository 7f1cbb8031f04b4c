package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.mizani.adapter.persistence.common.Sql;
import io.mizani.adapter.rest.common.AuthFailureThrottle;
import io.mizani.adapter.rest.common.EdgeGuard;
import io.mizani.application.tenancy.FailedAuthentications;
import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;

/**
 * platform.md section 11 across replicas: the failed authentications of one address count together whichever
 * replica answered them (table auth_failures, V21). The second replica is a second {@link AuthFailureThrottle} on the
 * same table, as another pod would hold one; the race is concurrent statements on the real PostgreSQL.
 */
@QuarkusTest
@TestProfile(SharedAuthThrottleTest.Defaults.class)
class SharedAuthThrottleTest {

    public static class Defaults implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mizani.edge.auth-failure-limit", "20");
        }
    }

    static final FailedAuthentications.Rule RULE = new FailedAuthentications.Rule(20, Duration.ofMinutes(1),
            Duration.ofMinutes(1));

    @Inject
    FailedAuthentications table;
    @Inject
    EdgeGuard edge;
    @Inject
    Sql sql;

    @BeforeEach
    @AfterEach
    void forgetEveryAddress() throws InterruptedException {
        clear(edge, sql);
    }

    /** Empties the table once the edge has sent what it counted (else its next sync would write it back). */
    static void clear(EdgeGuard edge, Sql sql) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (edge.authFailures() != null && edge.authFailures().pendingFailures() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
        sql.use(h -> h.createUpdate("DELETE FROM auth_failures").execute());
    }

    @Test
    void failures_answered_by_two_replicas_block_the_address_on_both_after_21_in_all() throws Exception {
        // this replica answers 11 wrong logins: below its own limit
        for (int i = 0; i < 11; i++) {
            given().auth().preemptive().basic("operator", "wrong-" + i).get("/api/admin/account_kycs?status=pending")
                    .then().statusCode(401);
        }
        TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200);
        // another replica answered 10 from the same address: 21 in all
        AuthFailureThrottle other = new AuthFailureThrottle(20, Duration.ofMinutes(1), Duration.ofMinutes(1),
                System::nanoTime);
        for (int i = 0; i < 10; i++) {
            assertFalse(other.failure("127.0.0.1"), "10 are below the other replica's own limit");
        }
        awaitSent();
        other.sync(table);
        assertTrue(other.blockedForSeconds("127.0.0.1") > 50, "the other replica sees the block at once");

        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        int status;
        do {
            Thread.sleep(100);
            status = TestMerchants.asOperator().get("/api/admin/account_kycs?status=pending").statusCode();
        } while (status != 429 && System.nanoTime() < deadline);
        assertEquals(429, status, "this replica refuses the address within a second or so, right credentials included");
        var blocked = given().auth().preemptive().basic("demo", "demo-secret").get("/api/v1/kyc/checks").then()
                .statusCode(429).body("reason", equalTo("rate_limited")).extract();
        long retry = Long.parseLong(blocked.header("Retry-After"));
        assertTrue(retry > 50 && retry <= 60, "Retry-After " + retry);
        given().get("/q/health/ready").then().statusCode(200);
    }

    @Test
    void concurrent_failures_on_many_replicas_are_all_counted_exactly_once() throws Exception {
        // 20 at once: none blocks; 21 at once: exactly one of them blocks (the one that made 21)
        assertEquals(0, concurrently("192.0.2.20", 20));
        assertTrue(table.blocked().isEmpty());
        assertEquals(1, concurrently("192.0.2.21", 21));
        Map<String, Long> blocked = table.blocked();
        assertEquals(List.of("192.0.2.21"), List.copyOf(blocked.keySet()));
        assertTrue(blocked.get("192.0.2.21") > 50 && blocked.get("192.0.2.21") <= 60, "blocked for a minute: " + blocked);
        // a batch from one replica counts as its number of failures
        assertEquals(0, table.add("192.0.2.30", 15, RULE));
        assertTrue(table.add("192.0.2.30", 6, RULE) > 50);
    }

    /** Adds one failure of {@code address} from each of {@code n} threads at once; answers how many were told "blocked". */
    private int concurrently(String address, int n) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                results.add(pool.submit(() -> {
                    start.await();
                    return table.add(address, 1, RULE);
                }));
            }
            start.countDown();
            int blocking = 0;
            for (int i = 0; i < n; i++) {
                long seconds = results.get(i).get();
                if (seconds > 0) {
                    blocking++;
                }
            }
            return blocking;
        } finally {
            pool.shutdownNow();
        }
    }

    private void awaitSent() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (edge.authFailures().pendingFailures() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        Thread.sleep(300);
    }
}

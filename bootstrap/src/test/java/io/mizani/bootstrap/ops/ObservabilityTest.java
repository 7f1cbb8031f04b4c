package io.mizani.bootstrap.ops;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/** What an operator scrapes and probes: pool metrics, business gauges, the workers' liveness check. */
@QuarkusTest
class ObservabilityTest {

    @Test
    void metrics_carry_pool_and_business_gauges() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!given().get("/q/metrics").asString().contains("mizani_outbox_depth") && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        given().get("/q/metrics").then()
                .statusCode(200)
                .body(containsString("agroal_"))
                .body(containsString("mizani_outbox_depth{queue=\"callback\"}"))
                .body(containsString("mizani_outbox_oldest_age_seconds{queue=\"payment\"}"));
    }

    @Test
    void liveness_reports_the_background_workers() {
        given().get("/q/health/live").then().statusCode(200)
                .body("checks.name", hasItem("background workers"));
    }
}

package io.mizani.bootstrap.payment;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Runs after a real restart: its test profile (the rail stubs', {@link RailStubs}, whose settings touch nothing here)
 * makes Quarkus stop the application and its embedded PostgreSQL
 * and start both again on the same files (tests without a profile, {@link CallbacksBeforeRestartTest}, run first).
 */
@QuarkusTest
@TestProfile(RailStubs.class)
class CallbacksSurviveRestartTest {

    @Test
    void a_pending_callback_is_delivered_after_the_restart_with_the_same_webhook_id() throws Exception {
        String saved = System.getProperty(CallbacksBeforeRestartTest.KEY);
        assertNotNull(saved, "CallbacksBeforeRestartTest must run before the restart (tests without a profile run first)");
        String[] p = saved.split(" ");
        String username = p[0], password = p[1], secret = p[2], ref = p[3], webhookId = p[4];
        int port = Integer.parseInt(p[5]);

        try (CallbackReceiver back = new CallbackReceiver(port)) {
            var delivered = back.await(r -> r.path().equals("/restart"), 1, Duration.ofSeconds(30)).get(0);
            assertEquals(webhookId, delivered.header("webhook-id"));
            delivered.verify(secret);
            assertTrue(delivered.body().contains("\"merchant_reference\":\"" + ref + "\""));
        }
        given().auth().preemptive().basic(username, password).contentType("application/json")
                .body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200);

        // every attempt is on record, as the merchant reads it: the two 500s before the restart, then the delivery
        List<Integer> codes = new ArrayList<>();
        String status = null;
        for (int i = 0; i < 50 && !"delivered".equals(status); i++) {
            var event = given().auth().preemptive().basic(username, password)
                    .get("/api/global/events/" + webhookId).then().statusCode(200).extract().jsonPath();
            status = event.getString("delivery.status");
            codes = event.getList("attempts.response_status");
            if (!"delivered".equals(status)) {
                Thread.sleep(100);
            }
        }
        assertEquals("delivered", status);
        assertTrue(codes.size() >= 3, "attempts: " + codes);
        assertEquals(500, codes.get(0));
        assertEquals(500, codes.get(1));
        assertEquals(200, codes.get(codes.size() - 1));
    }
}

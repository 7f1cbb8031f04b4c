package io.mizani.bootstrap.events;

import io.mizani.application.common.UnitOfWork;
import io.mizani.application.events.EventTypes;
import io.mizani.application.events.Events;
import io.mizani.application.events.PurgeEvents;
import io.mizani.application.teamkyc.Commands;
import io.mizani.application.teamkyc.ReviewTeamKyc;
import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.payment.PaymentFixtures;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.sql.DataSource;

import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Events as a merchant sees them (platform.md section 10): every callback is an event with its delivery state and
 * attempts; redelivery (also after failure) with the same webhook-id and a fresh, valid signature checked with the
 * official Standard Webhooks library; the webhook endpoint and its test send; account_kyc decision events; events
 * commit and roll back with the change they report; retention.
 */
@QuarkusTest
class EventsApiTest {

    static CallbackReceiver receiver;

    @Inject
    UnitOfWork unitOfWork;
    @Inject
    Events events;
    @Inject
    ReviewTeamKyc review;
    @Inject
    PurgeEvents purgeEvents;
    @Inject
    DataSource dataSource;

    @BeforeAll
    static void start() {
        receiver = new CallbackReceiver();
    }

    @AfterAll
    static void stop() {
        receiver.close();
    }

    private static Merchant merchantWithMpesa() {
        Merchant m = TestMerchants.onboard();
        PaymentFixtures.assign(m, "mpesa_ke");
        return m;
    }

    /** Waits until the merchant sees the event in {@code status}. */
    private static JsonPath awaitEvent(Merchant m, String id, String status) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        JsonPath last = null;
        while (System.nanoTime() < deadline) {
            last = m.as().get("/api/global/events/" + id).then().statusCode(200).extract().jsonPath();
            if (status.equals(last.getString("delivery.status"))) {
                return last;
            }
            sleep(50);
        }
        fail("event " + id + " never reached " + status + ": " + (last == null ? null : last.prettify()));
        return null;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void setEndpoint(Merchant m, String url) {
        m.as().body(Map.of("url", url)).put("/api/global/webhooks/endpoint").then().statusCode(200)
                .body("url", equalTo(url));
    }

    // ------------------------------------------------------------------ transaction callbacks as events

    @Test
    void callbacks_are_events_listed_newest_first_with_their_delivery_and_detailed_with_every_attempt() {
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            listedWithDeliveryAndAttempts(receiver);
        }
    }

    private static void listedWithDeliveryAndAttempts(CallbackReceiver receiver) {
        Merchant a = merchantWithMpesa();
        Merchant b = merchantWithMpesa();
        receiver.script.add(500); // the first callback to arrive is answered 500, then retried
        String okUrl = receiver.url("/list-" + a.accountId());
        var ok = PaymentFixtures.mpesa("payment", 100, "+254700000123", okUrl);
        a.as().body(ok).post("/api/global/payments").then().statusCode(200);
        var hits = receiver.await(r -> r.path().equals("/list-" + a.accountId()), 2, Duration.ofSeconds(20));
        String succeededId = hits.get(0).header("webhook-id");
        assertEquals(succeededId, hits.get(1).header("webhook-id"));
        String declinedUrl = receiver.url("/declined-" + a.accountId());
        a.as().body(PaymentFixtures.mpesa("payment", 100, "+254700000100", declinedUrl)).post("/api/global/payments")
                .then().statusCode(200);
        String failedId = receiver.await(r -> r.path().equals("/declined-" + a.accountId()), 1, Duration.ofSeconds(20))
                .get(0).header("webhook-id");
        awaitEvent(a, succeededId, "delivered");
        awaitEvent(a, failedId, "delivered");

        JsonPath list = a.as().get("/api/global/events").then().statusCode(200)
                .body("has_more", equalTo(false))
                .body("events.id", contains(failedId, succeededId)) // newest first
                .extract().jsonPath();
        assertEquals("transaction.failed", list.getString("events[0].type"));
        assertEquals("transaction.succeeded", list.getString("events[1].type"));
        assertEquals(Map.of("url", declinedUrl, "status", "delivered", "attempts", 1), Map.of(
                "url", list.getString("events[0].delivery.url"), "status", list.getString("events[0].delivery.status"),
                "attempts", list.getInt("events[0].delivery.attempts")));
        assertEquals(2, list.getInt("events[1].delivery.attempts"));
        assertEquals(200, list.getInt("events[1].delivery.last_response_status"));
        assertNotNull(list.getString("events[1].delivery.last_attempt_at"));
        assertNull(list.get("events[1].delivery.next_attempt_at"));
        assertTrue(((Map<?, ?>) list.get("events[1].delivery")).containsKey("next_attempt_at"));
        assertEquals(((Map<?, ?>) ok.get("payment_config")).get("reference"),
                list.getString("events[1].data.transaction.merchant_reference"));
        assertEquals("succeeded", list.getString("events[1].data.transaction.status"));
        assertEquals("failed", list.getString("events[0].data.transaction.status"));
        assertNotNull(list.getString("events[0].created_at"));
        // the data listed is the data that was sent
        assertEquals(JsonPath.from(hits.get(1).body()).getMap("data"), list.getMap("events[1].data"));

        // type filter and cursor pages
        a.as().queryParam("type", "transaction.succeeded").get("/api/global/events").then().statusCode(200)
                .body("events.id", contains(succeededId)).body("has_more", equalTo(false));
        a.as().queryParam("type", "account_kyc.approved").get("/api/global/events").then().statusCode(200)
                .body("events", empty());
        a.as().queryParam("limit", 1).get("/api/global/events").then().statusCode(200)
                .body("events.id", contains(failedId)).body("has_more", equalTo(true));
        a.as().queryParam("limit", 1).queryParam("starting_after", failedId).get("/api/global/events").then()
                .statusCode(200).body("events.id", contains(succeededId)).body("has_more", equalTo(false));

        // detail: every attempt, oldest first
        JsonPath detail = a.as().get("/api/global/events/" + succeededId).then().statusCode(200)
                .body("id", equalTo(succeededId))
                .body("type", equalTo("transaction.succeeded"))
                .body("delivery.status", equalTo("delivered"))
                .body("attempts", hasSize(2))
                .body("attempts[0].response_status", equalTo(500))
                .body("attempts[0].error", nullValue())
                .body("attempts[1].response_status", equalTo(200))
                .body("data.transaction.status", equalTo("succeeded"))
                .extract().jsonPath();
        assertTrue(detail.getLong("attempts[0].duration_ms") >= 0);
        assertTrue(Instant.parse(detail.getString("attempts[0].attempted_at"))
                .isBefore(Instant.parse(detail.getString("attempts[1].attempted_at"))));
        assertEquals(Map.of("attempted_at", true, "response_status", true, "error", true, "duration_ms", true),
                Map.of("attempted_at", detail.getMap("attempts[0]").containsKey("attempted_at"),
                        "response_status", detail.getMap("attempts[0]").containsKey("response_status"),
                        "error", detail.getMap("attempts[0]").containsKey("error"),
                        "duration_ms", detail.getMap("attempts[0]").containsKey("duration_ms")));

        // another merchant sees none of it
        b.as().get("/api/global/events/" + succeededId).then().statusCode(404)
                .body("error_code", equalTo("not_found")).body("status_code", equalTo(404));
        b.as().post("/api/global/events/" + succeededId + "/redeliver").then().statusCode(404)
                .body("error_code", equalTo("not_found"));
        b.as().get("/api/global/events").then().statusCode(200).body("events.id", not(hasItem(succeededId)));
        b.as().queryParam("starting_after", succeededId).get("/api/global/events").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        a.as().get("/api/global/events/msg_doesnotexist").then().statusCode(404);
    }

    @Test
    void a_malformed_or_unknown_filter_is_400_invalid_argument() {
        Merchant m = TestMerchants.onboard();
        for (Map<String, Object> q : List.<Map<String, Object>>of(Map.of("type", "transaction.pending"),
                Map.of("type", "TRANSACTION.SUCCEEDED"), Map.of("limit", 0), Map.of("limit", 101),
                Map.of("limit", "ten"), Map.of("starting_after", "msg_nothing"))) {
            m.as().queryParams(q).get("/api/global/events").then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("status_code", equalTo(400))
                    .body("error_message", not(emptyOrNullString()));
        }
        m.as().queryParam("limit", 100).get("/api/global/events").then().statusCode(200)
                .body("events", empty()).body("has_more", equalTo(false));
        io.restassured.RestAssured.given().get("/api/global/events").then().statusCode(401);
    }

    // ------------------------------------------------------------------ redelivery

    @Test
    void a_redelivery_sends_the_same_event_again_with_a_fresh_timestamp_and_a_valid_signature() {
        Merchant m = merchantWithMpesa();
        String path = "/redeliver-" + m.accountId();
        m.as().body(PaymentFixtures.mpesa("payment", 100, "+254700000123", receiver.url(path)))
                .post("/api/global/payments").then().statusCode(200);
        var first = receiver.await(r -> r.path().equals(path), 1, Duration.ofSeconds(20)).get(0);
        String id = first.header("webhook-id");
        awaitEvent(m, id, "delivered");
        sleep(1100); // a later second, so the fresh timestamp shows

        m.as().post("/api/global/events/" + id + "/redeliver").then().statusCode(202)
                .body("event_id", equalTo(id))
                .body("delivery.status", equalTo("pending"))
                .body("delivery.url", equalTo(receiver.url(path)))
                .body("delivery.attempts", equalTo(1))
                .body("delivery.next_attempt_at", notNullValue());
        var again = receiver.await(r -> r.path().equals(path), 2, Duration.ofSeconds(20)).get(1);
        assertEquals(id, again.header("webhook-id"));
        assertEquals(first.body(), again.body());
        assertNotEquals(first.header("webhook-timestamp"), again.header("webhook-timestamp"));
        assertNotEquals(first.header("webhook-signature"), again.header("webhook-signature"));
        again.verify(m.webhookSecret()); // the official com.standardwebhooks library
        first.verify(m.webhookSecret());
        awaitEvent(m, id, "delivered");
        m.as().get("/api/global/events/" + id).then().body("delivery.attempts", equalTo(2))
                .body("attempts", hasSize(2));
        sleep(500);
        assertEquals(2, receiver.to(path).size(), "one more delivery, not a new retry series");
    }

    @Test
    void the_test_send_makes_one_attempt_and_a_failed_event_can_be_redelivered() {
        Merchant m = TestMerchants.onboard();
        m.as().post("/api/global/webhooks/test").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", containsString("endpoint"));
        try (CallbackReceiver endpoint = new CallbackReceiver()) {
            endpoint.defaultStatus = 500;
            setEndpoint(m, endpoint.url("/hooks"));
            List<LogRecord> logged = new ArrayList<>();
            Handler capture = new Handler() {
                @Override
                public void publish(LogRecord r) {
                    logged.add(r);
                }

                @Override
                public void flush() {
                }

                @Override
                public void close() {
                }
            };
            Logger deliveryLog = Logger.getLogger("io.mizani.application.payment.DeliverCallbacks");
            deliveryLog.addHandler(capture);
            JsonPath sent;
            try {
                sent = m.as().post("/api/global/webhooks/test").then().statusCode(200)
                        .body("delivery.status", equalTo("failed"))
                        .body("delivery.attempts", equalTo(1))
                        .body("delivery.last_response_status", equalTo(500))
                        .body("delivery.url", equalTo(endpoint.url("/hooks")))
                        .body("delivery.next_attempt_at", nullValue())
                        .extract().jsonPath();
            } finally {
                deliveryLog.removeHandler(capture);
            }
            String id = sent.getString("event_id");
            assertTrue(id.startsWith("msg_"));
            var hit = endpoint.to("/hooks").get(0);
            assertEquals(id, hit.header("webhook-id"));
            hit.verify(m.webhookSecret());
            assertEquals("webhook.test", JsonPath.from(hit.body()).getString("type"));
            assertEquals(Map.of(), JsonPath.from(hit.body()).getMap("data"));
            // the attempt is logged at INFO: event id, host, status, duration; never the body or the secret
            String line = logged.stream().filter(r -> r.getLevel().intValue() == java.util.logging.Level.INFO.intValue())
                    .map(LogRecord::getMessage).filter(msg -> msg.contains(id)).findFirst().orElseThrow();
            assertTrue(line.contains("127.0.0.1") && line.contains("500") && line.contains(" ms"), line);
            assertFalse(line.contains("webhook.test") || line.contains(m.webhookSecret()) || line.contains("/hooks"), line);
            sleep(500);
            assertEquals(1, endpoint.to("/hooks").size(), "a test event gets exactly one attempt");

            m.as().get("/api/global/events/" + id).then().statusCode(200)
                    .body("type", equalTo("webhook.test"))
                    .body("data", equalTo(Map.of()))
                    .body("delivery.status", equalTo("failed"))
                    .body("attempts.response_status", contains(500));

            // the endpoint is fixed; the failed event is sent once more, same id, fresh signature
            endpoint.defaultStatus = 204;
            m.as().post("/api/global/events/" + id + "/redeliver").then().statusCode(202)
                    .body("event_id", equalTo(id))
                    .body("delivery.status", equalTo("pending"));
            var again = endpoint.await(r -> r.path().equals("/hooks"), 2, Duration.ofSeconds(10)).get(1);
            assertEquals(id, again.header("webhook-id"));
            again.verify(m.webhookSecret());
            awaitEvent(m, id, "delivered");
            m.as().get("/api/global/events/" + id).then()
                    .body("attempts.response_status", contains(500, 204))
                    .body("delivery.last_response_status", equalTo(204));
        }
    }

    @Test
    void no_answer_is_an_attempt_with_a_null_status_and_a_short_error() {
        Merchant m = TestMerchants.onboard();
        int closedPort;
        try (CallbackReceiver gone = new CallbackReceiver()) {
            closedPort = gone.port();
        }
        setEndpoint(m, "http://127.0.0.1:" + closedPort + "/nobody");
        String id = m.as().post("/api/global/webhooks/test").then().statusCode(200)
                .body("delivery.status", equalTo("failed"))
                .body("delivery.last_response_status", nullValue())
                .extract().jsonPath().getString("event_id");
        JsonPath detail = m.as().get("/api/global/events/" + id).then().statusCode(200)
                .body("attempts", hasSize(1))
                .body("attempts[0].response_status", nullValue())
                .extract().jsonPath();
        String error = detail.getString("attempts[0].error");
        assertNotNull(error);
        assertTrue(error.length() <= 200, error);
    }

    // ------------------------------------------------------------------ endpoint

    @Test
    void the_endpoint_is_validated_and_kept_per_merchant() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        m.as().get("/api/global/webhooks/endpoint").then().statusCode(200).body("url", nullValue())
                .body("$", hasKey("url"));
        for (Object bad : List.of("ftp://example.com/hook", "example.com/hook", "http://", "https:///path",
                "not a url", "", "javascript:alert(1)", "http://" + "a".repeat(2100) + ".com/")) {
            m.as().body(Map.of("url", bad)).put("/api/global/webhooks/endpoint").then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument")).body("status_code", equalTo(400));
        }
        var nullUrl = new HashMap<String, Object>();
        nullUrl.put("url", null);
        m.as().body(nullUrl).put("/api/global/webhooks/endpoint").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        m.as().put("/api/global/webhooks/endpoint").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        m.as().get("/api/global/webhooks/endpoint").then().statusCode(200).body("url", nullValue());

        setEndpoint(m, "https://merchant.example.com/mizani/events");
        setEndpoint(m, "http://localhost:9999/hooks?source=mizani");
        m.as().get("/api/global/webhooks/endpoint").then().statusCode(200)
                .body("url", equalTo("http://localhost:9999/hooks?source=mizani"));
        other.as().get("/api/global/webhooks/endpoint").then().statusCode(200).body("url", nullValue());
        io.restassured.RestAssured.given().get("/api/global/webhooks/endpoint").then().statusCode(401);
    }

    // ------------------------------------------------------------------ account_kyc decisions

    private static Map<String, Object> submission(long accountId, Map<String, String> tokens) {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", accountId);
        body.put("entity_type", "business");
        body.put("country_code", "KE");
        body.put("country", "Kenya");
        body.put("kyc_tier", 2);
        body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace"));
        if (tokens != null) {
            body.put("kyc_tokens", tokens);
        }
        return body;
    }

    private static long submitPending(Merchant m) {
        return m.as().body(submission(m.accountId(), null)).post("/api/v2/account_kycs").then().statusCode(200)
                .body("account_kyc.status", equalTo("pending")).extract().jsonPath().getLong("account_kyc.id");
    }

    @Test
    void an_operator_approval_and_rejection_are_sent_to_the_endpoint_with_the_account_kyc_as_the_api_shows_it() {
        Merchant approvedOne = TestMerchants.onboard();
        Merchant rejectedOne = TestMerchants.onboard();
        setEndpoint(approvedOne, receiver.url("/kyc-" + approvedOne.accountId()));
        setEndpoint(rejectedOne, receiver.url("/kyc-" + rejectedOne.accountId()));
        long approvedId = submitPending(approvedOne);
        long rejectedId = submitPending(rejectedOne);
        approvedOne.as().get("/api/global/events").then().body("events", empty()); // pending decides nothing

        TestMerchants.asOperator().body(Map.of("decision", "in_review")).post("/api/admin/account_kycs/" + approvedId + "/review")
                .then().statusCode(200);
        TestMerchants.asOperator().body(Map.of("decision", "approve", "kyc_tier", 2, "notes", "fine"))
                .post("/api/admin/account_kycs/" + approvedId + "/review").then().statusCode(200);
        TestMerchants.asOperator().body(Map.of("decision", "reject", "notes", "blurry"))
                .post("/api/admin/account_kycs/" + rejectedId + "/review").then().statusCode(200);

        var approved = receiver.await(r -> r.path().equals("/kyc-" + approvedOne.accountId()), 1, Duration.ofSeconds(10)).get(0);
        approved.verify(approvedOne.webhookSecret());
        JsonPath body = JsonPath.from(approved.body());
        assertEquals("account_kyc.approved", body.getString("type"));
        Map<String, Object> apiView = approvedOne.as().get("/api/v2/account_kycs/" + approvedId).then().statusCode(200)
                .extract().jsonPath().getMap("account_kyc");
        assertEquals(apiView, body.getMap("data.account_kyc"), "the account_kyc exactly as the Team KYC API returns it");
        assertEquals("approved", body.getString("data.account_kyc.status"));

        var rejected = receiver.await(r -> r.path().equals("/kyc-" + rejectedOne.accountId()), 1, Duration.ofSeconds(10)).get(0);
        rejected.verify(rejectedOne.webhookSecret());
        assertEquals("account_kyc.rejected", JsonPath.from(rejected.body()).getString("type"));
        assertEquals(rejectedOne.as().get("/api/v2/account_kycs/" + rejectedId).then().extract().jsonPath()
                .getMap("account_kyc"), JsonPath.from(rejected.body()).getMap("data.account_kyc"));

        String eventId = approved.header("webhook-id");
        awaitEvent(approvedOne, eventId, "delivered");
        approvedOne.as().get("/api/global/events").then().statusCode(200)
                .body("events.id", contains(eventId))
                .body("events[0].type", equalTo("account_kyc.approved"))
                .body("events[0].data.account_kyc.id", equalTo((int) approvedId))
                .body("events[0].delivery.url", equalTo(receiver.url("/kyc-" + approvedOne.accountId())));
        rejectedOne.as().get("/api/global/events/" + eventId).then().statusCode(404);
        rejectedOne.as().queryParam("type", "account_kyc.rejected").get("/api/global/events").then()
                .body("events", hasSize(1));
    }

    @Test
    void a_decision_on_a_team_the_merchant_created_reaches_the_merchant_that_submitted_it() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        setEndpoint(m, receiver.url("/branch-kyc-" + m.accountId()));
        Map<String, Object> team = new HashMap<>();
        team.put("organization_id", m.organizationId());
        team.put("name", "Branch " + m.accountId());
        team.put("email", "branch@example.com");
        team.put("dial_code", "+254");
        team.put("number", "712" + String.format("%06d", m.accountId() % 1_000_000));
        long branch = m.as().body(team).post("/api/v2/accounts").then().statusCode(200)
                .extract().jsonPath().getLong("account.id");
        long kycId = m.as().body(submission(branch, null)).post("/api/v2/account_kycs").then().statusCode(200)
                .extract().jsonPath().getLong("account_kyc.id");
        TestMerchants.asOperator().body(Map.of("decision", "approve", "kyc_tier", 2, "notes", "fine"))
                .post("/api/admin/account_kycs/" + kycId + "/review").then().statusCode(200);

        var sent = receiver.await(r -> r.path().equals("/branch-kyc-" + m.accountId()), 1, Duration.ofSeconds(10))
                .get(0);
        sent.verify(m.webhookSecret());
        JsonPath body = JsonPath.from(sent.body());
        assertEquals("account_kyc.approved", body.getString("type"));
        assertEquals(branch, body.getLong("data.account_kyc.account_id"));
        m.as().queryParam("type", "account_kyc.approved").get("/api/global/events").then().statusCode(200)
                .body("events", hasSize(1))
                .body("events[0].id", equalTo(sent.header("webhook-id")))
                .body("events[0].data.account_kyc.id", equalTo((int) kycId));
        other.as().get("/api/global/events/" + sent.header("webhook-id")).then().statusCode(404);
    }

    @Test
    void approval_by_tokens_is_an_event_kept_as_no_endpoint_when_none_is_set() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, "5000");
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        String phone = m.as().body(Map.of("number", "+254712345678")).post("/api/v1/kyc/verify/phone").then()
                .statusCode(200).extract().jsonPath().getString("lookup_id");
        long id = m.as().body(submission(m.accountId(), Map.of("phone_number", phone))).post("/api/v2/account_kycs")
                .then().statusCode(200).body("account_kyc.status", equalTo("approved"))
                .extract().jsonPath().getLong("account_kyc.id");
        JsonPath list = m.as().get("/api/global/events").then().statusCode(200)
                .body("events", hasSize(1))
                .body("events[0].type", equalTo("account_kyc.approved"))
                .body("events[0].delivery.status", equalTo("no_endpoint"))
                .body("events[0].delivery.url", nullValue())
                .body("events[0].delivery.attempts", equalTo(0))
                .body("events[0].delivery.next_attempt_at", nullValue())
                .body("events[0].delivery.last_attempt_at", nullValue())
                .body("events[0].delivery.last_response_status", nullValue())
                .extract().jsonPath();
        assertEquals(m.as().get("/api/v2/account_kycs/" + id).then().extract().jsonPath().getMap("account_kyc"),
                list.getMap("events[0].data.account_kyc"));
        String eventId = list.getString("events[0].id");
        // no endpoint yet: a redelivery has nowhere to go; once one is set it is sent there
        m.as().post("/api/global/events/" + eventId + "/redeliver").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        setEndpoint(m, receiver.url("/late-" + m.accountId()));
        m.as().post("/api/global/events/" + eventId + "/redeliver").then().statusCode(202)
                .body("delivery.status", equalTo("pending"))
                .body("delivery.url", equalTo(receiver.url("/late-" + m.accountId())));
        var late = receiver.await(r -> r.path().equals("/late-" + m.accountId()), 1, Duration.ofSeconds(10)).get(0);
        assertEquals(eventId, late.header("webhook-id"));
        late.verify(m.webhookSecret());
        awaitEvent(m, eventId, "delivered");
    }

    // ------------------------------------------------------------------ one transaction with the change

    @Test
    void a_rolled_back_review_takes_its_event_with_it() {
        Merchant m = TestMerchants.onboard();
        setEndpoint(m, receiver.url("/rollback-" + m.accountId()));
        long id = submitPending(m);
        assertThrows(IllegalStateException.class, () -> unitOfWork.inTransaction(() -> {
            review.review(new Commands.Review(id, "approve", 2, "fine", 1L));
            throw new IllegalStateException("the change fails after the event was written");
        }));
        m.as().get("/api/v2/account_kycs/" + id).then().statusCode(200).body("account_kyc.status", equalTo("pending"));
        m.as().get("/api/global/events").then().statusCode(200).body("events", empty());
        sleep(500);
        assertTrue(receiver.to("/rollback-" + m.accountId()).isEmpty(), "nothing sent for a change that rolled back");

        // the same review committed: state and event together
        review.review(new Commands.Review(id, "approve", 2, "fine", 1L));
        m.as().get("/api/global/events").then().statusCode(200)
                .body("events.type", contains("account_kyc.approved"));
        receiver.await(r -> r.path().equals("/rollback-" + m.accountId()), 1, Duration.ofSeconds(10));
    }

    @Test
    void an_event_recorded_through_the_port_commits_or_rolls_back_with_its_transaction() {
        Merchant m = TestMerchants.onboard();
        Map<String, Object> data = Map.of("currency", "KES", "amount", new BigDecimal("-25.50"),
                "available", new BigDecimal("974.50"), "reference", "adj-1");
        assertThrows(IllegalStateException.class, () -> unitOfWork.inTransaction(() -> {
            events.record(m.accountId(), EventTypes.BALANCE_ADJUSTED, data);
            throw new IllegalStateException("rolled back");
        }));
        m.as().get("/api/global/events").then().statusCode(200).body("events", empty());

        String id = unitOfWork.inTransaction(() -> events.record(m.accountId(), EventTypes.BALANCE_ADJUSTED, data));
        m.as().get("/api/global/events/" + id).then().statusCode(200)
                .body("type", equalTo("balance.adjusted"))
                .body("data.currency", equalTo("KES"))
                .body("data.amount", equalTo(-25.50f))
                .body("data.available", equalTo(974.50f))
                .body("data.reference", equalTo("adj-1"))
                .body("delivery.status", equalTo("no_endpoint"))
                .body("attempts", empty());
    }

    // ------------------------------------------------------------------ retention

    @Test
    void events_older_than_the_retention_are_purged_with_their_attempts_and_younger_ones_kept() throws Exception {
        Merchant m = TestMerchants.onboard();
        assertEquals(Duration.ofDays(30), purgeEvents.retention());
        String old = "msg_old_" + m.accountId();
        String young = "msg_young_" + m.accountId();
        String stuck = "msg_stuck_" + m.accountId();
        try (var c = dataSource.getConnection();
             var ps = c.prepareStatement("""
                     INSERT INTO events (account_id, webhook_id, event_type, url, body, status, attempts, created_at)
                     VALUES (?, ?, 'webhook.test', 'http://127.0.0.1:1/x', '{"type":"webhook.test","data":{}}', ?, 1, ?)""");
             var attempt = c.prepareStatement("""
                     INSERT INTO event_attempts (event_id, attempt_no, attempted_at, status_code, duration_ms)
                     SELECT id, 1, created_at, 200, 5 FROM events WHERE webhook_id = ?""")) {
            Object[][] rows = {{old, "delivered", Duration.ofDays(31)}, {young, "failed", Duration.ofDays(29)},
                    {stuck, "pending", Duration.ofDays(40)}};
            for (Object[] r : rows) {
                ps.setLong(1, m.accountId());
                ps.setString(2, (String) r[0]);
                ps.setString(3, (String) r[1]);
                ps.setTimestamp(4, Timestamp.from(Instant.now().minus((Duration) r[2])));
                ps.executeUpdate();
                attempt.setString(1, (String) r[0]);
                attempt.executeUpdate();
            }
        }
        m.as().get("/api/global/events").then().body("events.id", contains(young, old, stuck));
        assertTrue(purgeEvents.runOnce() >= 1);
        m.as().get("/api/global/events/" + old).then().statusCode(404);
        m.as().get("/api/global/events/" + young).then().statusCode(200).body("attempts", hasSize(1));
        m.as().get("/api/global/events/" + stuck).then().statusCode(200); // still being delivered: kept
    }
}

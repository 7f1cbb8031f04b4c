package io.mizani.bootstrap.payout;

import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payout.PayoutFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Payout batches through the API: validation of every item with all errors by index and nothing stored, the CSV
 * form and its refusals, the approval rules (creator 403, member 403, another owner/admin approves), approving twice
 * reserves once, too little balance leaves the batch awaiting approval, cancellation, another merchant's batch 404,
 * the items list, and a small batch draining to completed with its payout_batch.completed event.
 */
@QuarkusTest
class PayoutBatchApiTest {

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL base;

    static final String NOWHERE = "http://127.0.0.1:9/none";

    static JsonPath create(Merchant m, Map<String, Object> body, int status) {
        return m.as().body(body).post("/api/global/payout-batches").then().statusCode(status).extract().jsonPath();
    }

    static JsonPath act(Object spec, String ref, String action, int status) {
        var s = spec instanceof Merchant m ? m.as() : ((TeamUser) spec).as();
        return s.post("/api/global/payout-batches/" + ref + "/" + action).then().statusCode(status).extract().jsonPath();
    }

    static Merchant funded(String kes) {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke", "pesalink_ke");
        if (kes != null) {
            TestMerchants.fundBalance(m, "KES", kes);
        }
        return m;
    }

    @Test
    void a_valid_batch_is_stored_awaiting_approval_exactly_as_the_contract_writes_it() {
        Merchant m = funded(null);
        String ref = batchRef();
        JsonPath b = create(m, batch(ref, NOWHERE, items(ref, 3, 100, "+254711000123")), 200);
        Map<String, Object> batch = b.getMap("batch");
        assertEquals(List.of("batch_reference", "status", "item_count", "total_amount", "total_fees", "created_by",
                "approved_by", "created_at", "counts"), new ArrayList<>(batch.keySet()));
        assertEquals(ref, batch.get("batch_reference"));
        assertEquals("awaiting_approval", batch.get("status"));
        assertEquals(3, batch.get("item_count"));
        assertEquals(300f, ((Number) b.getMap("batch.total_amount").get("KES")).floatValue());
        assertEquals(45f, ((Number) b.getMap("batch.total_fees").get("KES")).floatValue());
        assertEquals((int) m.userId(), b.getInt("batch.created_by"));
        assertNull(batch.get("approved_by"));
        assertEquals(Map.of("queued", 0, "pending", 0, "succeeded", 0, "failed", 0), b.getMap("batch.counts"));
        assertEquals(b.getMap("batch"), m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200)
                .extract().jsonPath().getMap("batch"));
        // nothing is a transaction yet, nothing reserved
        assertEquals(List.of(), m.as().get("/api/global/payout-batches/" + ref + "/items").then().statusCode(200)
                .extract().jsonPath().getList("items"));
        // the same batch_reference twice is refused
        JsonPath again = create(m, batch(ref, NOWHERE, items(ref + "x", 1, 100, "+254711000123")), 400);
        assertEquals("batch_reference \"" + ref + "\" has already been used", again.getString("error_message"));
    }

    @Test
    void every_invalid_item_is_reported_by_index_and_nothing_is_stored() {
        Merchant m = funded(null);
        String ref = batchRef();
        var items = new ArrayList<>(items(ref, 5, 100, "+254711000123"));
        items.get(1).put("amount", 5); // below M-Pesa's minimum
        @SuppressWarnings("unchecked") var c = new HashMap<>((Map<String, Object>) items.get(2).get("customer"));
        c.put("email", "not-an-email");
        c.remove("phone");
        items.get(2).put("customer", c);
        @SuppressWarnings("unchecked") var dup = new HashMap<>((Map<String, Object>) items.get(4).get("payment_config"));
        dup.put("reference", ref + "-0");
        items.get(4).put("payment_config", dup);
        items.get(3).put("provider", "mtn_gh");
        JsonPath r = create(m, batch(ref, NOWHERE, items), 400);
        assertEquals("invalid_argument", r.getString("error_code"));
        assertEquals("4 of 5 items are invalid: nothing was stored", r.getString("error_message"));
        List<Map<String, Object>> invalid = r.getList("invalid_items");
        assertEquals(List.of(1, 2, 3, 4), invalid.stream().map(i -> i.get("index")).toList());
        assertEquals(ref + "-1", invalid.get(0).get("reference"));
        assertEquals(List.of("amount must be between 10 and 150000 KES"), invalid.get(0).get("errors"), r.prettify());
        assertEquals(List.of("customer.phone is required", "customer.email must be a valid email address"),
                invalid.get(1).get("errors"));
        assertEquals(List.of("provider \"mtn_gh\" is not available on this account"), invalid.get(2).get("errors"));
        assertEquals(List.of("payment_config.reference \"" + ref + "-0\" is repeated in this batch (first at index 0)"),
                invalid.get(3).get("errors"));
        m.as().get("/api/global/payout-batches/" + ref).then().statusCode(404);

        // a reference already used by a payment of the Team
        String used = ref + "-used";
        var one = io.mizani.bootstrap.payment.PaymentFixtures.mpesa("payment", 100, "+254711000123", NOWHERE);
        @SuppressWarnings("unchecked") var pay = new HashMap<>((Map<String, Object>) one.get("payment_config"));
        pay.put("reference", used);
        one.put("payment_config", pay);
        m.as().body(one).post("/api/global/payments").then().statusCode(200);
        JsonPath taken = create(m, batch(ref, NOWHERE, List.of(item(used, 100, "+254711000123"))), 400);
        assertEquals(List.of("payment_config.reference \"" + used + "\" has already been used"),
                taken.getList("invalid_items[0].errors"));

        // the batch's own fields
        assertEquals("callback_url must be an absolute http(s) URL", create(m, batch(ref, "ftp://x",
                items(ref, 1, 100, "+254711000123")), 400).getString("error_message"));
        assertEquals("items must hold at least one item", create(m, batch(ref, NOWHERE, List.of()), 400)
                .getString("error_message"));
        assertEquals("batch_reference is required", create(m, batch(null, NOWHERE, items(ref, 1, 100, "1")), 400)
                .getString("error_message"));
    }

    @Test
    void csv_batches_are_read_by_header_and_bad_files_answer_400() throws Exception {
        Merchant m = funded(null);
        String ref = batchRef();
        // columns in another order, optional ones, quoted fields with commas, a UTF-8 BOM (accepted)
        String csv = "\uFEFFamount,reference,currency,country,provider,transaction_channel,account_number,first_name,"
                + "last_name,email,phone,network_id,network_name,network_code,account_type,remark,payment_category,"
                + "payee_check,dob\r\n"
                + "150," + ref + "-a,KES,KE,mpesa_ke,momo,+254711000123,Ada,Obi,ada@example.com,+254700000123,"
                + "net_ke_mpesa,M-Pesa,MPESA,momo,\"pay, November\",salary,,\r\n"
                + "250.50," + ref + "-b,KES,KE,mpesa_ke,momo,+254711000124,\"Ada \"\"Jr\"\"\",Obi,ada@example.com,"
                + "+254700000123,net_ke_mpesa,M-Pesa,MPESA,momo,pay,salary,off,1990-01-02\r\n";
        JsonPath ok = csvAs(m).queryParam("batch_reference", ref).queryParam("callback_url", NOWHERE).body(csv)
                .post("/api/global/payout-batches").then().statusCode(200).extract().jsonPath();
        assertEquals(2, ok.getInt("batch.item_count"));
        assertEquals(400.50f, ((Number) ok.getMap("batch.total_amount").get("KES")).floatValue());

        assertCsvRefused(m, "reference,amount\r\nx,1\r\n", "missing CSV columns \"currency\", \"country\"");
        assertCsvRefused(m, CSV_HEADER + ",colour\r\n", "unknown CSV column \"colour\"");
        assertCsvRefused(m, CSV_HEADER + ",remark\r\n", "repeated CSV column \"remark\"");
        assertCsvRefused(m, CSV_HEADER + "\r\n" + csvRow("q1", "100", "+254711000123").replace("Ada", "\"Ada\"x")
                + "\r\n", "malformed CSV: ");
        assertCsvRefused(m, CSV_HEADER + "\r\n" + csvRow("q2", "100", "+254711000123") + ",extra\r\n",
                "row 1 (line 2) has 18 fields, the header has 17");
        assertCsvRefused(m, CSV_HEADER + "\r\n", "the CSV has a header but no rows");
        assertCsvRefused(m, "", "the CSV body is empty: send a header row and one row per item");
        assertCsvRefused(m, csv(batchRef(), 10_001, "100", "+254711000123"),
                "a batch holds at most 10000 items: the CSV has more rows");
        // a cell that is not a number is that item's error
        JsonPath nan = csvAs(m).queryParam("batch_reference", batchRef()).queryParam("callback_url", NOWHERE)
                .body(CSV_HEADER + "\r\n" + csvRow("n1", "ten", "+254711000123") + "\r\n")
                .post("/api/global/payout-batches").then().statusCode(400).extract().jsonPath();
        assertEquals(List.of("amount must be a number, not \"ten\""), nan.getList("invalid_items[0].errors"));
        // a 20 MB file is beyond the body limit (10 MB): the edge refuses it before reading it, 413 in the error shape
        String auth = java.util.Base64.getEncoder().encodeToString((m.username() + ":" + m.password())
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (var s = new java.net.Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("POST /api/global/payout-batches?batch_reference=big&callback_url=" + NOWHERE
                    + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth + "\r\nContent-Type: text/csv\r\n"
                    + "Content-Length: 20000000\r\n\r\n" + CSV_HEADER + "\r\n")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            var buf = new java.io.ByteArrayOutputStream();
            byte[] b = new byte[8192];
            int n;
            try {
                while ((n = s.getInputStream().read(b)) > 0) {
                    buf.write(b, 0, n);
                    if (buf.toString(java.nio.charset.StandardCharsets.UTF_8).contains("}")) {
                        break;
                    }
                }
            } catch (java.net.SocketTimeoutException | java.net.SocketException e) {
                // the answer read so far
            }
            String answer = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
            assertTrue(answer.contains("\"error_code\":\"payload_too_large\""), answer);
        }
        // batch_reference is a query parameter of the CSV form
        JsonPath noRef = csvAs(m).queryParam("callback_url", NOWHERE).body(csv).post("/api/global/payout-batches")
                .then().statusCode(400).extract().jsonPath();
        assertEquals("batch_reference is required", noRef.getString("error_message"));
    }

    static void assertCsvRefused(Merchant m, String csv, String messageStart) {
        JsonPath r = csvAs(m).queryParam("batch_reference", batchRef()).queryParam("callback_url", NOWHERE).body(csv)
                .post("/api/global/payout-batches").then().statusCode(400).extract().jsonPath();
        assertEquals("invalid_argument", r.getString("error_code"));
        assertTrue(r.getString("error_message").startsWith(messageStart), r.getString("error_message"));
    }

    @Test
    void only_another_owner_or_admin_of_the_team_approves_and_approval_reserves_once() {
        Merchant m = funded("1000");
        TeamUser admin = addUser(m, "admin");
        TeamUser member = addUser(m, "member");
        Merchant other = funded("1000");
        String ref = batchRef();
        create(m, batch(ref, NOWHERE, items(ref, 4, 100, "+254711000101")), 200); // stay pending: no final answer

        JsonPath self = act(m, ref, "approve", 403);
        assertEquals(Map.of("error_code", "forbidden", "error_message", "a batch must be approved by another user",
                "status_code", 403), self.getMap(""));
        JsonPath byMember = act(member, ref, "approve", 403);
        assertEquals("a batch must be approved by an owner or admin of the Team", byMember.getString("error_message"));
        act(other, ref, "approve", 404);
        other.as().get("/api/global/payout-batches/" + ref).then().statusCode(404);
        other.as().get("/api/global/payout-batches/" + ref + "/items").then().statusCode(404);
        assertEquals(1000f, PayoutFixtures.available(m, "KES"));

        JsonPath approved = act(admin, ref, "approve", 200);
        assertEquals("processing", approved.getString("batch.status"));
        assertEquals((int) admin.id(), approved.getInt("batch.approved_by"));
        assertEquals(4, approved.getInt("batch.counts.queued") + approved.getInt("batch.counts.pending"));
        assertEquals(1000f - 4 * 115f, PayoutFixtures.available(m, "KES"));
        assertEquals(460f, PayoutFixtures.reserved(m, "KES"));

        // approved twice: the same batch, reserved once
        JsonPath twice = act(admin, ref, "approve", 200);
        assertEquals("processing", twice.getString("batch.status"));
        assertEquals(1000f - 4 * 115f, PayoutFixtures.available(m, "KES"));
        // too late to cancel
        JsonPath cancel = act(m, ref, "cancel", 400);
        assertEquals("payout batch \"" + ref + "\" is processing: only a batch awaiting approval can be cancelled",
                cancel.getString("error_message"));

        // the items are ordinary withdrawals, in the batch's order, with the batch's callback_url
        JsonPath page = m.as().queryParam("limit", 3).get("/api/global/payout-batches/" + ref + "/items")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(ref + "-0", ref + "-1", ref + "-2"), page.getList("items.merchant_reference"));
        assertTrue(page.getBoolean("has_more"));
        assertEquals("withdrawal", page.getString("items[0].request_type"));
        JsonPath rest = m.as().queryParam("starting_after", page.getString("items[2].reference"))
                .get("/api/global/payout-batches/" + ref + "/items").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(ref + "-3"), rest.getList("items.merchant_reference"));
        assertFalse(rest.getBoolean("has_more"));
        m.as().body(Map.of("merchant_reference", ref + "-3")).post("/api/global/transaction-status")
                .then().statusCode(200);
        other.as().body(Map.of("merchant_reference", ref + "-3")).post("/api/global/transaction-status")
                .then().statusCode(404);
        m.as().queryParam("status", "sent").get("/api/global/payout-batches/" + ref + "/items").then().statusCode(400);
        assertEquals(List.of(), m.as().queryParam("status", "succeeded").get("/api/global/payout-batches/" + ref
                + "/items").then().statusCode(200).extract().jsonPath().getList("items"));
    }

    @Test
    void too_little_balance_refuses_the_approval_and_the_batch_stays_awaiting_it() {
        Merchant m = funded("300"); // 3 × 115 = 345 needed
        TeamUser owner = addUser(m, "owner");
        String ref = batchRef();
        create(m, batch(ref, NOWHERE, items(ref, 3, 100, "+254711000123")), 200);
        JsonPath r = act(owner, ref, "approve", 400);
        assertEquals("insufficient_balance", r.getString("error_code"));
        assertEquals("insufficient balance: 300.00 KES available, 345.00 needed", r.getString("error_message"));
        assertEquals("awaiting_approval", m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200)
                .extract().jsonPath().getString("batch.status"));
        assertEquals(300f, PayoutFixtures.available(m, "KES"));
        m.as().body(Map.of("merchant_reference", ref + "-0")).post("/api/global/transaction-status")
                .then().statusCode(404);
        // funded, the same batch goes through
        TestMerchants.fundBalance(m, "KES", "45");
        assertEquals("processing", act(owner, ref, "approve", 200).getString("batch.status"));
        assertEquals(0f, PayoutFixtures.available(m, "KES"));
    }

    @Test
    void a_batch_awaiting_approval_can_be_cancelled_and_then_never_approved() {
        Merchant m = funded("1000");
        TeamUser admin = addUser(m, "admin");
        TeamUser viewer = addUser(m, "viewer");
        String ref = batchRef();
        create(m, batch(ref, NOWHERE, items(ref, 2, 100, "+254711000123")), 200);
        act(viewer, ref, "cancel", 403);
        assertEquals("cancelled", act(m, ref, "cancel", 200).getString("batch.status"));
        assertEquals("cancelled", act(m, ref, "cancel", 200).getString("batch.status"));
        JsonPath late = act(admin, ref, "approve", 400);
        assertEquals("payout batch \"" + ref + "\" is cancelled: only a batch awaiting approval can be approved",
                late.getString("error_message"));
        assertEquals(1000f, PayoutFixtures.available(m, "KES"));
    }

    @Test
    void a_drained_batch_is_completed_and_tells_the_endpoint() throws Exception {
        Merchant m = funded("1000");
        TeamUser admin = addUser(m, "admin");
        try (var callbacks = new CallbackReceiver(); var endpoint = new CallbackReceiver()) {
            m.as().body(Map.of("url", endpoint.url("/events"))).put("/api/global/webhooks/endpoint").then()
                    .statusCode(200);
            String ref = batchRef();
            var items = new ArrayList<>(items(ref, 3, 100, "+254711000123"));
            items.add(item(ref + "-declined", 100, "+254711000100")); // sandbox: ends 00, declined
            create(m, batch(ref, callbacks.url("/cb"), items), 200);
            act(admin, ref, "approve", 200);
            JsonPath done = null;
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (Instant.now().isBefore(deadline)) {
                done = m.as().get("/api/global/payout-batches/" + ref).then().statusCode(200).extract().jsonPath();
                if ("completed".equals(done.getString("batch.status"))) {
                    break;
                }
                Thread.sleep(200);
            }
            assertEquals("completed", done.getString("batch.status"), done.prettify());
            assertEquals(Map.of("queued", 0, "pending", 0, "succeeded", 3, "failed", 1), done.getMap("batch.counts"));
            assertEquals(1000f - 3 * 115f, PayoutFixtures.available(m, "KES"), "the declined item's hold released");
            while (Instant.now().isBefore(deadline) && (callbacks.received.size() < 4 || endpoint.received.isEmpty())) {
                Thread.sleep(100);
            }
            assertEquals(4, callbacks.received.size(), "each item's callback to the batch's callback_url");
            var event = endpoint.received.stream().filter(r -> r.body().contains("payout_batch.completed")).findFirst()
                    .orElseThrow();
            event.verify(m.webhookSecret());
            JsonPath body = new JsonPath(event.body());
            assertEquals("payout_batch.completed", body.getString("type"));
            assertEquals(done.getMap("batch"), body.getMap("data.batch"));
            JsonPath listed = m.as().queryParam("type", "payout_batch.completed").get("/api/global/events").then()
                    .statusCode(200).extract().jsonPath();
            assertEquals(1, listed.getList("events").size());
            assertEquals(ref, listed.getString("events[0].data.batch.batch_reference"));
        }
    }
}

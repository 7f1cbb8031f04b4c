package io.mizani.bootstrap.statement;

import io.mizani.application.statement.StatementLinks;
import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.mizani.domain.statement.StatementId;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import javax.sql.DataSource;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Statements end to end (platform.md section 17), built by the replica's own background worker: the balance identity
 * on a random ledger, the exact CSV, the stored file, the signed link, the event, another merchant's 404.
 * Ledger entries are made through the operator's adjustments and then moved in time with SQL (the only way to put an
 * entry into a past period).
 */
@QuarkusTest
class StatementsApiTest {

    static final List<String> HEADER = List.of("entry_id", "created_at", "type", "amount", "currency", "available_after",
            "transaction_reference", "merchant_reference", "description");

    /** Amounts read as BigDecimal (JsonPath's default float would lose cents). */
    static final JsonPathConfig EXACT = new JsonPathConfig(JsonPathConfig.NumberReturnType.BIG_DECIMAL);

    @Inject
    DataSource dataSource;
    @Inject
    StatementLinks links;

    record Entry(long id, BigDecimal amount, Instant at) {
    }

    @Test
    void a_statement_lists_every_entry_of_the_period_oldest_first_and_adds_up() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        try (CallbackReceiver endpoint = new CallbackReceiver()) {
            m.as().body(Map.of("url", endpoint.url("/hooks-" + m.accountId()))).put("/api/global/webhooks/endpoint")
                    .then().statusCode(200);

            // a random ledger that never goes below zero, one odd reason to go through quoting
            Random random = new Random(20261125L);
            BigDecimal running = BigDecimal.ZERO;
            int n = 30;
            for (int i = 0; i < n; i++) {
                BigDecimal amount = BigDecimal.valueOf(random.nextInt(2_000_000) + 1, 2);
                if (random.nextBoolean() && running.compareTo(amount) >= 0) {
                    amount = amount.negate();
                }
                running = running.add(amount);
                String reason = i == 7 ? "refund, \"goodwill\"\nsecond line" : "r" + i + ", \"note\"";
                adjust(m, "KES", amount, "adj-" + i, reason).then().statusCode(200);
            }
            adjust(other, "KES", new BigDecimal("777.00"), "other-1", "other").then().statusCode(200);
            // spread them over October (before), November (the period) and December (after), in id order
            List<Entry> entries = entries(m.accountId());
            assertEquals(n, entries.size());
            List<Instant> times = new ArrayList<>();
            Instant start = Instant.parse("2026-10-20T00:00:00Z");
            for (int i = 0; i < n; i++) {
                times.add(start.plus(Duration.ofSeconds(random.nextLong(60L * 24 * 3600 * 1000) / 1000))
                        .plus(random.nextInt(1_000_000), ChronoUnit.MICROS));
            }
            times.sort(null);
            times.set(3, Instant.parse("2026-10-31T23:59:59.999999Z")); // last instant before the period
            times.set(4, Instant.parse("2026-11-01T00:00:00Z"));        // first instant of it
            times.sort(null);
            List<Entry> moved = new ArrayList<>();
            try (Connection c = dataSource.getConnection();
                 var ps = c.prepareStatement("UPDATE balance_entries SET created_at = ? WHERE id = ?")) {
                for (int i = 0; i < n; i++) {
                    ps.setTimestamp(1, Timestamp.from(times.get(i)));
                    ps.setLong(2, entries.get(i).id());
                    ps.executeUpdate();
                    moved.add(new Entry(entries.get(i).id(), entries.get(i).amount(), times.get(i)));
                }
            }
            Instant from = Instant.parse("2026-11-01T00:00:00Z");
            Instant before = Instant.parse("2026-12-01T00:00:00Z");
            BigDecimal opening = moved.stream().filter(e -> e.at().isBefore(from)).map(Entry::amount)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
            List<Entry> inPeriod = moved.stream().filter(e -> !e.at().isBefore(from) && e.at().isBefore(before)).toList();
            assertTrue(inPeriod.size() >= 5 && inPeriod.size() < n, "the seed spreads entries around the period");

            JsonPath asked = m.as().body(Map.of("currency", "KES", "from", "2026-11-01", "to", "2026-11-30"))
                    .post("/api/global/statements").then().statusCode(202)
                    .body("statement.status", equalTo("processing"))
                    .body("statement.currency", equalTo("KES"))
                    .body("statement.from", equalTo("2026-11-01"))
                    .body("statement.to", equalTo("2026-11-30"))
                    .body("statement.sha256", nullValue())
                    .body("statement.download_url", nullValue())
                    .body("statement.closing_balance", nullValue())
                    .extract().jsonPath();
            String id = asked.getString("statement.id");
            assertEquals(List.of("id", "currency", "from", "to", "status", "opening_balance", "closing_balance",
                    "total_credits", "total_debits", "entry_count", "sha256", "download_url", "expires_at", "created_at"),
                    new ArrayList<>(asked.getMap("statement").keySet()));

            JsonPath done = awaitCompleted(m, id);
            assertEquals(0, opening.compareTo(done.getObject("statement.opening_balance", BigDecimal.class)));
            BigDecimal sum = inPeriod.stream().map(Entry::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
            BigDecimal closing = done.getObject("statement.closing_balance", BigDecimal.class);
            assertEquals(0, opening.add(sum).compareTo(closing), "opening + the sum of the amounts = closing");
            assertEquals(inPeriod.size(), done.getInt("statement.entry_count"));
            assertEquals(0, inPeriod.stream().map(Entry::amount).filter(a -> a.signum() > 0)
                    .reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(done.getObject("statement.total_credits", BigDecimal.class)));
            assertEquals(0, inPeriod.stream().map(Entry::amount).filter(a -> a.signum() < 0)
                    .reduce(BigDecimal.ZERO, BigDecimal::add).negate()
                    .compareTo(done.getObject("statement.total_debits", BigDecimal.class)));
            String url = done.getString("statement.download_url");
            assertTrue(url.startsWith("http://localhost:") && url.contains("/api/global/statements/download/"), url);
            Instant created = Instant.parse(done.getString("statement.created_at"));
            Instant expires = Instant.parse(done.getString("statement.expires_at"));
            assertTrue(expires.isAfter(created.plus(Duration.ofHours(24)).minusSeconds(2))
                    && expires.isBefore(Instant.now().plus(Duration.ofHours(24)).plusSeconds(2)), expires.toString());

            // the file, without credentials
            byte[] file = download(url).then().statusCode(200)
                    .header("Content-Type", startsWith("text/csv"))
                    .header("ETag", "\"" + done.getString("statement.sha256") + "\"")
                    .extract().asByteArray();
            assertEquals(done.getString("statement.sha256"), sha256(file), "sha256 is the digest of the bytes served");
            List<List<String>> rows = Csv.parse(new String(file, StandardCharsets.UTF_8));
            assertEquals(HEADER, rows.get(0));
            assertEquals(inPeriod.size(), rows.size() - 1);
            BigDecimal fileSum = BigDecimal.ZERO;
            for (int i = 0; i < inPeriod.size(); i++) {
                List<String> row = rows.get(i + 1);
                Entry e = inPeriod.get(i);
                assertEquals(String.valueOf(e.id()), row.get(0), "oldest first");
                assertEquals(e.at(), Instant.parse(row.get(1)), "created_at to the microsecond");
                assertEquals("adjustment", row.get(2));
                assertEquals(e.amount().setScale(2).toPlainString(), row.get(3));
                assertEquals("KES", row.get(4));
                fileSum = fileSum.add(new BigDecimal(row.get(3)));
                int k = moved.indexOf(e);
                assertEquals("adjustment adj-" + k + ": " + (k == 7 ? "refund, \"goodwill\"\nsecond line"
                        : "r" + k + ", \"note\""), row.get(8), "quoted text comes back whole");
            }
            assertEquals(0, opening.add(fileSum).compareTo(closing));
            assertEquals(0, new BigDecimal(rows.get(rows.size() - 1).get(5)).compareTo(closing),
                    "the last entry's available_after is the closing balance");
            if (inPeriod.contains(moved.get(7))) {
                assertTrue(rows.stream().anyMatch(r -> r.get(8).equals("adjustment adj-7: refund, \"goodwill\"\nsecond line")),
                        "a reason with a comma, quotes and a line break comes back whole");
            }

            // built once and stored: an entry slipped into the period afterwards changes neither the file nor its digest
            try (Connection c = dataSource.getConnection();
                 var ps = c.prepareStatement("UPDATE balance_entries SET created_at = ? WHERE id = ?")) {
                Entry after = moved.stream().filter(e -> !e.at().isBefore(before)).findFirst()
                        .orElse(moved.stream().filter(e -> e.at().isBefore(from)).findFirst().orElseThrow());
                ps.setTimestamp(1, Timestamp.from(Instant.parse("2026-11-15T12:00:00Z")));
                ps.setLong(2, after.id());
                ps.executeUpdate();
            }
            byte[] again = download(url).then().statusCode(200).extract().asByteArray();
            assertArrayEquals(file, again, "the stored file is served, not rebuilt");

            // the event, signed, with the same record
            var hit = endpoint.await(r -> r.path().equals("/hooks-" + m.accountId())
                    && r.body().contains("\"statement.completed\""), 1, Duration.ofSeconds(20)).get(0);
            hit.verify(m.webhookSecret());
            JsonPath event = JsonPath.from(hit.body()).using(EXACT);
            assertEquals("statement.completed", event.getString("type"));
            assertEquals(done.getMap("statement"), event.getMap("data.statement"));

            // another merchant: 404 on the statement, and its own statement holds only its own entry
            other.as().get("/api/global/statements/" + id).then().statusCode(404)
                    .body("error_code", equalTo("not_found"));
            String otherId = other.as().body(Map.of("currency", "KES", "from", LocalDateToday(), "to", LocalDateToday()))
                    .post("/api/global/statements").then().statusCode(202).extract().path("statement.id");
            JsonPath theirs = awaitCompleted(other, otherId);
            assertEquals(1, theirs.getInt("statement.entry_count"));
            assertEquals(0, new BigDecimal("777.00").compareTo(theirs.getObject("statement.closing_balance", BigDecimal.class)));
            m.as().get("/api/global/statements/" + otherId).then().statusCode(404);
        }
    }

    @Test
    void a_period_without_entries_has_opening_equal_to_closing_and_only_the_header() throws Exception {
        Merchant m = TestMerchants.onboard();
        adjust(m, "KES", new BigDecimal("250.50"), "seed", "float").then().statusCode(200);
        try (Connection c = dataSource.getConnection();
             var ps = c.prepareStatement("UPDATE balance_entries SET created_at = '2025-12-15T10:00:00Z' WHERE account_id = ?")) {
            ps.setLong(1, m.accountId());
            assertEquals(1, ps.executeUpdate());
        }
        String id = m.as().body(Map.of("currency", "KES", "from", "2026-01-01", "to", "2026-01-31"))
                .post("/api/global/statements").then().statusCode(202).extract().path("statement.id");
        JsonPath done = awaitCompleted(m, id);
        assertEquals(0, new BigDecimal("250.50").compareTo(done.getObject("statement.opening_balance", BigDecimal.class)));
        assertEquals(0, new BigDecimal("250.50").compareTo(done.getObject("statement.closing_balance", BigDecimal.class)));
        assertEquals(0, done.getInt("statement.entry_count"));
        assertEquals(0, BigDecimal.ZERO.compareTo(done.getObject("statement.total_credits", BigDecimal.class)));
        assertEquals(0, BigDecimal.ZERO.compareTo(done.getObject("statement.total_debits", BigDecimal.class)));
        byte[] file = download(done.getString("statement.download_url")).then().statusCode(200).extract().asByteArray();
        assertEquals(String.join(",", HEADER) + "\r\n", new String(file, StandardCharsets.UTF_8));
        assertEquals(done.getString("statement.sha256"), sha256(file));

        // a balance the merchant never had: zero, header only
        String none = m.as().body(Map.of("currency", "NGN", "from", "2026-01-01", "to", "2026-01-31"))
                .post("/api/global/statements").then().statusCode(202).extract().path("statement.id");
        JsonPath empty = awaitCompleted(m, none);
        assertEquals(0, BigDecimal.ZERO.compareTo(empty.getObject("statement.closing_balance", BigDecimal.class)));
        assertEquals("NGN", empty.getString("statement.currency"));
    }

    @Test
    void bad_requests_are_400_invalid_argument_and_unknown_ids_404() {
        Merchant m = TestMerchants.onboard();
        Map<Map<String, Object>, String> bad = new java.util.LinkedHashMap<>();
        bad.put(Map.of("from", "2026-11-01", "to", "2026-11-30"), "currency is required");
        bad.put(Map.of("currency", "KES", "to", "2026-11-30"), "from is required");
        bad.put(Map.of("currency", "KES", "from", "2026-11-01"), "to is required");
        bad.put(Map.of("currency", "KES", "from", "2026-11-31", "to", "2026-12-01"), "from must be a date (YYYY-MM-DD)");
        bad.put(Map.of("currency", "KES", "from", "2026-11-01", "to", "30/11/2026"), "to must be a date (YYYY-MM-DD)");
        bad.put(Map.of("currency", "KES", "from", "2026-11-02", "to", "2026-11-01"), "from must not be after to");
        bad.put(Map.of("currency", "KES", "from", "2025-01-01", "to", "2026-01-02"), "a statement covers at most 366 days");
        bad.put(Map.of("currency", "XYZ", "from", "2026-11-01", "to", "2026-11-30"), "currency \"XYZ\" is not a payment currency");
        bad.put(Map.of("currency", "shillings", "from", "2026-11-01", "to", "2026-11-30"),
                "currency must be a three-letter ISO 4217 code");
        bad.forEach((body, message) -> m.as().body(body).post("/api/global/statements").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo(message))
                .body("status_code", equalTo(400)));
        m.as().post("/api/global/statements").then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        m.as().body("{\"currency\": \"KES\", \"from\": ").post("/api/global/statements").then().statusCode(400);
        // 366 days is allowed
        m.as().body(Map.of("currency", "KES", "from", "2024-01-01", "to", "2024-12-31"))
                .post("/api/global/statements").then().statusCode(202);
        m.as().get("/api/global/statements/not-a-uuid").then().statusCode(404).body("error_code", equalTo("not_found"));
        m.as().get("/api/global/statements/" + java.util.UUID.randomUUID()).then().statusCode(404);
        given().get("/api/global/statements/" + java.util.UUID.randomUUID()).then().statusCode(401);
        given().contentType("application/json").body(Map.of("currency", "KES", "from", "2026-11-01", "to", "2026-11-30"))
                .post("/api/global/statements").then().statusCode(401);
    }

    @Test
    void the_link_is_signed_tampered_or_expired_links_are_404() throws Exception {
        Merchant m = TestMerchants.onboard();
        adjust(m, "KES", new BigDecimal("10.00"), "seed", null).then().statusCode(200);
        String id = m.as().body(Map.of("currency", "KES", "from", LocalDateToday(), "to", LocalDateToday()))
                .post("/api/global/statements").then().statusCode(202).extract().path("statement.id");
        JsonPath done = awaitCompleted(m, id);
        String url = done.getString("statement.download_url");
        String token = url.substring(url.lastIndexOf('/') + 1);
        download(url).then().statusCode(200);

        // every single character changed: 404 (with the contract's error shape)
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        for (int i = 0; i < token.length(); i += 5) {
            if (token.charAt(i) == '.') {
                continue;
            }
            char c = token.charAt(i);
            char swapped = alphabet.charAt((alphabet.indexOf(c) + 1) % alphabet.length());
            String tampered = token.substring(0, i) + swapped + token.substring(i + 1);
            given().get("/api/global/statements/download/" + tampered).then().statusCode(404)
                    .body("error_code", equalTo("not_found"));
        }
        given().get("/api/global/statements/download/" + token + "x").then().statusCode(404);
        given().get("/api/global/statements/download/" + token.substring(0, 40)).then().statusCode(404);
        given().get("/api/global/statements/download/nonsense").then().statusCode(404);

        // a genuine signature with an expiry that has passed: 404; the same statement with one ahead: 200
        StatementId sid = StatementId.parse(id).orElseThrow();
        Instant past = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(1);
        given().get("/api/global/statements/download/" + links.token(sid, past)).then().statusCode(404)
                .body("error_code", equalTo("not_found"));
        given().get("/api/global/statements/download/" + links.token(sid, Instant.now().plusSeconds(60)))
                .then().statusCode(200);
        // a link signed for a statement that is not completed (or not there) is 404 too
        given().get("/api/global/statements/download/" + links.token(new StatementId(java.util.UUID.randomUUID()),
                Instant.now().plusSeconds(60))).then().statusCode(404);
        // credentials are not needed, and another merchant's do not matter either
        Merchant other = TestMerchants.onboard();
        given().auth().preemptive().basic(other.username(), other.password()).get(URI.create(url).getRawPath())
                .then().statusCode(200);
    }

    // ------------------------------------------------------------------ helpers

    static String LocalDateToday() {
        return java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
    }

    static Response adjust(Merchant m, String currency, BigDecimal amount, String reference, String reason) {
        var body = new HashMap<String, Object>();
        body.put("amount", amount);
        body.put("reference", reference);
        if (reason != null) {
            body.put("reason", reason);
        }
        return TestMerchants.asOperator().body(body)
                .post("/api/admin/accounts/" + m.accountId() + "/balances/" + currency + "/adjustments");
    }

    List<Entry> entries(long accountId) throws Exception {
        List<Entry> out = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
             var ps = c.prepareStatement("SELECT id, amount, created_at FROM balance_entries WHERE account_id = ? ORDER BY id")) {
            ps.setLong(1, accountId);
            try (var rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Entry(rs.getLong(1), rs.getBigDecimal(2), rs.getTimestamp(3).toInstant()));
                }
            }
        }
        return out;
    }

    static JsonPath awaitCompleted(Merchant m, String id) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        JsonPath last = null;
        while (System.nanoTime() < deadline) {
            last = m.as().get("/api/global/statements/" + id).then().statusCode(200).extract().jsonPath().using(EXACT);
            if (!"processing".equals(last.getString("statement.status"))) {
                assertEquals("completed", last.getString("statement.status"), last.prettify());
                return last;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        fail("statement " + id + " never completed: " + (last == null ? null : last.prettify()));
        return null;
    }

    /** The link as a browser would follow it: no credentials, only the path (the test server's port is random). */
    static Response download(String url) {
        return given().get(URI.create(url).getRawPath());
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}

package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/** platform.md section 11 at the edge: NUL, size limits, request ids, credentials with NUL. */
@QuarkusTest
class EdgeHardeningTest {

    private static final String NUL = "\u0000";

    @TestHTTPResource("/")
    URL base;

    @Test
    void a_nul_in_a_query_parameter_is_a_400_naming_it_never_a_500() {
        var m = TestMerchants.onboard();
        m.as().urlEncodingEnabled(false).get("/api/global/beneficiaries?term=%00").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument")).body("status_code", equalTo(400))
                .body("error_message", containsString("term")).body("error_message", containsString("NUL"));
        m.as().urlEncodingEnabled(false).get("/api/global/beneficiaries?page=1&term=ab%00cd").then().statusCode(400)
                .body("error_message", containsString("term"));
        // the same request without the NUL works
        m.as().urlEncodingEnabled(false).get("/api/global/beneficiaries?term=abcd").then().statusCode(200);
    }

    @Test
    void a_nul_in_a_path_segment_is_a_400_in_the_surface_shape() {
        var m = TestMerchants.onboard();
        m.as().urlEncodingEnabled(false).get("/api/v1/kyc/tokens/%00").then().statusCode(400)
                .body("reason", equalTo("invalid_request")).body("error", containsString("NUL"));
        TestMerchants.asOperator().urlEncodingEnabled(false).delete("/api/admin/credentials/%00").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        TestMerchants.asOperator().urlEncodingEnabled(false).delete("/api/admin/credentials/abc%00def").then()
                .statusCode(400);
        m.as().urlEncodingEnabled(false).get("/api/global/beneficiaries/%00").then().statusCode(400);
        // without credentials the client still learns first that it must authenticate
        given().urlEncodingEnabled(false).get("/api/v1/kyc/tokens/%00").then().statusCode(401);
    }

    @Test
    void a_nul_anywhere_in_a_json_body_is_a_400_naming_the_field_and_nothing_is_stored() {
        var m = TestMerchants.onboard();
        int before = m.as().get("/api/global/beneficiaries").then().statusCode(200).extract().jsonPath()
                .getList("beneficiaries").size();
        // beneficiary create / update (jsonb bodies)
        nul(m.as().body(Map.of("first_name", "Ada" + NUL, "last_name", "Lovelace")).post("/api/global/beneficiaries"),
                "first_name");
        nul(m.as().body(Map.of("first_name", "Ada", "address", Map.of("city", "Nai" + NUL + "robi")))
                .post("/api/global/beneficiaries"), "address.city");
        nul(m.as().body(Map.of("first_name", "Ada", "tags", List.of("ok", "b" + NUL))).post("/api/global/beneficiaries"),
                "tags[1]");
        nul(m.as().body("{\"first_name\":\"Ada\",\"meta\":{\"k\\u0000ey\":\"v\"}}").post("/api/global/beneficiaries"),
                "meta");
        nul(m.as().body(Map.of("first_name", "B" + NUL)).put("/api/global/beneficiaries/00000000-0000-0000-0000-000000000001"),
                "first_name");
        nul(m.as().body(Map.of("first_name", "B" + NUL)).patch("/api/global/beneficiaries/00000000-0000-0000-0000-000000000001"),
                "first_name");
        int after = m.as().get("/api/global/beneficiaries").then().statusCode(200).extract().jsonPath()
                .getList("beneficiaries").size();
        assertEquals(before, after, "nothing stored");
        // Team create / update, invitations
        nul(m.as().body(Map.of("organization_id", m.organizationId(), "name", "Team" + NUL, "dial_code", "+254",
                "number", "712345678")).post("/api/v2/accounts"), "name");
        nul(m.as().body(Map.of("account_id", m.accountId(), "description", "d" + NUL)).put("/api/v2/accounts"),
                "description");
        nul(m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(),
                "email", "x" + NUL + "@example.com", "role_id", 2)).post("/api/v2/account_invites"), "email");
        nul(given().contentType(ContentType.JSON).body(Map.of("token", "t" + NUL, "first_name", "I"))
                .post("/api/v2/account_invites/accept"), "token");
        // Team KYC submit / amend (jsonb)
        nul(m.as().body(Map.of("account_id", m.accountId(), "kyc_data", Map.of("business", Map.of("name", "B" + NUL))))
                .post("/api/v2/account_kycs"), "kyc_data.business.name");
        nul(m.as().body(Map.of("kyc_data", Map.of("n" + NUL, "x"))).put("/api/v2/account_kycs/1"), "kyc_data");
        // payments: refused, not stripped
        nul(m.as().body(Map.of("amount", 100, "currency", "KES", "customer", Map.of("first_name", "P" + NUL)))
                .post("/api/global/payments"), "customer.first_name");
        // verification surface: {error, reason}
        m.as().body(Map.of("id_number", "1234" + NUL)).post("/api/v1/kyc/verify/national_id_ke").then().statusCode(400)
                .body("reason", equalTo("invalid_request")).body("error", containsString("id_number"));
        // operator merchant creation
        nul(TestMerchants.asOperator().body(Map.of("organization_name", "Org" + NUL,
                "user", Map.of("first_name", "A", "last_name", "B", "email", "a@example.com", "phone_number", "+254700000001"),
                "account", Map.of("name", "T", "email", "t@example.com", "dial_code", "+254", "number", "712000001")))
                .post("/api/admin/merchants"), "organization_name");
        nul(TestMerchants.asOperator().body(Map.of("organization_name", "Org",
                "user", Map.of("first_name", "A" + NUL, "last_name", "B", "email", "a@example.com", "phone_number", "+254700000001"),
                "account", Map.of("name", "T", "email", "t@example.com", "dial_code", "+254", "number", "712000001")))
                .post("/api/admin/merchants"), "user.first_name");
    }

    private static void nul(Response r, String field) {
        r.then().statusCode(400).body("error_code", equalTo("invalid_argument"))
                .body("error_message", containsString(field)).body("error_message", containsString("NUL"));
    }

    @Test
    void a_nul_in_basic_credentials_is_a_401_in_the_surface_shape_on_every_surface() {
        for (String path : List.of("/api/v2/ping", "/api/global/beneficiaries", "/api/admin/account_kycs?status=pending",
                "/api/v2/account/1")) {
            given().auth().preemptive().basic("ab" + NUL + "cd", "whatever").get(path).then().statusCode(401)
                    .header("WWW-Authenticate", "Basic realm=\"mizani\"")
                    .body("error_code", equalTo("unauthenticated")).body(not(containsString("Exception")));
            given().auth().preemptive().basic("demo", "demo" + NUL).get(path).then().statusCode(401)
                    .body("error_code", equalTo("unauthenticated"));
        }
        given().auth().preemptive().basic(NUL, "x").get("/api/v1/kyc/checks").then().statusCode(401)
                .body("error", equalTo("unauthenticated")).body("reason", equalTo("unauthenticated"));
        given().auth().preemptive().basic("operator", "sandbox-operator" + NUL).get("/api/admin/account_kycs?status=pending")
                .then().statusCode(401);
    }

    @Test
    void every_response_carries_a_request_id_the_callers_when_well_formed() {
        var m = TestMerchants.onboard();
        m.as().header("X-Request-Id", "abc.DEF_123-x").get("/api/v2/ping").then().statusCode(200)
                .header("X-Request-Id", "abc.DEF_123-x");
        String fresh = m.as().header("X-Request-Id", "bad id with spaces").get("/api/v2/ping").then().statusCode(200)
                .extract().header("X-Request-Id");
        assertNotEquals("bad id with spaces", fresh);
        assertTrue(fresh.matches("[A-Za-z0-9._-]{1,64}"), fresh);
        String tooLong = "a".repeat(65);
        assertNotEquals(tooLong, m.as().header("X-Request-Id", tooLong).get("/api/v2/ping").then().extract()
                .header("X-Request-Id"));
        // errors too: 401, 404, 400, 405 and non-API paths
        given().get("/api/v2/ping").then().statusCode(401).header("X-Request-Id", matchesPattern("[A-Za-z0-9._-]{1,64}"));
        m.as().header("X-Request-Id", "r-404").get("/api/v2/nowhere").then().statusCode(404).header("X-Request-Id", "r-404");
        m.as().header("X-Request-Id", "r-400").body("{bad").post("/api/v2/accounts").then().statusCode(400)
                .header("X-Request-Id", "r-400");
        given().header("X-Request-Id", "r-health").get("/q/health/ready").then().header("X-Request-Id", "r-health");
        // two requests without one get different ids
        assertNotEquals(given().get("/q/health/live").header("X-Request-Id"),
                given().get("/q/health/live").header("X-Request-Id"));
    }

    @Test
    void too_long_uri_and_too_large_headers_answer_414_and_431_in_the_surface_shape() {
        var m = TestMerchants.onboard();
        m.as().header("X-Request-Id", "r-414").get("/api/global/beneficiaries?term=" + "a".repeat(5000)).then()
                .statusCode(414).body("error_code", equalTo("uri_too_long")).body("status_code", equalTo(414))
                .header("X-Request-Id", "r-414");
        m.as().get("/api/v1/kyc/tokens/" + "a".repeat(5000)).then().statusCode(414).body("reason", equalTo("uri_too_long"));
        m.as().header("X-Big", "b".repeat(25_000)).get("/api/v2/ping").then().statusCode(431)
                .body("error_code", equalTo("headers_too_large")).header("X-Request-Id", notNullValue());
    }

    @Test
    void a_too_large_body_answers_413_payload_too_large_in_the_surface_shape() throws Exception {
        var m = TestMerchants.onboard();
        String auth = java.util.Base64.getEncoder().encodeToString((m.username() + ":" + m.password())
                .getBytes(StandardCharsets.UTF_8));
        String head = "POST /api/global/beneficiaries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth
                + "\r\nContent-Type: application/json\r\nX-Request-Id: r-413\r\nContent-Length: 20000000\r\n\r\n";
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
            assertTrue(answer.contains("\"error_code\":\"payload_too_large\""), answer);
            assertTrue(answer.toLowerCase().contains("x-request-id: r-413"), answer);
        }
    }

    @Test
    void a_414_answered_while_the_body_is_still_coming_reaches_the_client_before_the_connection_closes()
            throws Exception {
        // the connection is closed only once the client has sent its body: closing with unread bytes resets the
        // connection, and a reset discards the answer the client has not read yet
        byte[] bodyBytes = new byte[4 * 1024 * 1024];
        java.util.Arrays.fill(bodyBytes, (byte) ' ');
        String head = "POST /api/global/beneficiaries?q=" + "a".repeat(5000) + " HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nContent-Length: " + bodyBytes.length + "\r\n\r\n";
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            try {
                out.write(head.getBytes(StandardCharsets.US_ASCII));
                for (int off = 0; off < bodyBytes.length; off += 64 * 1024) {
                    out.write(bodyBytes, off, 64 * 1024);
                    Thread.sleep(1);
                }
                out.flush();
            } catch (java.io.IOException closed) {
                // closed while sending: the answer must still be readable
            }
            String answer = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 414"), answer);
            assertTrue(answer.contains("uri_too_long"), answer);
        }
    }

    @Test
    void a_chunked_body_over_the_limit_answers_413_in_the_surface_shape_and_one_within_it_is_read() throws Exception {
        var m = TestMerchants.onboard();
        String auth = java.util.Base64.getEncoder().encodeToString((m.username() + ":" + m.password())
                .getBytes(StandardCharsets.UTF_8));
        String head = "POST /api/global/beneficiaries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth
                + "\r\nContent-Type: application/json\r\nX-Request-Id: r-413c\r\nTransfer-Encoding: chunked\r\n\r\n";
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(head.getBytes(StandardCharsets.US_ASCII));
            byte[] chunk = new byte[64 * 1024];
            java.util.Arrays.fill(chunk, (byte) ' ');
            String size = Integer.toHexString(chunk.length) + "\r\n";
            try {
                for (int i = 0; i < 200; i++) { // 12.8 MB, over the 10 MB limit
                    out.write(size.getBytes(StandardCharsets.US_ASCII));
                    out.write(chunk);
                    out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.flush();
            } catch (java.io.IOException closed) {
                // the server answered and closed the connection while the body was still being sent
            }
            String answer = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 413"), answer);
            assertTrue(answer.contains("\"error_code\":\"payload_too_large\""), answer);
            assertTrue(answer.toLowerCase().contains("x-request-id: r-413c"), answer);
        }
        // a small chunked body is read as usual: the body check names the field holding a NUL
        String body = "{\"first_name\":\"A\\u0000\"}";
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write((head + Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("first_name"), answer);
        }
    }

    @Test
    void an_empty_json_body_is_answered_at_once_with_a_400_whether_sent_with_a_length_or_in_chunks() throws Exception {
        var m = TestMerchants.onboard();
        String auth = java.util.Base64.getEncoder().encodeToString((m.username() + ":" + m.password())
                .getBytes(StandardCharsets.UTF_8));
        String head = "POST /api/global/beneficiaries HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth
                + "\r\nContent-Type: application/json\r\n";
        for (String framing : List.of("Content-Length: 0\r\n\r\n", "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n")) {
            try (Socket s = new Socket(base.getHost(), base.getPort())) {
                s.setSoTimeout(10_000);
                long t0 = System.nanoTime();
                OutputStream out = s.getOutputStream();
                out.write((head + framing).getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String answer = new String(readAll(s.getInputStream()), StandardCharsets.UTF_8);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                // the body is read on the event loop: an empty one must not leave the REST layer waiting for more
                assertTrue(answer.startsWith("HTTP/1.1 400"), framing.trim() + " -> " + answer);
                assertTrue(answer.contains("\"error_code\""), answer);
                assertTrue(ms < 8_000, framing.trim() + " answered after " + ms + " ms");
            }
        }
    }

    private static byte[] readAll(InputStream in) throws java.io.IOException {
        var buf = new java.io.ByteArrayOutputStream();
        byte[] b = new byte[8192];
        int n;
        try {
            while ((n = in.read(b)) > 0) {
                buf.write(b, 0, n);
                if (buf.toString(StandardCharsets.UTF_8).contains("}")) {
                    break;
                }
            }
        } catch (java.net.SocketTimeoutException e) {
            // answer read so far
        }
        return buf.toByteArray();
    }

    @Test
    void invalid_utf8_and_deep_nesting_are_400s() {
        var m = TestMerchants.onboard();
        byte[] bad = "{\"first_name\":\"\u00ff\"}".getBytes(StandardCharsets.ISO_8859_1);
        m.as().body(bad).post("/api/global/beneficiaries").then().statusCode(400);
        String deep = "[".repeat(5000) + "]".repeat(5000);
        m.as().body("{\"first_name\":" + deep + "}").post("/api/global/beneficiaries").then().statusCode(400);
    }

    // the test profile's header deadline (mizani.edge.header-read-timeout=PT2S); the idle timeout stays 30 s
    private static final long HEADER_DEADLINE_MS = 2000;

    @Test
    void a_client_trickling_its_headers_a_byte_every_half_second_is_cut_at_the_header_deadline() throws Exception {
        given().get("/ping").then().statusCode(200);
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            trickleHeaders(s);
        }
    }

    @Test
    void a_kept_alive_connection_trickling_its_second_requests_headers_is_cut_at_the_header_deadline()
            throws Exception {
        given().get("/ping").then().statusCode(200);
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            String answer = readResponse(s.getInputStream());
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            Thread.sleep(HEADER_DEADLINE_MS + 500); // idle, within the idle timeout: not cut
            trickleHeaders(s);
        }
    }

    /** Sends a request line then one header byte every 500 ms; the server must close within the deadline. */
    private static void trickleHeaders(Socket s) throws Exception {
        {
            s.setSoTimeout(500);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            long start = System.nanoTime();
            out.write("GET /ping HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] trickle = ("Host: localhost\r\nX-Slow: " + "a".repeat(100) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII);
            boolean closed = false;
            for (int i = 0; i < trickle.length && !closed; i++) {
                try {
                    out.write(trickle[i]);
                    out.flush();
                } catch (java.io.IOException e) {
                    closed = true; // the server closed the connection
                    break;
                }
                try {
                    int n = in.read();
                    assertEquals(-1, n, "no answer is expected to an unfinished request");
                    closed = true;
                } catch (java.net.SocketTimeoutException e) {
                    // still open: the next byte after half a second
                } catch (java.io.IOException e) {
                    closed = true;
                }
            }
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(closed, "the connection was still open after " + elapsedMs + " ms of trickled headers");
            assertTrue(elapsedMs >= HEADER_DEADLINE_MS - 100 && elapsedMs < HEADER_DEADLINE_MS + 1500,
                    "closed after " + elapsedMs + " ms, expected about " + HEADER_DEADLINE_MS);
        }
    }

    @Test
    void a_keep_alive_client_pausing_longer_than_the_header_deadline_between_requests_is_not_cut() throws Exception {
        given().get("/ping").then().statusCode(200);
        try (Socket s = new Socket(base.getHost(), base.getPort())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            InputStream in = s.getInputStream();
            for (int i = 0; i < 3; i++) {
                if (i == 1) {
                    // headers sent in two parts, the second a second later: within the deadline
                    out.write("GET /ping HTTP/1.1\r\nHost: local".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    Thread.sleep(1000);
                    out.write("host\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                } else {
                    out.write("GET /ping HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                }
                out.flush();
                String answer = readResponse(in);
                assertTrue(answer.startsWith("HTTP/1.1 200"), "request " + (i + 1) + ": " + answer);
                assertTrue(answer.contains("\"ok\":true"), answer);
                if (i < 2) { // idle before the next request: longer than the header deadline, shorter than the idle timeout
                    Thread.sleep(HEADER_DEADLINE_MS + 1000);
                }
            }
        }
    }

    /** One HTTP/1.1 response with a Content-Length, read off a kept-alive connection. */
    private static String readResponse(InputStream in) throws java.io.IOException {
        var head = new java.io.ByteArrayOutputStream();
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return head.toString(StandardCharsets.ISO_8859_1) + "<connection closed>";
            }
            head.write(b);
        }
        String headers = head.toString(StandardCharsets.ISO_8859_1);
        var m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(headers);
        int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
        byte[] body = in.readNBytes(length);
        return headers + new String(body, StandardCharsets.UTF_8);
    }
}

package io.mizani.bootstrap.hardening;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.RandomGenerator;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.sessions.JqwikSession;

/**
 * Property: for every operation of the service's own OpenAPI document (fetched from {@code /q/openapi}), with valid
 * merchant or operator credentials, no hostile value as a body field, query parameter or path segment gets a 5xx.
 * Hostile values come from jqwik arbitraries (edge cases first, then a fixed-seed random sample): NUL, invalid
 * UTF-8, lone surrogates, huge and odd numbers, wrong types, deep nesting, very long strings. Bounded by a time
 * budget so it stays well under a minute in CI; a failure lists every offending request.
 */
@QuarkusTest
class HostileInputFuzzTest {

    private static final long BUDGET_MS = 45_000;
    private static final int CASES_PER_OPERATION = 14;
    /** quarkus.http.limits.max-initial-line-length: longer request lines are refused by the codec, not EdgeGuard. */
    private static final int CODEC_LINE_LIMIT = 65_536 - 64;
    private static final long SEED = 0x5EED_2026L;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PATH_PARAM = Pattern.compile("\\{([^}]+)}");
    private static final List<String> COMMON_FIELDS = List.of("first_name", "last_name", "name", "email", "amount",
            "currency", "phone_number", "account_id", "organization_id", "token", "id_number", "kyc_data", "customer",
            "reference", "country", "type", "providers", "available", "decision", "notes", "term", "data");

    /** Hostile strings for JSON bodies (escaped by Jackson, so NUL travels as \u0000). */
    static Arbitrary<String> hostileStrings() {
        return Arbitraries.oneOf(
                Arbitraries.of("\u0000", "a\u0000b", "\u0000\u0000\u0000", "\uD800", "\uDFFF", "\uFFFF", "\u202E",
                        "", " ", "null", "-1", "0", "1e400", "99999999999999999999999999", "../../etc/passwd",
                        "' OR 1=1 --", "<script>alert(1)</script>", "%00", "\\u0000", "𝕏", "\r\n\t"),
                Arbitraries.strings().withChars('\u0000', 'a', 'Z', '9', '\uD800', '\uFFFF', '"', '\\', '%', '\u0085')
                        .ofMinLength(0).ofMaxLength(40),
                Arbitraries.integers().between(1_000, 100_000).map("x"::repeat));
    }

    /** Hostile JSON values (raw JSON text): strings, wrong types, huge numbers, deep nesting. */
    static Arbitrary<String> hostileJson() {
        return Arbitraries.oneOf(
                hostileStrings().map(HostileInputFuzzTest::quote),
                Arbitraries.of("1e400", "-1e400", "123456789012345678901234567890", "-0", "0.0000000000000000001",
                        "1.7976931348623157E309", "9223372036854775808", "-9223372036854775809", "true", "false",
                        "null", "[]", "{}", "[null]", "{\"\\u0000\":1}", "[\"\\u0000\"]"),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30))
                        .map(BigInteger::toString),
                Arbitraries.doubles().map(d -> Double.isFinite(d) ? Double.toString(d) : "1e999"),
                Arbitraries.integers().between(1, 6000).map(d -> "[".repeat(d) + "]".repeat(d)),
                Arbitraries.integers().between(1, 3000).map(d -> "{\"a\":".repeat(d) + "1" + "}".repeat(d)));
    }

    /** Hostile path segments and query values, already percent-encoded as they go on the wire. */
    static Arbitrary<String> hostileUrlValues() {
        return Arbitraries.oneOf(
                Arbitraries.of("%00", "a%00b", "%FF%FE", "%C3%28", "%ED%A0%80", "%E2%80%AE", "%25", "..%2F..%2F",
                        "99999999999999999999999", "-1", "0", "1e400", "%20", "null", "%0D%0A", "%F0%9F%92%A9"),
                Arbitraries.integers().between(100, 3500).map("9"::repeat),
                hostileStrings().map(s -> java.net.URLEncoder.encode(s, StandardCharsets.UTF_8)));
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private record Operation(String method, String path, List<String> query, List<String> fields, boolean body) {
    }

    @TestHTTPResource("/")
    URI root;

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void no_operation_answers_5xx_to_hostile_input() throws Exception {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, "500");
        List<Operation> operations = operations();
        assertTrue(operations.size() >= 20, "the OpenAPI document lists the operations: " + operations.size());

        Random random = new Random(SEED);
        // jqwik's generators outside a jqwik property need a session on this thread
        JqwikSession.start();
        try {
            run(m, operations, random);
        } finally {
            JqwikSession.finish();
        }
        // the service is still healthy afterwards
        m.as().get("/api/v2/ping").then().statusCode(200);
        given().get("/q/health/ready").then().statusCode(200);
    }

    private void run(Merchant m, List<Operation> operations, Random random) {
        String base = root.toString().replaceAll("/$", "");
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        Iterator<String> json = cases(hostileJson(), random);
        Iterator<String> url = cases(hostileUrlValues(), random);
        List<String> failures = new ArrayList<>();
        long deadline = System.currentTimeMillis() + BUDGET_MS;
        int sent = 0;
        String previous = "";
        int previousLine = 0;
        int droppedOnce = 0;
        int overLimit = 0;
        for (int round = 0; round < CASES_PER_OPERATION && System.currentTimeMillis() < deadline; round++) {
            for (Operation op : operations) {
                if (System.currentTimeMillis() >= deadline) {
                    break;
                }
                String path = fill(op.path(), url);
                String credentials = op.path().startsWith("/api/admin")
                        ? TestMerchants.OPERATOR + ":" + TestMerchants.OPERATOR_PASSWORD
                        : m.username() + ":" + m.password();
                StringBuilder query = new StringBuilder();
                for (String q : op.query()) {
                    query.append(query.isEmpty() ? "?" : "&").append(q).append('=').append(url.next());
                }
                String body = null;
                if (op.body() || !op.method().equals("GET") && !op.method().equals("DELETE")) {
                    body = round % 5 == 4 ? null : body(op, json, round);
                }
                byte[] bytes = body == null ? null : body.getBytes(StandardCharsets.UTF_8);
                if (body != null && round % 7 == 6) {
                    // invalid UTF-8 bytes inside a string
                    bytes = concat("{\"first_name\":\"".getBytes(StandardCharsets.UTF_8),
                            new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80},
                            "\"}".getBytes(StandardCharsets.UTF_8));
                }
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path + query))
                        .timeout(Duration.ofSeconds(20))
                        .header("Authorization", "Basic " + Base64.getEncoder()
                                .encodeToString(credentials.getBytes(StandardCharsets.UTF_8)))
                        .header("Content-Type", "application/json")
                        .method(op.method(), bytes == null ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(bytes));
                long t0 = System.nanoTime();
                int status;
                String answer;
                int line = op.method().length() + 1 + (path + query).length() + " HTTP/1.1".length();
                overLimit += line > CODEC_LINE_LIMIT ? 1 : 0;
                try {
                    HttpResponse<String> r;
                    try {
                        r = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
                    } catch (java.io.IOException dropped) {
                        droppedOnce++;
                        if (line > CODEC_LINE_LIMIT) {
                            // This request line is over the codec's limit (quarkus.http.limits.max-initial-line-length):
                            // Vert.x answers a bare 414 and closes at once while the client may still be writing, and
                            // the peer's reset can discard the 414 before the client reads it. Either (a 414 or no
                            // answer) is the codec's refusal, never a 5xx; the next request takes a fresh connection.
                            System.out.println("fuzz: request line of " + line + " bytes refused by the codec: "
                                    + op.method() + " " + abbreviate(path + query) + " (" + dropped + ")");
                            client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                                    .connectTimeout(Duration.ofSeconds(5)).build();
                            r = null;
                        } else {
                            // A connection closed with no answer. Explained: the previous request line was longer
                            // than the codec's limit: Vert.x answers a bare 414 (no Content-Length, no Connection:
                            // close) and closes the connection, which the JDK client has already put back in its
                            // pool and reuses for this request ("header parser received no bytes"). A client timeout
                            // under load is retried too. Any other dropped connection is a failure. Sent again once
                            // on a fresh connection (a client's retry).
                            boolean explained = previousLine > CODEC_LINE_LIMIT
                                    || dropped instanceof java.net.http.HttpTimeoutException;
                            System.out.println("fuzz: no answer, sent again on a new connection: " + op.method() + " "
                                    + abbreviate(path + query) + " (" + dropped + ") [previous: " + previous
                                    + ", request line " + previousLine + " bytes]");
                            if (!explained) {
                                failures.add("dropped connection " + op.method() + " " + abbreviate(path + query)
                                        + " (" + dropped + ") after a request line of " + previousLine + " bytes: "
                                        + previous);
                            }
                            r = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                                    .connectTimeout(Duration.ofSeconds(5)).build()
                                    .send(request.build(), HttpResponse.BodyHandlers.ofString());
                        }
                    }
                    status = r == null ? 414 : r.statusCode();
                    answer = r == null ? "(no answer: over the codec's line limit)" : r.body();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                } catch (java.io.IOException e) {
                    status = 599;
                    answer = "no answer: " + e + " [previous: " + previous + "]";
                }
                long ms = (System.nanoTime() - t0) / 1_000_000;
                if (ms > 3_000) {
                    System.out.println("fuzz: slow answer (" + ms + " ms) " + status + " " + op.method() + " "
                            + abbreviate(path + query) + " body " + (body == null ? 0 : body.length()) + " chars");
                }
                if (status >= 500) {
                    String shown = (body == null ? "" : body.length() > 200 ? body.substring(0, 200) + "..." : body);
                    failures.add(status + " " + op.method() + " " + abbreviate(path + query) + " " + shown
                            + " -> " + abbreviate(answer));
                }
                previous = status + " " + op.method() + " " + abbreviate(path + query) + " "
                        + (body == null ? "" : abbreviate(body));
                previousLine = line;
                sent++;
            }
        }
        System.out.println("fuzz: " + sent + " hostile requests over " + operations.size() + " operations, "
                + failures.size() + " answered 5xx, " + overLimit + " request lines over the codec's limit, "
                + droppedOnce + " connections dropped");
        assertTrue(sent >= operations.size(), "at least one hostile request per operation: " + sent);
        assertTrue(failures.isEmpty(), failures.size() + " of " + sent + " hostile requests got a 5xx:\n"
                + String.join("\n", failures));
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }

    /** Edge cases first, then an endless fixed-seed random sample. */
    private static Iterator<String> cases(Arbitrary<String> arbitrary, Random random) {
        List<String> edges = new ArrayList<>();
        for (Shrinkable<String> s : arbitrary.edgeCases()) {
            edges.add(s.value());
            if (edges.size() >= 60) {
                break;
            }
        }
        RandomGenerator<String> generator = arbitrary.generator(1000);
        return new Iterator<>() {
            int i;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public String next() {
                return i < edges.size() ? edges.get(i++) : generator.next(random).value();
            }
        };
    }

    private static String fill(String template, Iterator<String> values) {
        Matcher matcher = PATH_PARAM.matcher(template);
        StringBuilder sb = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(sb, Matcher.quoteReplacement(values.next()));
        }
        matcher.appendTail(sb);
        return sb.toString();
    }

    private static String body(Operation op, Iterator<String> values, int round) {
        List<String> fields = op.fields().isEmpty() ? COMMON_FIELDS : op.fields();
        if (round % 6 == 5) {
            // the whole body is the hostile value (wrong top-level type, deep nesting, ...)
            return values.next();
        }
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(fields.get(i))).append(':').append(values.next());
        }
        return sb.append('}').toString();
    }

    private static List<Operation> operations() throws Exception {
        String doc = given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200)
                .extract().asString();
        JsonNode root = JSON.readTree(doc);
        List<Operation> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = root.path("paths").fields(); paths.hasNext();) {
            Map.Entry<String, JsonNode> p = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> methods = p.getValue().fields(); methods.hasNext();) {
                Map.Entry<String, JsonNode> e = methods.next();
                String method = e.getKey().toUpperCase(java.util.Locale.ROOT);
                if (!List.of("GET", "POST", "PUT", "PATCH", "DELETE").contains(method)) {
                    continue;
                }
                JsonNode op = e.getValue();
                List<String> query = new ArrayList<>();
                for (JsonNode param : op.path("parameters")) {
                    if ("query".equals(param.path("in").asText())) {
                        query.add(param.path("name").asText());
                    }
                }
                JsonNode schema = op.path("requestBody").path("content").path("application/json").path("schema");
                List<String> fields = new ArrayList<>();
                for (String name : properties(root, schema).keySet()) {
                    // the wire names are snake_case whatever the schema generator printed
                    String snake = name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
                    if (!fields.contains(snake)) {
                        fields.add(snake);
                    }
                }
                out.add(new Operation(method, p.getKey(), query, fields, !op.path("requestBody").isMissingNode()));
            }
        }
        return out;
    }

    private static Map<String, JsonNode> properties(JsonNode root, JsonNode schema) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        JsonNode s = schema;
        if (s.has("$ref")) {
            String ref = s.get("$ref").asText();
            s = root.at(ref.substring(1));
        }
        for (Iterator<String> names = s.path("properties").fieldNames(); names.hasNext();) {
            String n = names.next();
            out.put(n, s.path("properties").path(n));
        }
        return out;
    }
}

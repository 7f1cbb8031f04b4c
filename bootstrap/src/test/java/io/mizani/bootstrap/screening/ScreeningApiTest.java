package io.mizani.bootstrap.screening;

import io.mizani.bootstrap.support.ScreeningAndFourEyes;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mizani.bootstrap.payment.PaymentFixtures;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;

/**
 * Compliance screening end to end (platform.md section 20), with MIZANI_SCREENING=on: lists in the three formats,
 * the billed screen, the money path's hold and the case decisions by role, the look-back on a new version, and
 * replicas loading at once. Names are unusual so that no other test's beneficiaries match the lists.
 */
@QuarkusTest
@TestProfile(ScreeningAndFourEyes.class)
class ScreeningApiTest {

    static byte[] sample(String name) {
        try (InputStream in = ScreeningApiTest.class.getResourceAsStream("/screening/" + name)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static String listName() {
        return "t-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static Response load(RequestSpecification as, String format, String name, byte[] body) {
        return as.contentType(format.endsWith("xml") ? "application/xml" : "text/csv").body(body)
                .post("/api/admin/screening/lists?format=" + format + "&name=" + name);
    }

    static Response load(String format, String name, String body) {
        return load(TestMerchants.asOperator(), format, name, body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A named operator of {@code role} (platform.md section 18). */
    static RequestSpecification operator(String role) {
        String username = role + "-" + UUID.randomUUID().toString().substring(0, 6);
        String password = TestMerchants.asOperator().body(Map.of("username", username, "role", role))
                .post("/api/admin/operators").then().statusCode(201).extract().path("password");
        return given().auth().preemptive().basic(username, password).contentType(ContentType.JSON);
    }

    static String version(String name) {
        List<Map<String, Object>> lists = TestMerchants.asOperator().get("/api/admin/screening/lists")
                .then().statusCode(200).extract().jsonPath().getList("lists");
        return lists.stream().filter(l -> name.equals(l.get("name"))).map(l -> String.valueOf(l.get("version")))
                .findFirst().orElse(null);
    }

    @Test
    void lists_load_as_new_versions_broken_files_load_nothing_and_the_role_decides_who_loads() {
        String name = listName();
        String csv = new String(sample("sample.csv"), java.nio.charset.StandardCharsets.UTF_8);
        load("csv", name, csv).then().statusCode(200)
                .body("list.name", org.hamcrest.Matchers.equalTo(name))
                .body("list.version", org.hamcrest.Matchers.equalTo(1))
                .body("list.format", org.hamcrest.Matchers.equalTo("csv"))
                .body("list.entry_count", org.hamcrest.Matchers.equalTo(3))
                .body("list.loaded_at", org.hamcrest.Matchers.notNullValue());
        load("csv", name, csv).then().statusCode(200).body("list.version", org.hamcrest.Matchers.equalTo(2));

        JsonPath broken = load("csv", name, "entry_id,type,name,aliases,birth_year,countries\nX-1,alien,Bo,,,\n")
                .then().statusCode(400).extract().jsonPath();
        assertEquals("invalid_argument", broken.getString("error_code"));
        assertEquals("list file: line 2: type must be person or organization", broken.getString("error_message"));
        assertEquals("2", version(name), "the broken file loaded nothing");
        load("csv", name, "").then().statusCode(400);
        load("pdf", name, csv).then().statusCode(400)
                .body("error_message", org.hamcrest.Matchers.equalTo(
                        "format must be one of ofac_sdn_xml, un_consolidated_xml, csv"));

        load(TestMerchants.asOperator(), "ofac_sdn_xml", listName(), sample("sdn_sample.xml")).then().statusCode(200)
                .body("list.entry_count", org.hamcrest.Matchers.equalTo(3));
        load(TestMerchants.asOperator(), "un_consolidated_xml", listName(), sample("un_sample.xml")).then()
                .statusCode(200).body("list.entry_count", org.hamcrest.Matchers.equalTo(3));

        RequestSpecification support = operator("support");
        load(support, "csv", name, sample("sample.csv")).then().statusCode(403)
                .body("error_code", org.hamcrest.Matchers.equalTo("forbidden"));
        support.get("/api/admin/screening/lists").then().statusCode(200);
        load(operator("compliance"), "csv", name, sample("sample.csv")).then().statusCode(200)
                .body("list.version", org.hamcrest.Matchers.equalTo(3));
        load(operator("finance"), "csv", name, sample("sample.csv")).then().statusCode(403);
    }

    @Test
    void a_screen_is_billed_like_a_check_and_finds_aliases_and_transliterations() {
        String list = listName();
        load(TestMerchants.asOperator(), "ofac_sdn_xml", list, sample("sdn_sample.xml")).then().statusCode(200);
        Merchant m = TestMerchants.onboard();
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        TestMerchants.fund(m, "100");

        JsonPath hit = m.as().body(Map.of("full_name", "Osama bin Laden", "type", "person")).post("/api/v1/kyc/screen")
                .then().statusCode(200).extract().jsonPath();
        assertTrue(hit.getString("screen_id").startsWith("scr_"));
        assertEquals("potential_match", hit.getString("verdict"));
        assertEquals(50.0f, hit.getFloat("charged_amount"));
        assertEquals("charged", hit.getString("charge_status"));
        Map<String, Object> ours = hit.<Map<String, Object>>getList("hits").stream()
                .filter(h -> list.equals(h.get("list"))).findFirst().orElseThrow();
        assertEquals(Map.of("list", list, "list_version", 1, "entry_id", "90001", "name", "Usama BIN LADIN",
                "matched_name", "Osama BIN LADEN", "score", 100), ours);

        JsonPath ruledOut = m.as().body(Map.of("full_name", "Usama bin Ladin", "type", "person", "birth_year", 1990))
                .post("/api/v1/kyc/screen").then().statusCode(200).extract().jsonPath();
        assertTrue(ruledOut.<Map<String, Object>>getList("hits").stream().noneMatch(h -> list.equals(h.get("list"))),
                "a birth year 33 years apart rules the entry out");

        m.as().body(Map.of("full_name", "Wanjiku Njoroge", "type", "person")).post("/api/v1/kyc/screen").then()
                .statusCode(402).body("reason", org.hamcrest.Matchers.equalTo("insufficient_balance"));
        TestMerchants.fund(m, "50");
        m.as().body(Map.of("full_name", "Wanjiku Njoroge", "type", "person")).post("/api/v1/kyc/screen").then()
                .statusCode(200).body("verdict", org.hamcrest.Matchers.equalTo("clear"))
                .body("hits.size()", org.hamcrest.Matchers.equalTo(0));

        m.as().body(Map.of("type", "person")).post("/api/v1/kyc/screen").then().statusCode(400)
                .body("reason", org.hamcrest.Matchers.equalTo("invalid_request"))
                .body("error", org.hamcrest.Matchers.equalTo("full_name is required"));
        m.as().body(Map.of("full_name", "Ada Obi", "type", "robot")).post("/api/v1/kyc/screen").then().statusCode(400);

        Merchant off = TestMerchants.onboard();
        off.as().body(Map.of("full_name", "Osama bin Laden", "type", "person")).post("/api/v1/kyc/screen").then()
                .statusCode(412).body("reason", org.hamcrest.Matchers.equalTo("not_enabled"));
    }

    static Map<String, Object> withdrawal(String first, String last, String account) {
        Map<String, Object> customer = new HashMap<>(PaymentFixtures.inlineCustomer());
        customer.put("first_name", first);
        customer.put("last_name", last);
        return PaymentFixtures.body("withdrawal", "momo", "mpesa_ke", 100, "KES", "KE", customer,
                PaymentFixtures.network("mpesa_ke", "net_ke_mpesa", "M-Pesa", "MPESA", "momo"),
                PaymentFixtures.paymentConfig(PaymentFixtures.ref(), account, "https://merchant.example/cb"));
    }

    static List<Map<String, Object>> casesOf(Merchant m, String status, String subjectName) {
        List<Map<String, Object>> cases = TestMerchants.asOperator().get("/api/admin/screening/cases?status=" + status)
                .then().statusCode(200).extract().jsonPath().getList("cases");
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> c : cases) {
            @SuppressWarnings("unchecked")
            Map<String, Object> subject = (Map<String, Object>) c.get("subject");
            if (((Number) c.get("account_id")).longValue() == m.accountId() && subjectName.equals(subject.get("name"))) {
                out.add(c);
            }
        }
        return out;
    }

    @Test
    void a_listed_payee_is_held_until_compliance_clears_it_and_a_confirmed_one_never_passes() {
        load("csv", listName(), "entry_id,type,name,aliases,birth_year,countries\n"
                + "H-1,person,Kwabena Asante Boakye,,1975,GH\n"
                + "H-2,person,Yaw Darko Frimpong,Yaw Frimpong,,GH\n").then().statusCode(200);
        Merchant m = TestMerchants.onboard();
        PaymentFixtures.assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "10000");

        JsonPath held = m.as().body(withdrawal("Kwabena", "Boakye", "+254711222333")).post("/api/global/payments")
                .then().statusCode(400).extract().jsonPath();
        assertEquals("invalid_argument", held.getString("error_code"));
        assertEquals("payee is held for compliance review", held.getString("error_message"));
        m.as().body(withdrawal("Kwabena", "Boakye", "+254711222333")).post("/api/global/payments").then().statusCode(400);
        List<Map<String, Object>> open = casesOf(m, "open", "Kwabena Boakye");
        assertEquals(1, open.size(), "one open case per subject however often it is refused");
        Map<String, Object> c = open.get(0);
        assertEquals("open", c.get("status"));
        @SuppressWarnings("unchecked")
        Map<String, Object> subject = (Map<String, Object>) c.get("subject");
        assertEquals("*********2333", subject.get("account_number_masked"));
        assertTrue(c.toString().contains("H-1"), c.toString());
        assertTrue(!c.toString().contains("711222333"), "the account number is never shown in clear");
        String id = (String) c.get("id");

        operator("support").body(Map.of("decision", "clear", "note", "same name, other person"))
                .post("/api/admin/screening/cases/" + id + "/decision").then().statusCode(403);
        RequestSpecification compliance = operator("compliance");
        compliance.body(Map.of("decision", "clear")).post("/api/admin/screening/cases/" + id + "/decision")
                .then().statusCode(400).body("error_message", org.hamcrest.Matchers.equalTo("note is required"));
        compliance.body(Map.of("decision", "maybe", "note", "x")).post("/api/admin/screening/cases/" + id + "/decision")
                .then().statusCode(400);
        JsonPath cleared = compliance.body(Map.of("decision", "clear", "note", "born 1992 per national ID"))
                .post("/api/admin/screening/cases/" + id + "/decision").then().statusCode(200).extract().jsonPath();
        assertEquals("cleared", cleared.getString("case.status"));
        assertEquals("born 1992 per national ID", cleared.getString("case.note"));
        assertTrue(cleared.getString("case.decided_by").startsWith("compliance-"));
        compliance.body(Map.of("decision", "confirm", "note", "changed my mind"))
                .post("/api/admin/screening/cases/" + id + "/decision").then().statusCode(409);
        TestMerchants.asOperator().body(Map.of("decision", "clear", "note", "x"))
                .post("/api/admin/screening/cases/case_nope/decision").then().statusCode(404);

        m.as().body(withdrawal("Kwabena", "Boakye", "+254711222333")).post("/api/global/payments").then().statusCode(200);
        m.as().body(withdrawal("Kwabena", "Boakye", "+254799888777")).post("/api/global/payments").then()
                .statusCode(400); // another account number is another subject

        m.as().body(withdrawal("Yaw", "Frimpong", "+254733444555")).post("/api/global/payments").then().statusCode(400);
        String yaw = (String) casesOf(m, "open", "Yaw Frimpong").get(0).get("id");
        compliance.body(Map.of("decision", "confirm", "note", "matches the designation"))
                .post("/api/admin/screening/cases/" + yaw + "/decision").then().statusCode(200)
                .body("case.status", org.hamcrest.Matchers.equalTo("confirmed"));
        m.as().body(withdrawal("Yaw", "Frimpong", "+254733444555")).post("/api/global/payments").then().statusCode(400)
                .body("error_message", org.hamcrest.Matchers.equalTo("payee is held for compliance review"));
        assertEquals(0, casesOf(m, "open", "Yaw Frimpong").size(), "a confirmed subject opens no new case");

        m.as().body(withdrawal("Akosua", "Mensah", "+254700111222")).post("/api/global/payments").then().statusCode(200);
        m.as().body(PaymentFixtures.mpesa("payment", 100, "+254711222333", "https://merchant.example/cb"))
                .post("/api/global/payments").then().statusCode(200); // collections are not screened

        List<Map<String, Object>> audit = TestMerchants.asOperator()
                .get("/api/admin/audit-events?action=screening_case.decide&target_id=" + yaw).then().statusCode(200)
                .extract().jsonPath().getList("audit_events");
        assertEquals(1, audit.size(), "the decision is an audit event");
    }

    static String beneficiary(Merchant m, String first, String last) {
        return m.as().body(Map.of("first_name", first, "last_name", last, "country", "KE",
                        "email", "b-" + UUID.randomUUID().toString().substring(0, 8) + "@example.com"))
                .post("/api/global/beneficiaries").then().statusCode(200).extract().path("uuid");
    }

    static List<Map<String, Object>> hitEvents(Merchant m) {
        return m.as().get("/api/global/events?type=screening.hit").then().statusCode(200).extract().jsonPath()
                .getList("events");
    }

    @Test
    void a_new_list_version_rescreens_beneficiaries_against_what_changed_and_tells_their_merchant() throws Exception {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        String efua = beneficiary(a, "Efua Mensima", "Quaggie");
        beneficiary(b, "Nana Ama", "Owusuaa");
        String list = listName();
        load("csv", list, "entry_id,type,name,aliases,birth_year,countries\nQ-1,person,Kojo Antwi Badu,,,GH\n")
                .then().statusCode(200);
        load("csv", list, "entry_id,type,name,aliases,birth_year,countries\nQ-1,person,Kojo Antwi Badu,,,GH\n"
                + "Q-2,person,Efua Quaggie,Efua Mensima Quagie,,GH\n").then().statusCode(200)
                .body("list.version", org.hamcrest.Matchers.equalTo(2));

        List<Map<String, Object>> events = List.of();
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (events.isEmpty() && Instant.now().isBefore(deadline)) {
            Thread.sleep(200);
            events = hitEvents(a);
        }
        assertEquals(1, events.size(), "one screening.hit for the beneficiary the new entry matches");
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) events.get(0).get("data");
        assertEquals(efua, data.get("beneficiary_uuid"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> hits = (List<Map<String, Object>>) data.get("hits");
        assertEquals("Q-2", hits.get(0).get("entry_id"));
        assertEquals(2, ((Number) hits.get(0).get("list_version")).intValue());
        assertEquals(List.of(), hitEvents(b), "another merchant hears nothing");
        assertEquals(1, casesOf(a, "open", "Efua Mensima Quaggie").size());

        // a third version that changes nothing re-screens nobody
        load("csv", list, "entry_id,type,name,aliases,birth_year,countries\nQ-1,person,Kojo Antwi Badu,,,GH\n"
                + "Q-2,person,Efua Quaggie,Efua Mensima Quagie,,GH\n").then().statusCode(200);
        Thread.sleep(1500);
        assertEquals(1, hitEvents(a).size());

        // a beneficiary written while listed is screened at once
        String kojo = beneficiary(b, "Kojo", "Antwi Badu");
        List<Map<String, Object>> now = hitEvents(b);
        assertEquals(1, now.size());
        assertEquals(kojo, ((Map<?, ?>) now.get(0).get("data")).get("beneficiary_uuid"));
    }

    @Test
    void replicas_loading_the_same_list_at_once_get_consecutive_versions() throws Exception {
        String name = listName();
        byte[] csv = sample("sample.csv");
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<Integer>> loads = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                loads.add(pool.submit(() -> load(TestMerchants.asOperator(), "csv", name, csv).then().statusCode(200)
                        .extract().<Integer>path("list.version")));
            }
            Set<Integer> versions = new HashSet<>();
            for (Future<Integer> f : loads) {
                versions.add(f.get());
            }
            assertEquals(Set.of(1, 2, 3, 4, 5, 6), versions);
        } finally {
            pool.shutdownNow();
        }
        assertEquals("6", version(name));
    }
}

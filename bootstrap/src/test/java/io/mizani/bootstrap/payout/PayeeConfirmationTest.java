package io.mizani.bootstrap.payout;

import io.mizani.adapter.provider.verification.SandboxVerificationProvider;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static io.mizani.bootstrap.payment.PaymentFixtures.assign;
import static io.mizani.bootstrap.payment.PaymentFixtures.mpesa;
import static org.junit.jupiter.api.Assertions.*;

/**
 * POST /api/global/payees/resolve (every status of the sandbox directory, the name match) and a withdrawal's
 * payment_config.payee_check (off, lenient, strict): a refusal is 400 with the contract's message and reserves
 * nothing; an accepted withdrawal's transaction carries payee_check {status, score}.
 */
@QuarkusTest
class PayeeConfirmationTest {

    static final String ACCOUNT = "+254711000123";

    static String[] holder(String accountNumber) {
        return SandboxVerificationProvider.person(accountNumber);
    }

    static JsonPath resolve(Merchant m, Map<String, Object> body, int status) {
        return m.as().body(body).post("/api/global/payees/resolve").then().statusCode(status).extract().jsonPath();
    }

    static Map<String, Object> query(String provider, String accountNumber) {
        var b = new HashMap<String, Object>();
        b.put("country", "KE");
        b.put("provider", provider);
        b.put("account_number", accountNumber);
        return b;
    }

    @Test
    void resolve_answers_every_status_of_the_sandbox_directory() {
        Merchant m = TestMerchants.onboard();
        String[] name = holder(ACCOUNT);

        JsonPath resolved = resolve(m, query("mpesa_ke", ACCOUNT), 200);
        assertEquals("resolved", resolved.getString("status"));
        assertEquals(name[0] + " " + name[1], resolved.getString("account_name"));
        assertFalse(resolved.getMap("").containsKey("match"), "no name sent: no match");
        // deterministic: the same account gives the same holder, the one verification's sandbox derives
        assertEquals(resolved.getString("account_name"), resolve(m, query("mpesa_ke", ACCOUNT), 200)
                .getString("account_name"));

        JsonPath notFound = resolve(m, query("mpesa_ke", "+254711000404"), 200);
        assertEquals(Map.of("status", "not_found"), notFound.getMap(""));
        JsonPath unavailable = resolve(m, query("pesalink_ke", "01100200503"), 200);
        assertEquals(Map.of("status", "unavailable"), unavailable.getMap(""));
        // a card network cannot name an account holder
        JsonPath unsupported = resolve(m, query("card_ke", "4242424242424242"), 200);
        assertEquals(Map.of("status", "unsupported"), unsupported.getMap(""));
    }

    @Test
    void resolve_with_a_name_answers_the_match_of_section_13() {
        Merchant m = TestMerchants.onboard();
        String[] name = holder(ACCOUNT);
        var exact = query("mpesa_ke", ACCOUNT);
        exact.put("name", Map.of("first_name", name[1].toUpperCase(), "last_name", name[0])); // any order, any case
        JsonPath e = resolve(m, exact, 200);
        assertEquals(Map.of("score", 100, "first_name", "exact", "last_name", "exact"), e.getMap("match"));

        var partial = query("mpesa_ke", ACCOUNT);
        partial.put("name", Map.of("first_name", name[0].substring(0, 1), "last_name", name[1])); // an initial
        JsonPath p = resolve(m, partial, 200);
        assertEquals("partial", p.getString("match.first_name"));
        assertEquals("exact", p.getString("match.last_name"));
        assertEquals(75, p.getInt("match.score")); // round(100 × (35 × 0.5 + 35) / 70): the two names only

        var wrong = query("mpesa_ke", ACCOUNT);
        wrong.put("name", Map.of("first_name", "Zebedee", "last_name", "Quixworth"));
        JsonPath w = resolve(m, wrong, 200);
        assertEquals(Map.of("score", 0, "first_name", "mismatch", "last_name", "mismatch"), w.getMap("match"));

        var notFound = query("mpesa_ke", "+254711000404");
        notFound.put("name", Map.of("first_name", "Ada", "last_name", "Obi"));
        assertEquals(Map.of("status", "not_found"), resolve(m, notFound, 200).getMap(""), "no match unless resolved");
    }

    @Test
    void resolve_refuses_what_it_cannot_read() {
        Merchant m = TestMerchants.onboard();
        JsonPath missing = resolve(m, Map.of("country", "KE"), 400);
        assertEquals("invalid_argument", missing.getString("error_code"));
        assertEquals("provider, account_number are required", missing.getString("error_message"));
        JsonPath unknown = resolve(m, query("mtn_gh", ACCOUNT), 400);
        assertEquals("provider \"mtn_gh\" does not operate in KE", unknown.getString("error_message"));
        var zz = query("mpesa_ke", ACCOUNT);
        zz.put("country", "ZZ");
        assertEquals("country \"ZZ\" is not served", resolve(m, zz, 400).getString("error_message"));
    }

    static Map<String, Object> withdrawal(String accountNumber, String first, String last, String policy) {
        var body = mpesa("withdrawal", 100, accountNumber, "http://127.0.0.1:9/none");
        @SuppressWarnings("unchecked") var customer = new HashMap<>((Map<String, Object>) body.get("customer"));
        customer.put("first_name", first);
        customer.put("last_name", last);
        body.put("customer", customer);
        if (policy != null) {
            @SuppressWarnings("unchecked") var pay = new HashMap<>((Map<String, Object>) body.get("payment_config"));
            pay.put("payee_check", policy);
            body.put("payment_config", pay);
        }
        return body;
    }

    static JsonPath status(Merchant m, Map<String, Object> body) {
        @SuppressWarnings("unchecked") var pay = (Map<String, Object>) body.get("payment_config");
        return m.as().body(Map.of("merchant_reference", pay.get("reference"))).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
    }

    static void refused(Merchant m, Map<String, Object> body, String reason) {
        JsonPath r = m.as().body(body).post("/api/global/payments").then().statusCode(400).extract().jsonPath();
        assertEquals("invalid_argument", r.getString("error_code"), r.prettify());
        assertEquals("payee name check failed: " + reason, r.getString("error_message"));
        assertEquals(400, r.getInt("status_code"));
    }

    @Test
    void payee_check_policies_refuse_before_anything_is_reserved() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        TestMerchants.fundBalance(m, "KES", "1000");
        String[] name = holder(ACCOUNT);

        // lenient: a mismatch and not_found are refused; unavailable and a partial name go through
        refused(m, withdrawal(ACCOUNT, "Zebedee", "Quixworth", "lenient"), "mismatch");
        refused(m, withdrawal("+254711000404", "Ada", "Obi", "lenient"), "not_found");
        // strict: anything but an exact match
        refused(m, withdrawal(ACCOUNT, name[0].substring(0, 1), name[1], "strict"), "partial");
        refused(m, withdrawal("+254711000503", name[0], name[1], "strict"), "unavailable");
        refused(m, withdrawal(ACCOUNT, "Zebedee", "Quixworth", "strict"), "mismatch");
        assertEquals(1000f, PayoutFixtures.available(m, "KES"), "a refusal reserves nothing");
        assertEquals(0f, PayoutFixtures.reserved(m, "KES"));

        var lenientPartial = withdrawal(ACCOUNT, name[0].substring(0, 1), name[1], "lenient");
        m.as().body(lenientPartial).post("/api/global/payments").then().statusCode(200);
        assertEquals(Map.of("status", "resolved", "score", 75), status(m, lenientPartial).getMap("transaction.payee_check"));

        var lenientDown = withdrawal("+254711000503", "Ada", "Obi", "lenient");
        m.as().body(lenientDown).post("/api/global/payments").then().statusCode(200);
        var down = status(m, lenientDown).getMap("transaction.payee_check");
        assertEquals("unavailable", down.get("status"));
        assertNull(down.get("score"));

        var strictExact = withdrawal(ACCOUNT, name[0], name[1], "strict");
        m.as().body(strictExact).post("/api/global/payments").then().statusCode(200);
        assertEquals(Map.of("status", "resolved", "score", 100), status(m, strictExact).getMap("transaction.payee_check"));

        // off (the default): no check, payee_check null in the transaction
        var off = withdrawal(ACCOUNT, "Zebedee", "Quixworth", null);
        m.as().body(off).post("/api/global/payments").then().statusCode(200);
        JsonPath offStatus = status(m, off);
        assertTrue(offStatus.getMap("transaction").containsKey("payee_check"));
        assertNull(offStatus.get("transaction.payee_check"));
        assertEquals(1000f - 4 * 115f, PayoutFixtures.available(m, "KES"));

        // another merchant cannot read these transactions
        other.as().body(Map.of("merchant_reference", ((Map<?, ?>) strictExact.get("payment_config")).get("reference")))
                .post("/api/global/transaction-status").then().statusCode(404);
    }

    @Test
    void payee_check_takes_only_its_three_values_and_only_on_withdrawals() {
        Merchant m = TestMerchants.onboard();
        assign(m, "mpesa_ke");
        JsonPath bad = m.as().body(withdrawal(ACCOUNT, "Ada", "Obi", "always")).post("/api/global/payments")
                .then().statusCode(400).extract().jsonPath();
        assertEquals("payment_config.payee_check must be one of off, lenient, strict", bad.getString("error_message"));
        assertEquals(java.util.List.of("payment_config.payee_check"), bad.getList("invalid_arguments"));
        var collection = mpesa("payment", 100, ACCOUNT, "http://127.0.0.1:9/none");
        @SuppressWarnings("unchecked") var pay = new HashMap<>((Map<String, Object>) collection.get("payment_config"));
        pay.put("payee_check", "strict");
        collection.put("payment_config", pay);
        JsonPath onCollection = m.as().body(collection).post("/api/global/payments").then().statusCode(400)
                .extract().jsonPath();
        assertEquals("payment_config.payee_check applies to withdrawals only", onCollection.getString("error_message"));
    }
}

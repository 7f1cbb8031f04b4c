package io.mizani.bootstrap.openapi;

import io.mizani.bootstrap.support.ScreeningAndFourEyes;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/**
 * {@link RequiredFieldsTest} for the operation whose fixture needs MIZANI_SCREENING=on ({@link io.mizani.bootstrap.screening.ScreeningOnProfile}, in the
 * profile of {@code ScreeningApiTest}): a screening case to decide, opened by a withdrawal to a listed payee. Each
 * body decides a case of its own (a decided case answers 409).
 */
@QuarkusTest
@TestProfile(ScreeningAndFourEyes.class)
class RequiredFieldsScreeningTest extends RequiredFieldsComparison {

    @Test
    void deciding_a_case_requires_what_the_document_requires() {
        Merchant m = merchant();
        TestMerchants.fundBalance(m, "KES", "100000");
        long n = next();
        // an unusual name, so that no other test's payees match this list
        String first = "Zoltar" + letters(n);
        String last = "Quimbyx";
        asOperator().contentType("text/csv").body("entry_id,type,name,aliases,birth_year,countries\n"
                        + "RF-" + n + ",person," + first + " " + last + ",,,KE\n")
                .post("/api/admin/screening/lists?format=csv&name=rf-" + n).then().statusCode(200);

        body("POST", "/api/admin/screening/cases/{id}/decision", b -> asOperator().body(b)
                .post("/api/admin/screening/cases/" + openCase(m, first, last) + "/decision"));

        assertEquals(RequiredFieldsTest.COMPARED_UNDER_ANOTHER_PROFILE.entrySet().stream()
                .filter(e -> e.getValue() == RequiredFieldsScreeningTest.class).map(Map.Entry::getKey)
                .collect(Collectors.toSet()), compared);
        assertEquals(List.of(), mismatches);
    }

    private static String letters(long n) {
        StringBuilder s = new StringBuilder();
        for (char c : Long.toString(n, 26).toCharArray()) {
            s.append((char) (Character.isDigit(c) ? 'a' + (c - '0') : c + 10));
        }
        return s.toString();
    }

    /** A withdrawal to the listed name at a fresh account number is held and opens a case: its id. */
    private static String openCase(Merchant m, String first, String last) {
        String account = "+2547" + String.format("%08d", next() % 100_000_000);
        String reference = "wd-" + next();
        m.as().body(Map.of("request_type", "withdrawal", "transaction_channel", "momo", "provider", "mpesa_ke",
                        "amount", 100, "currency", "KES", "country", "KE",
                        "customer", Map.of("first_name", first, "last_name", last, "email", "payee@example.com",
                                "phone", account),
                        "provider_config", Map.of("network_id", "net_ke_mpesa", "provider_id", "mpesa_ke",
                                "network_name", "M-Pesa", "network_code", "MPESA", "account_type", "momo"),
                        "payment_config", Map.of("reference", reference, "account_number", account,
                                "callback_url", "http://127.0.0.1:9/callbacks")))
                .post("/api/global/payments").then().statusCode(400);
        List<Map<String, Object>> cases = asOperator().get("/api/admin/screening/cases?status=open").then()
                .statusCode(200).extract().jsonPath().getList("cases");
        return cases.stream().filter(c -> ((Number) c.get("account_id")).longValue() == m.accountId())
                .filter(c -> String.valueOf(c.get("subject")).contains(account.substring(account.length() - 4)))
                .map(c -> (String) c.get("id")).findFirst()
                .orElseThrow(() -> new AssertionError("no open case for the held withdrawal to " + account));
    }
}

package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** GET /api/admin/merchants and GET /api/admin/accounts: operator only, newest first, cursor paging, filters. */
@QuarkusTest
class OperatorListsTest {

    @Test
    void merchants_page_newest_first_with_a_cursor_and_never_repeat() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        Merchant c = TestMerchants.onboard();
        JsonPath first = asOperator().get("/api/admin/merchants?limit=2").then().statusCode(200)
                .body("merchants", hasSize(2)).body("has_more", equalTo(true)).extract().jsonPath();
        assertEquals(List.of(c.organizationId(), b.organizationId()),
                first.getList("merchants.id", Long.class), "the two newest, newest first");
        assertEquals(1, first.getInt("merchants[0].account_count"));
        assertEquals("Org", first.getString("merchants[0].name").substring(0, 3));
        Instant.parse(first.getString("merchants[0].created_at"));
        JsonPath second = asOperator().get("/api/admin/merchants?limit=2&starting_after=" + b.organizationId())
                .then().statusCode(200).extract().jsonPath();
        assertEquals(a.organizationId(), second.getLong("merchants[0].id"));
        // walk to the end: the demo merchant (organization 1) is the oldest, has_more false there
        String after = String.valueOf(a.organizationId());
        boolean more = true;
        long pages = 0;
        while (more && pages++ < 1000) {
            JsonPath p = asOperator().get("/api/admin/merchants?limit=100&starting_after=" + after).then()
                    .statusCode(200).extract().jsonPath();
            List<Long> ids = p.getList("merchants.id", Long.class);
            more = p.getBoolean("has_more");
            if (!ids.isEmpty()) {
                assertTrue(ids.get(0) < Long.parseLong(after), "strictly older than the cursor");
                after = String.valueOf(ids.get(ids.size() - 1));
            }
        }
        assertFalse(more);
        assertEquals("1", after, "the last page ends at the sandbox demo merchant");
    }

    @Test
    void merchants_filter_by_a_part_of_the_name() {
        String name = "Zebra Crossing " + System.nanoTime();
        asOperator().body(Map.of("organization_name", name, "account", Map.of("name", "Z KE", "dial_code", "+254",
                "number", "712345678"))).post("/api/admin/merchants").then().statusCode(201);
        asOperator().get("/api/admin/merchants?name=" + name.substring(7).toUpperCase()).then().statusCode(200)
                .body("merchants", hasSize(1)).body("merchants[0].name", equalTo(name)).body("has_more", equalTo(false));
    }

    @Test
    void accounts_filter_by_merchant_and_status_and_page() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        long second = m.as().body(Map.of("organization_id", m.organizationId(), "name", "Second", "email", "s@x.example",
                        "dial_code", "+254", "number", "712000999"))
                .post("/api/v2/accounts").then().statusCode(200).extract().jsonPath().getLong("account.id");
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId()).then().statusCode(200)
                .body("accounts.id", equalTo(List.of((int) second, (int) m.accountId())))
                .body("accounts.organization_id", everyItem(equalTo((int) m.organizationId())))
                .body("accounts[0].name", equalTo("Second"))
                .body("accounts[0].status", equalTo("active"))
                .body("accounts[1].service_wallet_balance", equalTo(0.0f))
                .body("has_more", equalTo(false));
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId() + "&limit=1").then().statusCode(200)
                .body("accounts.id", equalTo(List.of((int) second))).body("has_more", equalTo(true));
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId() + "&limit=1&starting_after=" + second)
                .then().statusCode(200).body("accounts.id", equalTo(List.of((int) m.accountId())))
                .body("has_more", equalTo(false));

        m.as().delete("/api/v2/accounts/" + second).then().statusCode(200);
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId() + "&status=deleted").then()
                .statusCode(200).body("accounts.id", equalTo(List.of((int) second)))
                .body("accounts[0].status", equalTo("deleted"));
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId() + "&status=active").then()
                .statusCode(200).body("accounts.id", equalTo(List.of((int) m.accountId())));
        asOperator().get("/api/admin/accounts?limit=100").then().statusCode(200)
                .body("accounts.id", hasItem((int) other.accountId()));
    }

    @Test
    void bad_filters_answer_400_naming_the_parameter() {
        for (String q : new String[] {"limit=0", "limit=101", "limit=x", "starting_after=abc", "starting_after=-1"}) {
            asOperator().get("/api/admin/merchants?" + q).then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("error_message", containsString(q.substring(0, q.indexOf('='))));
        }
        asOperator().get("/api/admin/accounts?status=frozen").then().statusCode(400)
                .body("error_message", equalTo("status must be one of active, deleted"));
        asOperator().get("/api/admin/accounts?merchant=x").then().statusCode(400)
                .body("error_message", containsString("merchant"));
    }

    @Test
    void only_the_operator_lists_merchants_and_accounts() {
        Merchant m = TestMerchants.onboard();
        for (String path : new String[] {"/api/admin/merchants", "/api/admin/accounts"}) {
            given().get(path).then().statusCode(401).header("WWW-Authenticate", "Basic realm=\"mizani\"")
                    .body("error_code", equalTo("unauthenticated"));
            given().auth().preemptive().basic("operator", "wrong").get(path).then().statusCode(401);
            m.as().get(path).then().statusCode(403);
        }
    }

    @Test
    void deleting_a_team_answers_it_deleted_with_the_time_of_deletion() {
        Merchant m = TestMerchants.onboard();
        JsonPath created = m.as().body(Map.of("organization_id", m.organizationId(), "name", "Short lived",
                        "email", "sl@x.example", "dial_code", "+254", "number", "712000998"))
                .post("/api/v2/accounts").then().statusCode(200).extract().jsonPath();
        long id = created.getLong("account.id");
        Instant before = Instant.parse(created.getString("account.updated_at"));
        JsonPath deleted = m.as().delete("/api/v2/accounts/" + id).then().statusCode(200)
                .body("account.id", equalTo((int) id))
                .body("account.status", equalTo("deleted"))
                .extract().jsonPath();
        assertTrue(Instant.parse(deleted.getString("account.updated_at")).isAfter(before),
                "updated_at is the deletion time");
        // the operator sees the same Team, deleted, with the same updated_at
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId() + "&status=deleted").then()
                .body("accounts[0].updated_at", equalTo(deleted.getString("account.updated_at")));
    }

    @Test
    void a_merchant_never_sees_another_merchants_team_through_the_lists() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        asOperator().get("/api/admin/accounts?merchant=" + a.organizationId()).then()
                .body("accounts.id", not(hasItem((int) b.accountId())));
        b.as().get("/api/v2/account/" + a.accountId()).then().statusCode(404);
    }
}

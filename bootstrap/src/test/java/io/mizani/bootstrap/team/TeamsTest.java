package io.mizani.bootstrap.team;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class TeamsTest {

    private static Map<String, Object> team(Merchant m, String name, String dial, String number) {
        Map<String, Object> body = new HashMap<>();
        body.put("organization_id", m.organizationId());
        body.put("name", name);
        body.put("description", "a Team");
        body.put("email", "ops@example.com");
        body.put("dial_code", dial);
        body.put("number", number);
        return body;
    }

    private static Map<String, Object> with(Map<String, Object> body, String key, Object value) {
        body.put(key, value);
        return body;
    }

    @ParameterizedTest
    @CsvSource({"+254,712345678,KES", "+234,8031234567,NGN", "+233,241234567,GHS", "+256,772123456,UGX",
            "+255,754123456,TZS", "+27,821234567,ZAR"})
    void the_team_currency_comes_from_the_phone_numbers_country(String dial, String number, String currency) {
        var m = TestMerchants.onboard();
        m.as().body(team(m, "Branch " + currency, dial, number)).post("/api/v2/accounts")
                .then().statusCode(200)
                .body("account.currency", equalTo(currency))
                .body("account.kyc_tier", equalTo(0))
                .body("account.kyc_verified", equalTo(false))
                .body("account.service_wallet_balance", equalTo(0.0f))
                .body("account.organization_id", equalTo((int) m.organizationId()));
    }

    @Test
    void a_team_is_created_fetched_updated_and_deleted_with_every_field() {
        var m = TestMerchants.onboard();
        var created = m.as().body(team(m, "Nairobi Ops", "+254", "712000111")).post("/api/v2/accounts")
                .then().statusCode(200).extract().jsonPath();
        long id = created.getLong("account.id");
        for (String field : new String[] {"id", "organization_id", "name", "description", "currency", "number", "email",
                "status", "account_type", "kyc_tier", "kyc_verified", "service_wallet_balance", "logo", "theme_color",
                "notify_amount", "created_at", "updated_at"}) {
            m.as().get("/api/v2/account/" + id).then().statusCode(200).body("account", hasKey(field));
        }
        m.as().get("/api/v2/account/" + id).then().body("account.status", equalTo("active"))
                .body("account.name", equalTo("Nairobi Ops"));

        m.as().body(Map.of("account_id", id, "description", "renamed", "theme_color", "#112233", "notify_amount", 5000,
                        "logo", "https://cdn.example.com/logo.png"))
                .put("/api/v2/accounts").then().statusCode(200)
                .body("account.description", equalTo("renamed"))
                .body("account.theme_color", equalTo("#112233"))
                .body("account.notify_amount", equalTo(5000))
                .body("account.name", equalTo("Nairobi Ops"));

        m.as().delete("/api/v2/accounts/" + id).then().statusCode(200).body("account.id", equalTo((int) id));
        m.as().get("/api/v2/account/" + id).then().statusCode(404).body("error_code", equalTo("not_found"));
    }

    @Test
    void another_merchants_team_user_and_organization_are_404() {
        var a = TestMerchants.onboard();
        var b = TestMerchants.onboard();
        b.as().get("/api/v2/account/" + a.accountId()).then().statusCode(404)
                .body("error_code", equalTo("not_found")).body("status_code", equalTo(404));
        b.as().body(Map.of("account_id", a.accountId(), "description", "hijack")).put("/api/v2/accounts")
                .then().statusCode(404);
        b.as().delete("/api/v2/accounts/" + a.accountId()).then().statusCode(404);
        b.as().get("/api/v2/user_profile/" + a.userId()).then().statusCode(404);
        b.as().body(with(team(b, "Sneaky", "+254", "712999888"), "organization_id", a.organizationId()))
                .post("/api/v2/accounts").then().statusCode(404);
        b.as().body(Map.of("organization_id", a.organizationId(), "account_id", a.accountId(), "email", "x@example.com"))
                .post("/api/v2/account_invites").then().statusCode(404);
        a.as().get("/api/v2/account/" + a.accountId()).then().statusCode(200)
                .body("account.description", nullValue());
    }

    @Test
    void the_team_behind_the_credentials_cannot_be_deleted() {
        var m = TestMerchants.onboard();
        m.as().delete("/api/v2/accounts/" + m.accountId()).then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
    }

    @Test
    void the_user_profile_lists_every_team_with_its_role() {
        var m = TestMerchants.onboard();
        long second = m.as().body(team(m, "Second", "+234", "8031234567")).post("/api/v2/accounts")
                .then().statusCode(200).extract().jsonPath().getLong("account.id");
        m.as().get("/api/v2/user_profile/" + m.userId()).then().statusCode(200)
                .body("user_profile.user.id", equalTo((int) m.userId()))
                .body("user_profile.user.is_admin", equalTo(false))
                .body("user_profile.accounts.id", hasItem((int) second))
                .body("user_profile.accounts.id", hasItem((int) m.accountId()))
                .body("user_profile.roles." + second, equalTo("owner"))
                .body("user_profile.is_pin_set", equalTo(false))
                .body("user_profile.is_kyc_verified", equalTo(false))
                .body("user_profile.kyc_tier", equalTo(0))
                .body("user_profile.accounts[0]", hasKey("merchant_id"))
                .body("user_profile.accounts[0]", hasKey("is_approved"));
    }

    @Test
    void bad_input_is_a_clear_400_never_a_500() {
        var m = TestMerchants.onboard();
        m.as().body("{not json").post("/api/v2/accounts").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument")).body("status_code", equalTo(400));
        m.as().body("{\"organization_id\": \"abc\", \"name\": \"x\"}").post("/api/v2/accounts").then().statusCode(400)
                .body("error_message", containsString("organization_id"));
        m.as().body(Map.of("name", "x", "dial_code", "+254")).post("/api/v2/accounts").then().statusCode(400)
                .body("error_message", equalTo("organization_id is required"));
        m.as().body(team(m, "x".repeat(300), "+254", "712345678")).post("/api/v2/accounts").then().statusCode(400)
                .body("error_message", containsString("name"));
        m.as().body(with(team(m, "Bad email", "+254", "712345678"), "email", "not-an-email"))
                .post("/api/v2/accounts").then().statusCode(400).body("error_message", containsString("email"));
        m.as().body(team(m, "Nowhere", "+999", "123456")).post("/api/v2/accounts").then().statusCode(400);
        m.as().get("/api/v2/account/abc").then().statusCode(404).body("error_code", equalTo("not_found"));
        m.as().get("/api/v2/account/99999999999999999999").then().statusCode(404);
        m.as().body("[]").put("/api/v2/accounts").then().statusCode(400);
    }

    @Test
    void invitations_are_mailed_accepted_once_and_grant_the_role_and_a_credential() {
        var m = TestMerchants.onboard();
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "invitee" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email,
                        "role_id", 2, "base_url", "https://app.example.com/join"))
                .post("/api/v2/account_invites").then().statusCode(200).body("success", equalTo(true));
        var mails = mailbox.getMailsSentTo(email);
        assertEquals(1, mails.size());
        String text = mails.get(0).getText();
        String token = text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
        org.junit.jupiter.api.Assertions.assertTrue(text.contains("https://app.example.com/join?invite_token="));

        var accepted = io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("token", token, "first_name", "Ivy", "last_name", "Invitee"))
                .post("/api/v2/account_invites/accept").then().statusCode(200)
                .body("credentials.username", notNullValue())
                .extract().jsonPath();
        io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("token", token, "first_name", "Ivy", "last_name", "Again"))
                .post("/api/v2/account_invites/accept").then().statusCode(404);
        // both accepts are audit events (section 18: Team membership), the used token never in details
        var audited = TestMerchants.asOperator().get("/api/admin/audit-events?action=team_member.accept&limit=100")
                .then().statusCode(200).extract().jsonPath();
        java.util.List<java.util.Map<String, Object>> mine = audited.<java.util.Map<String, Object>>getList("audit_events")
                .stream().filter(e -> String.valueOf(e.get("details")).contains("Ivy")).toList();
        assertEquals(java.util.Set.of("succeeded", "refused"),
                mine.stream().map(e -> (String) e.get("outcome")).collect(java.util.stream.Collectors.toSet()));
        org.junit.jupiter.api.Assertions.assertFalse(mine.toString().contains(token), "the invitation token is a secret");

        long inviteeId = accepted.getLong("user.id");
        var invitee = io.restassured.RestAssured.given().auth().preemptive()
                .basic(accepted.getString("credentials.username"), accepted.getString("credentials.password"));
        invitee.get("/api/v2/account/" + m.accountId()).then().statusCode(200);
        m.as().get("/api/v2/user_profile/" + inviteeId).then().statusCode(200)
                .body("user_profile.roles." + m.accountId(), equalTo("admin"))
                .body("user_profile.user.email", equalTo(email));

        // Removing the member revokes their access to the Team.
        m.as().delete("/api/v2/accounts/" + m.accountId() + "/users/" + inviteeId).then().statusCode(200)
                .body("success", equalTo(true));
        io.restassured.RestAssured.given().auth().preemptive()
                .basic(accepted.getString("credentials.username"), accepted.getString("credentials.password"))
                .get("/api/v2/account/" + m.accountId()).then().statusCode(401);
        m.as().get("/api/v2/user_profile/" + inviteeId).then().statusCode(200)
                .body("user_profile.roles", not(hasKey(String.valueOf(m.accountId()))));
    }

    @Test
    void an_invitees_phone_from_the_invitation_is_kept_in_the_clear() {
        var m = TestMerchants.onboard();
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "phone" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email,
                        "phone_number", "+254711000333"))
                .post("/api/v2/account_invites").then().statusCode(200);
        String text = mailbox.getMailsSentTo(email).get(0).getText();
        String token = text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
        io.restassured.RestAssured.given().contentType("application/json")
                .body(Map.of("token", token, "first_name", "Pam", "last_name", "Phone"))
                .post("/api/v2/account_invites/accept").then().statusCode(200)
                .body("user.phone_number", equalTo("+254711000333"));
    }

    @Test
    void the_last_owner_cannot_be_removed() {
        var m = TestMerchants.onboard();
        long other = m.as().body(team(m, "Other", "+254", "712000222")).post("/api/v2/accounts")
                .then().statusCode(200).extract().jsonPath().getLong("account.id");
        m.as().delete("/api/v2/accounts/" + other + "/users/" + m.userId()).then().statusCode(400)
                .body("error_message", containsString("owner"));
    }
}

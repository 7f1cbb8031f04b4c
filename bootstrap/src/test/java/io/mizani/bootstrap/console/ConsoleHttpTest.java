package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/** The console over plain HTTP: who gets in, the CSRF guard of its forms, the landing page and the invite page. */
@QuarkusTest
class ConsoleHttpTest {

    static final Pattern CSRF = Pattern.compile("name=\"csrf_token\" value=\"([A-Za-z0-9_-]+)\"");

    static RequestSpecification operator() {
        return given().auth().preemptive().basic(OPERATOR, OPERATOR_PASSWORD).redirects().follow(false);
    }

    static String csrf(String page) {
        Matcher m = CSRF.matcher(page);
        assertTrue(m.find(), "the page carries a CSRF token");
        return m.group(1);
    }

    @Test
    void the_console_asks_a_browser_for_the_operator_login_and_refuses_merchants() {
        Merchant m = TestMerchants.onboard();
        for (String path : new String[] {"/console", "/console/accounts", "/console/kyc", "/console/accounts/" + m.accountId()}) {
            given().redirects().follow(false).get(path).then().statusCode(401)
                    .header("WWW-Authenticate", startsWith("Basic"));
            given().auth().preemptive().basic(OPERATOR, "wrong").get(path).then().statusCode(401);
            given().auth().preemptive().basic(m.username(), m.password()).get(path).then().statusCode(403);
            operator().get(path).then().statusCode(200).contentType(containsString("text/html"))
                    .header("Content-Security-Policy", containsString("default-src 'none'"))
                    .header("Content-Security-Policy", not(containsString("unsafe-inline")))
                    .header("X-Frame-Options", "DENY")
                    .header("Cache-Control", "no-store")
                    .body(not(containsString("<script")));
        }
        // the stylesheet is the only asset, served by the service itself
        given().get("/console/console.css").then().statusCode(200).contentType(containsString("text/css"));
    }

    @Test
    void a_form_post_without_the_token_or_from_another_site_is_refused_and_changes_nothing() {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        String page = operator().get("/console/accounts/" + m.accountId()).then().statusCode(200).extract().asString();
        String token = csrf(page);
        String path = "/console/accounts/" + m.accountId() + "/service-wallet/credits";
        operator().formParam("amount", "50").formParam("reference", "no-token").post(path).then().statusCode(403)
                .body(containsString("did not come from the console"));
        operator().formParam("amount", "50").formParam("reference", "bad-token").formParam("csrf_token", token + "x")
                .post(path).then().statusCode(403);
        operator().header("Sec-Fetch-Site", "cross-site").formParam("amount", "50").formParam("reference", "xsite")
                .formParam("csrf_token", token).post(path).then().statusCode(403);
        operator().header("Origin", "https://evil.example").formParam("amount", "50").formParam("reference", "xorigin")
                .formParam("csrf_token", token).post(path).then().statusCode(403);
        // a merchant cannot post the console's forms at all
        given().auth().preemptive().basic(m.username(), m.password()).formParam("amount", "50")
                .formParam("reference", "merchant").formParam("csrf_token", token).post(path).then().statusCode(403);
        assertEquals(0f, wallet(m));

        operator().header("Sec-Fetch-Site", "same-origin").formParam("amount", "50").formParam("reference", "ok-1")
                .formParam("csrf_token", token).post(path).then().statusCode(303)
                .header("Location", containsString("/console/accounts/" + m.accountId() + "?notice=credited"));
        assertEquals(50f, wallet(m));
        assertEquals(0f, wallet(other), "the other merchant's wallet did not move");
        // the same rule as the operator API: a repeated reference credits once; a bad amount is a page, not a 500
        operator().formParam("amount", "50").formParam("reference", "ok-1").formParam("csrf_token", token).post(path)
                .then().statusCode(303);
        assertEquals(50f, wallet(m));
        operator().formParam("amount", "fifty").formParam("reference", "ok-2").formParam("csrf_token", token).post(path)
                .then().statusCode(400).contentType(containsString("text/html"))
                .body(containsString("amount must be a number"));
    }

    static float wallet(Merchant m) {
        return asOperator().get("/api/admin/accounts?merchant=" + m.organizationId()).then().statusCode(200)
                .extract().jsonPath().getFloat("accounts[0].service_wallet_balance");
    }

    @Test
    void another_teams_credential_cannot_be_revoked_from_this_teams_page() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        String token = csrf(operator().get("/console/accounts/" + a.accountId()).then().extract().asString());
        operator().formParam("csrf_token", token)
                .post("/console/accounts/" + a.accountId() + "/credentials/" + b.username() + "/revoke")
                .then().statusCode(404);
        b.as().get("/api/v2/account/" + b.accountId()).then().statusCode(200);
        operator().formParam("csrf_token", token)
                .post("/console/accounts/" + b.accountId() + "/credentials/" + b.username() + "/revoke")
                .then().statusCode(303);
        b.as().get("/api/v2/account/" + b.accountId()).then().statusCode(401);
    }

    @Test
    void root_answers_a_browser_with_a_page_and_a_json_client_with_the_same_links() {
        given().accept("text/html,application/xhtml+xml,*/*;q=0.8").get("/").then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .body(containsString("href=\"/q/swagger-ui\""))
                .body(containsString("href=\"/console\""))
                .body(containsString("href=\"/q/health/ready\""))
                .body(containsString("sandbox mode"))
                // a quick start that runs as pasted against this very service, and the sandbox's test values
                .body(containsString("curl -s -u demo:demo-secret http://localhost:" + RestAssured.port + "/api/v2/ping"))
                .body(containsString("/api/v1/kyc/verify/national_id_ke -d '{\"number\": \"12345678\"}'"))
                .body(containsString("Card <code>4000 0000 0000 0002</code>"))
                .body(containsString("<code>account_number</code> ending in <code>00</code></td><td><code>failed</code>"));
        given().accept("application/json").get("/").then().statusCode(200).contentType(containsString("application/json"))
                .body("service", equalTo("mizani")).body("mode", equalTo("sandbox"))
                .body("links.swagger_ui", equalTo("/q/swagger-ui")).body("links.console", equalTo("/console"))
                .body("links.ready", equalTo("/q/health/ready"));
        given().get("/").then().statusCode(200).contentType(containsString("application/json"));
    }

    @Test
    void the_invitation_link_opens_a_page_whose_form_accepts_once() {
        Merchant m = TestMerchants.onboard();
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "page" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email,
                "role_id", 2)).post("/api/v2/account_invites").then().statusCode(200);
        String text = mailbox.getMailsSentTo(email).get(0).getText();
        Matcher link = Pattern.compile("(https?://\\S+/api/v2/account_invites/accept\\?invite_token=([A-Za-z0-9_-]+))")
                .matcher(text);
        assertTrue(link.find(), text);
        String token = link.group(2);
        given().accept("text/html").get("/api/v2/account_invites/accept?invite_token=" + token).then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Referrer-Policy", "no-referrer")
                .body(containsString("name=\"invite_token\" value=\"" + token + "\""))
                // the page names the Team, who invited and the role (role_id 2: admin) before anything is typed
                .body(containsString("<span id=\"team_name\">"))
                .body(containsString("<strong id=\"role\">admin</strong>"))
                .body(containsString("invited you to the Team as"));
        given().get("/api/v2/account_invites/accept").then().statusCode(400);
        // a link that names no invitation says so at once, with no form to fill in for nothing
        given().accept("text/html").get("/api/v2/account_invites/accept?invite_token=not-a-real-token").then()
                .statusCode(404).body(containsString("This invitation cannot be used"))
                .body(org.hamcrest.Matchers.not(containsString("id=\"first_name\"")));
        given().formParam("invite_token", token).formParam("first_name", "Pat").post("/api/v2/account_invites/accept")
                .then().statusCode(400).body(containsString("last_name"))
                .body(containsString("name=\"invite_token\" value=\"" + token + "\""));
        String done = given().formParam("invite_token", token).formParam("first_name", "Pat").formParam("last_name", "Lee")
                .post("/api/v2/account_invites/accept").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Invitation accepted")).extract().asString();
        Matcher user = Pattern.compile("id=\"username\">([^<]+)<").matcher(done);
        Matcher pass = Pattern.compile("id=\"password\">([^<]+)<").matcher(done);
        assertTrue(user.find() && pass.find());
        given().auth().preemptive().basic(user.group(1), pass.group(1)).get("/api/v2/account/" + m.accountId())
                .then().statusCode(200);
        given().formParam("invite_token", token).formParam("first_name", "Pat").formParam("last_name", "Lee")
                .post("/api/v2/account_invites/accept").then().statusCode(404)
                .body(containsString("invitation not found, expired or already accepted"));
        // the used link, opened again
        given().accept("text/html").get("/api/v2/account_invites/accept?invite_token=" + token).then().statusCode(404)
                .body(containsString("The link was already used, has expired, or was never sent."))
                .body(org.hamcrest.Matchers.not(containsString("id=\"first_name\"")));
    }

    /** The pages built from ConsoleResource's templates show a merchant's markup as text (Qute escapes every value). */
    @Test
    void a_team_name_with_markup_is_text_on_every_page_of_the_team() {
        Merchant m = TestMerchants.onboard();
        String name = "<i>Kiosk " + System.nanoTime() + "</i>";
        long team = m.as().body(Map.of("organization_id", m.organizationId(), "name", name, "dial_code", "+254",
                        "number", "712998" + String.format("%03d", System.nanoTime() % 1000)))
                .post("/api/v2/accounts").then().statusCode(200).extract().jsonPath().getLong("account.id");
        String escaped = name.replace("<", "&lt;").replace(">", "&gt;");
        for (String path : new String[] {"/console/accounts?merchant=" + m.organizationId(), "/console/accounts/" + team,
                "/console/accounts/" + team + "/payments", "/console/accounts/" + team + "/refunds",
                "/console/accounts/" + team + "/events"}) {
            operator().get(path).then().statusCode(200).body(not(containsString(name)))
                    .body(containsString(escaped));
        }
        // and a search term typed into the merchants page comes back as text in its box
        operator().queryParam("name", name).get("/console").then().statusCode(200).body(not(containsString(name)))
                .body(containsString("value=\"" + escaped + "\""));
    }
}

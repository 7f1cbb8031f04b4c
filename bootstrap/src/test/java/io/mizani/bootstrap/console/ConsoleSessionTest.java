package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.mizani.bootstrap.payment.RailStubs;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;

/**
 * The console's sign-in form beside HTTP Basic (platform.md section 18, docs/console.md): a session in a cookie that
 * any replica resumes, ended by sign-out (every session of that login, on every replica), by inactivity and when the
 * operator is deleted; a wrong sign-in is 401 and counts toward the per-address throttle (AuthThrottleTest runs the
 * throttle itself); tools keep HTTP Basic. The idle timeout is 3 s in this profile (the rail stubs' start, {@link RailStubs}).
 */
@QuarkusTest
@TestProfile(RailStubs.class)
public class ConsoleSessionTest {

    /** This class's settings, part of the {@link RailStubs} start (one start less in the suite). */
    public static class ShortSessions implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mizani.console.idle-timeout", "PT3S", "mizani.console.session-max", "PT1H");
        }
    }

    static final String COOKIE = "mizani_console";

    static RequestSpecification browser() {
        return given().redirects().follow(false).header("Accept", "text/html,application/xhtml+xml");
    }

    static Response signIn(String username, String password, String next) {
        RequestSpecification r = browser().header("Sec-Fetch-Site", "same-origin").formParam("username", username)
                .formParam("password", password);
        if (next != null) {
            r = r.formParam("next", next);
        }
        return r.post("/console/sign-in");
    }

    static String session(Response signedIn) {
        signedIn.then().statusCode(303);
        String cookie = signedIn.getCookie(COOKIE);
        assertNotNull(cookie, "a session cookie");
        String header = signedIn.getHeader("Set-Cookie").toLowerCase(java.util.Locale.ROOT);
        assertTrue(header.contains("httponly") && header.contains("samesite=strict") && header.contains("path=/console"),
                header);
        return cookie;
    }

    @Test
    void a_browser_signs_in_with_the_form_uses_the_console_and_signs_out_everywhere() {
        Merchant m = TestMerchants.onboard();
        // a browser without a session is sent to the sign-in page, with where it was going
        browser().get("/console/accounts/" + m.accountId()).then().statusCode(303)
                .header("Location", endsWithPath("/console/sign-in?next=%2Fconsole%2Faccounts%2F" + m.accountId()));
        browser().get("/console/sign-in").then().statusCode(200).body(containsString("id=\"sign_in\""))
                .header("Content-Security-Policy", containsString("default-src 'none'"));
        // tools keep HTTP Basic, and a client that does not ask for HTML keeps the 401 challenge
        given().redirects().follow(false).get("/console").then().statusCode(401)
                .header("WWW-Authenticate", startsWith("Basic"));
        given().auth().preemptive().basic(OPERATOR, OPERATOR_PASSWORD).get("/console").then().statusCode(200);

        // wrong logins: 401, the form again, no cookie; a merchant's API login is no operator login
        Response wrong = signIn(OPERATOR, "not-the-password", null);
        wrong.then().statusCode(401).body(containsString("Wrong username or password.")).body(not(containsString("not-the-password")));
        assertEquals(null, wrong.getCookie(COOKIE));
        signIn(m.username(), m.password(), null).then().statusCode(401);
        // what was typed comes back as text in the field, never as markup
        signIn("\"><script>alert(1)</script>", "x", null).then().statusCode(401)
                .body(containsString("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
                .body(not(containsString("<script>")));
        browser().get("/console/sign-in?ended=idle").then().statusCode(200).body(containsString(
                "<p class=\"notice\" id=\"notice\" role=\"status\">You were signed out after a period of inactivity."));
        // a sign-in posted from another site is refused before the login is looked at
        browser().header("Sec-Fetch-Site", "cross-site").formParam("username", OPERATOR)
                .formParam("password", OPERATOR_PASSWORD).post("/console/sign-in").then().statusCode(403);

        // signed in: back to where it was going, and the console answers to the cookie alone
        Response ok = signIn(OPERATOR, OPERATOR_PASSWORD, "/console/accounts/" + m.accountId());
        ok.then().header("Location", endsWithPath("/console/accounts/" + m.accountId()));
        String cookie = session(ok);
        String page = browser().cookie(COOKIE, cookie).get("/console/accounts/" + m.accountId()).then().statusCode(200)
                .body(containsString("Signed in as <strong>operator</strong>")).body(containsString("id=\"sign_out\""))
                .extract().asString();
        // an open redirect is not possible through next
        signIn(OPERATOR, OPERATOR_PASSWORD, "https://evil.example/console").then().statusCode(303)
                .header("Location", endsWithPath("/console"));
        signIn(OPERATOR, OPERATOR_PASSWORD, "//evil.example/console").then().header("Location", endsWithPath("/console"));
        // a changed cookie is no session
        browser().cookie(COOKIE, cookie.substring(0, cookie.length() - 2) + "AA").get("/console").then().statusCode(303)
                .header("Location", containsString("ended=invalid"));

        // a second session of the same login (another browser), then sign-out from the first ends both
        String other = session(signIn(OPERATOR, OPERATOR_PASSWORD, null));
        browser().cookie(COOKIE, other).get("/console").then().statusCode(200);
        String token = ConsoleHttpTest.csrf(page);
        browser().cookie(COOKIE, cookie).formParam("csrf_token", "forged").post("/console/sign-out").then().statusCode(403);
        Response out = browser().cookie(COOKIE, cookie).header("Sec-Fetch-Site", "same-origin")
                .formParam("csrf_token", token).post("/console/sign-out");
        out.then().statusCode(303).header("Location", endsWithPath("/console/sign-in?ended=signed_out"));
        assertTrue(out.getHeader("Set-Cookie").contains("Max-Age=0"), out.getHeader("Set-Cookie"));
        browser().cookie(COOKIE, cookie).get("/console").then().statusCode(303)
                .header("Location", containsString("ended=signed_out"));
        browser().cookie(COOKIE, other).get("/console").then().statusCode(303)
                .header("Location", containsString("ended=signed_out"));
        // the sign-out is in the audit log, by that operator
        asOperator().get("/api/admin/audit-events?action=console.sign_out").then().statusCode(200)
                .body("audit_events[0].actor.username", org.hamcrest.Matchers.equalTo(OPERATOR))
                .body("audit_events[0].outcome", org.hamcrest.Matchers.equalTo("succeeded"));
        // and signing in again works at once
        String again = session(signIn(OPERATOR, OPERATOR_PASSWORD, null));
        browser().cookie(COOKIE, again).get("/console").then().statusCode(200);
    }

    @Test
    void a_session_ends_after_inactivity_and_stays_alive_while_used() throws Exception {
        String cookie = session(signIn(OPERATOR, OPERATOR_PASSWORD, null));
        // used every second for 5 s (longer than the 3 s idle timeout): alive, renewed as it goes
        long until = System.nanoTime() + 5_000_000_000L;
        String current = cookie;
        while (System.nanoTime() < until) {
            Response r = browser().cookie(COOKIE, current).get("/console");
            r.then().statusCode(200);
            String renewed = r.getCookie(COOKIE);
            if (renewed != null && !renewed.isEmpty()) {
                current = renewed;
            }
            Thread.sleep(1000);
        }
        // idle for 4 s: over
        Thread.sleep(4000);
        browser().cookie(COOKIE, current).get("/console/kyc").then().statusCode(303)
                .header("Location", containsString("ended=idle"));
        browser().get("/console/sign-in?ended=idle").then().statusCode(200)
                .body(containsString("signed out after a period of inactivity"));
        assertNotEquals(cookie, "", "the first cookie was a session");
    }

    @Test
    void a_deleted_operator_s_session_ends() {
        String username = "console-" + Long.toString(System.nanoTime(), 36);
        String password = asOperator().body(Map.of("username", username, "role", "support")).post("/api/admin/operators")
                .then().statusCode(201).extract().jsonPath().getString("password");
        String cookie = session(signIn(username, password, null));
        browser().cookie(COOKIE, cookie).get("/console").then().statusCode(200)
                .body(containsString("Signed in as <strong>" + username + "</strong>"));
        asOperator().delete("/api/admin/operators/" + username).then().statusCode(200);
        browser().cookie(COOKIE, cookie).get("/console").then().statusCode(303)
                .header("Location", containsString("ended=invalid"));
        signIn(username, password, null).then().statusCode(401);
    }

    private static org.hamcrest.Matcher<String> endsWithPath(String path) {
        return org.hamcrest.Matchers.anyOf(org.hamcrest.Matchers.equalTo(path), org.hamcrest.Matchers.endsWith(path));
    }
}

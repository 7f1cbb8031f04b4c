package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The hosted card checkout over plain form posts (platform.md section 12): a declined card keeps the payment
 * pending and the payer tries another card on the same page; cancelling fails it with {@code cancelled by the
 * payer}, calls it back and sends the payer to redirect_url; the page is branded with the Team and keeps its
 * strict CSP.
 */
@QuarkusTest
class CheckoutFlowTest {

    static CallbackReceiver site;

    @BeforeAll
    static void start() {
        site = new CallbackReceiver();
    }

    @AfterAll
    static void stop() {
        site.close();
    }

    record Checkout(String ref, String url, String path) {
    }

    static Checkout open(Merchant m, String back, String callback) {
        var body = CardCheckoutBrowserTest.cardPayment(site.url(back), site.url(callback));
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String url = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath()
                .getString("checkout_url");
        return new Checkout(ref, url, URI.create(url).getPath());
    }

    static JsonPath transaction(Merchant m, String ref) {
        return m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
    }

    static Merchant cardMerchant() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        return m;
    }

    @Test
    void declined_card_keeps_the_payment_pending_and_another_card_on_the_same_page_succeeds() {
        Merchant m = cardMerchant();
        Merchant other = cardMerchant();
        Checkout c = open(m, "/thanks", "/cb-retry");

        // what a real card form refuses is refused before anything is sent: 422, every problem named, no state moved
        given().redirects().follow(false).formParam("card_number", "4242 4242 4242 4241").formParam("expiry", "01/20")
                .formParam("cvc", "12").post(c.path())
                .then().statusCode(422).contentType(containsString("text/html"))
                .body(containsString("The card number is not valid: check the digits. This card has expired: use"
                        + " another card. The security code is the 3 digits on the back of the card."))
                .body(not(containsString("4242 4242 4242 4241")));
        // open as it was (the worker may move a card payment from queued to pending meanwhile, on its own), not failed
        assertTrue(java.util.Set.of("queued", "pending").contains(transaction(m, c.ref()).getString("transaction.status")));
        assertNull(transaction(m, c.ref()).getString("transaction.failure_reason"));

        Response declined = given().redirects().follow(false).formParam("card_number", "4000 0000 0000 0002")
                .formParam("expiry", "12/34").formParam("cvc", "123").post(c.path());
        declined.then().statusCode(402).contentType(containsString("text/html"))
                .body(containsString("Your card was declined. No money was taken: try another card."))
                .body(containsString("id=\"card_number\""))
                .body(containsString("role=\"alert\""));
        assertEquals("pending", transaction(m, c.ref()).getString("transaction.status"));
        assertNull(transaction(m, c.ref()).getString("transaction.failure_reason"));
        // a browser's form submission is sent back to the page (post/redirect/get): Back never posts the card again
        Response navigated = given().redirects().follow(false).header("Sec-Fetch-Mode", "navigate")
                .formParam("card_number", "4000 0000 0000 0002").formParam("expiry", "12/34").formParam("cvc", "123")
                .post(c.path());
        navigated.then().statusCode(303).header("Location", endsWith(c.path() + "?declined=1"));
        given().get(c.path() + "?declined=1").then().statusCode(200)
                .body(containsString("<p class=\"error\" id=\"error\" role=\"alert\">Your card was declined. No money"
                        + " was taken: try another card.</p>"))
                .body(containsString("aria-invalid=\"true\" autofocus"));
        assertEquals("pending", transaction(m, c.ref()).getString("transaction.status"));

        Response approved = given().redirects().follow(false).formParam("card_number", "4242424242424242")
                .post(c.path());
        approved.then().statusCode(303);
        assertEquals(site.url("/thanks") + "?merchant_reference=" + c.ref() + "&status=succeeded",
                approved.header("Location"));
        assertEquals("succeeded", transaction(m, c.ref()).getString("transaction.status"));
        var cb = site.await(r -> r.path().equals("/cb-retry"), 1, Duration.ofSeconds(10)).get(0);
        cb.verify(m.webhookSecret());
        assertEquals("transaction.succeeded", new JsonPath(cb.body()).getString("type"));

        given().get(c.path()).then().statusCode(200)
                .body(containsString("<p class=\"result\" id=\"status\" role=\"status\">This payment succeeded.</p>"))
                .body(not(containsString("is succeeded")));
        // paying again changes nothing; one callback only
        given().redirects().follow(false).formParam("card_number", "4000000000000002").post(c.path()).then().statusCode(303);
        PaymentsApiTest.sleep(500);
        assertEquals(1, site.to("/cb-retry").size());
        other.as().body(Map.of("merchant_reference", c.ref())).post("/api/global/transaction-status").then().statusCode(404);
    }

    @Test
    void payer_cancels_the_payment_fails_is_called_back_and_the_payer_returns_to_redirect_url() {
        Merchant m = cardMerchant();
        Checkout c = open(m, "/back", "/cb-cancel");
        Response cancelled = given().redirects().follow(false).post(c.path() + "/cancel");
        cancelled.then().statusCode(303);
        assertEquals(site.url("/back") + "?merchant_reference=" + c.ref() + "&status=failed", cancelled.header("Location"));
        JsonPath t = transaction(m, c.ref());
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("cancelled by the payer", t.getString("transaction.failure_reason"));
        var cb = site.await(r -> r.path().equals("/cb-cancel"), 1, Duration.ofSeconds(10)).get(0);
        cb.verify(m.webhookSecret());
        JsonPath cbBody = new JsonPath(cb.body());
        assertEquals("transaction.failed", cbBody.getString("type"));
        assertEquals("cancelled by the payer", cbBody.getString("data.transaction.failure_reason"));
        given().get(c.path()).then().statusCode(200)
                .body(containsString("This payment failed."))
                .body(containsString("You cancelled it. No money was taken."));
        // a card after the cancel takes nothing
        given().redirects().follow(false).formParam("card_number", "4242424242424242").post(c.path()).then().statusCode(303);
        assertEquals("failed", transaction(m, c.ref()).getString("transaction.status"));
        given().redirects().follow(false).post("/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/cancel")
                .then().statusCode(404);
    }

    @Test
    void page_shows_the_team_brand_with_a_strict_csp_and_no_external_assets() throws Exception {
        Merchant m = cardMerchant();
        Checkout plain = open(m, "/b", "/cb-plain");
        String html = given().get(plain.path()).then().statusCode(200).extract().asString();
        String name = m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200).extract().jsonPath()
                .getString("account.name");
        assertTrue(name.startsWith("Team "), name);
        assertTrue(html.contains("<p id=\"merchant_name\">" + name + "</p>"), html);
        assertFalse(html.contains("id=\"merchant_logo\""), "no logo set, none shown");

        m.as().body(Map.of("account_id", m.accountId(), "logo", "https://cdn.example.com/brand/logo.png",
                "theme_color", "#FFCC00", "payment_note", "Orders ship within <2> days & free returns"))
                .put("/api/v2/accounts").then().statusCode(200);
        Checkout c = open(m, "/b", "/cb-brand");
        Response page = given().get(c.path());
        page.then().statusCode(200).header("Referrer-Policy", "no-referrer").header("Cache-Control", "no-store");
        String body = page.asString();
        assertTrue(body.contains("<img id=\"merchant_logo\" src=\"https://cdn.example.com/brand/logo.png\" alt=\""
                + name + " logo\">"), body);
        assertTrue(body.contains("--brand:#ffcc00;--on-brand:#111111"), "dark text on a light theme colour");
        assertTrue(body.contains("<p class=\"note\" id=\"payment_note\">Orders ship within &lt;2&gt; days &amp; free returns</p>"));
        assertTrue(body.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
        assertTrue(body.contains("box-sizing:border-box"), "inputs keep their padding inside 100% width");
        assertTrue(body.contains("autocomplete=\"cc-number\""));
        assertTrue(body.contains("id=\"cancel\""));

        String csp = page.header("Content-Security-Policy");
        assertTrue(csp.startsWith("default-src 'none'"), csp);
        assertTrue(csp.contains("img-src https://cdn.example.com"), csp);
        assertFalse(csp.contains("unsafe-eval") || csp.contains("script-src 'unsafe-inline'") || csp.contains("*"), csp);
        // the one inline script runs only because its hash is in the policy
        Matcher script = Pattern.compile("<script>(.*?)</script>", Pattern.DOTALL).matcher(body);
        assertTrue(script.find());
        String hash = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(script.group(1).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(csp.contains("script-src 'sha256-" + hash + "'"), csp);
        assertFalse(script.find(), "exactly one script");
        // and its one style element, with the Team's colours in it, only because its hash is there: no 'unsafe-inline'
        Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(body);
        assertTrue(style.find());
        String styleHash = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                .digest(style.group(1).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(csp.contains("style-src 'sha256-" + styleHash + "'"), csp);
        assertFalse(csp.contains("unsafe-inline"), csp);
        assertFalse(body.contains(" style=\""), "no style attribute: the policy would refuse it");
        // nothing is fetched from elsewhere but the Team's own logo
        Matcher external = Pattern.compile("(src|href)=\"(https?:)?//").matcher(body);
        while (external.find()) {
            int at = external.start();
            assertTrue(body.startsWith("src=\"https://cdn.example.com/brand/logo.png\"", at), body.substring(at, at + 60));
        }
        assertFalse(body.contains("<link"), "no external stylesheet");

        // an unsafe logo address is not shown and opens nothing in the CSP
        m.as().body(Map.of("account_id", m.accountId(), "logo", "javascript:alert(1)", "theme_color", "#0a0a0a"))
                .put("/api/v2/accounts").then().statusCode(200);
        Response unsafe = given().get(c.path());
        assertFalse(unsafe.asString().contains("merchant_logo"));
        assertFalse(unsafe.header("Content-Security-Policy").contains("img-src"));
        assertTrue(unsafe.asString().contains("--brand:#0a0a0a;--on-brand:#ffffff"));
        assertTrue(Set.of("queued", "pending").contains(transaction(m, c.ref()).getString("transaction.status")));
    }
}

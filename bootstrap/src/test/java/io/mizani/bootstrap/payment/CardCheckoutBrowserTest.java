package io.mizani.bootstrap.payment;

import io.mizani.bootstrap.support.Axe;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.mizani.bootstrap.payment.PaymentFixtures.*;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.*;

/**
 * The hosted card checkout driven in a real headless Chromium (Debian's chromium and chromium-driver): the payer
 * opens checkout_url without credentials, types a test card, and lands on the merchant's redirect_url.
 * Set MIZANI_REQUIRE_BROWSER=true (CI does) to fail instead of skipping when Chromium is not installed.
 */
@QuarkusTest
class CardCheckoutBrowserTest {

    static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    static final String CHROMIUM = "/usr/bin/chromium";
    static ChromeDriver browser;
    static CallbackReceiver merchantSite;

    @BeforeAll
    static void startBrowser() {
        boolean installed = Files.isExecutable(Path.of(CHROMEDRIVER)) && Files.isExecutable(Path.of(CHROMIUM));
        if (!installed && "true".equals(System.getenv("MIZANI_REQUIRE_BROWSER"))) {
            fail("chromium and chromium-driver are required (apt-get install -y chromium chromium-driver)");
        }
        Assumptions.assumeTrue(installed, "chromium / chromium-driver not installed");
        merchantSite = new CallbackReceiver();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1024,900");
        // the payer's browser asks for Kenyan English: amounts are written as a Kenyan reads them
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", "en-KE,en"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
        if (merchantSite != null) {
            merchantSite.close();
        }
    }

    static Map<String, Object> cardPayment(String redirect, String callback) {
        var pay = paymentConfig(ref(), "card", callback);
        pay.put("redirect_url", redirect);
        return body("payment", "card", "card_ke", 1500, "KES", "KE", inlineCustomer(),
                network("card_ke", "net_ke_card", "Visa/Mastercard", "CARD", "card"), pay);
    }

    /** A fresh merchant's card payment, open at {@code url}. */
    record Opened(Merchant merchant, String ref, String url) {
    }

    /** Opens a card payment of a fresh merchant that returns the payer to {@code back} on the merchant's site. */
    static Opened openCheckout(String back, String callback) {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        var body = cardPayment(merchantSite.url(back), merchantSite.url(callback));
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String url = m.as().body(body).post("/api/global/payments").then().statusCode(200)
                .extract().jsonPath().getString("checkout_url");
        return new Opened(m, ref, url);
    }

    static String status(Merchant m, String ref) {
        return m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath().getString("transaction.status");
    }

    void payInBrowser(String checkoutUrl, String card) {
        browser.get(checkoutUrl);
        assertTrue(browser.getTitle().contains("KES"), browser.getTitle());
        browser.findElement(By.id("card_number")).sendKeys(card);
        browser.findElement(By.id("expiry")).sendKeys("12/34");
        browser.findElement(By.id("cvc")).sendKeys("123");
        browser.findElement(By.id("pay")).click();
    }

    /** Waits for an element of the page the last click led to (a click does not wait for the next page). */
    org.openqa.selenium.WebElement awaitElement(By by) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            var found = browser.findElements(by);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            PaymentsApiTest.sleep(50);
        }
        return browser.findElement(by);
    }

    void awaitUrl(String prefix) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline && !browser.getCurrentUrl().startsWith(prefix)) {
            PaymentsApiTest.sleep(100);
        }
        assertTrue(browser.getCurrentUrl().startsWith(prefix), browser.getCurrentUrl());
    }

    @Test
    void approved_card_succeeds_and_returns_the_payer_to_redirect_url() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        var body = cardPayment(merchantSite.url("/thanks"), merchantSite.url("/card-cb"));
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        JsonPath a = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath();
        String checkoutUrl = a.getString("checkout_url");
        assertTrue(checkoutUrl.matches("http://[^/]+/checkout/[A-Za-z0-9_-]{43}"), checkoutUrl);
        assertTrue(Set.of("queued", "pending").contains(status(m, ref)));

        // the page needs no credentials
        given().get(checkoutUrl).then().statusCode(200).header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-store");

        payInBrowser(checkoutUrl, "4242 4242 4242 4242");
        awaitUrl(merchantSite.url("/thanks"));
        assertTrue(browser.getCurrentUrl().contains("merchant_reference=" + ref));
        assertTrue(browser.getCurrentUrl().contains("status=succeeded"));
        assertEquals("succeeded", status(m, ref));
        var cb = merchantSite.await(r -> r.path().equals("/card-cb") && r.body().contains(ref), 1, Duration.ofSeconds(10)).get(0);
        cb.verify(m.webhookSecret());
        assertTrue(cb.body().contains("\"type\":\"transaction.succeeded\""));
        // the finished checkout cannot be paid again
        browser.get(checkoutUrl);
        assertEquals("This payment succeeded.", awaitElement(By.id("status")).getText());
    }

    @Test
    void declined_card_keeps_the_payment_pending_and_the_payer_pays_with_another_card_on_the_same_page() {
        Opened c = openCheckout("/back", "/card-cb2");
        payInBrowser(c.url(), "5555 5555 5555 4444");
        assertTrue(awaitElement(By.id("error")).getText().contains("4242 4242 4242 4242"));
        assertTrue(Set.of("queued", "pending").contains(status(c.merchant(), c.ref())));
        browser.findElement(By.id("card_number")).clear();
        browser.findElement(By.id("card_number")).sendKeys("4000000000000002");
        browser.findElement(By.id("pay")).click();
        awaitText(By.id("error"), "declined");
        assertEquals("Your card was declined. No money was taken: try another card.",
                browser.findElement(By.id("error")).getText());
        assertEquals("pending", status(c.merchant(), c.ref()));
        assertTrue(browser.getCurrentUrl().startsWith(c.url()), "still on the checkout page");
        // the decline came back as a page of its own (post/redirect/get): a reload asks for nothing and posts nothing
        assertTrue(browser.getCurrentUrl().endsWith("?declined=1"), browser.getCurrentUrl());
        browser.navigate().refresh();
        assertEquals("Your card was declined. No money was taken: try another card.",
                awaitElement(By.id("error")).getText());
        assertEquals("pending", status(c.merchant(), c.ref()));
        var number = browser.findElement(By.id("card_number"));
        number.clear();
        number.sendKeys("4242424242424242");
        assertEquals("4242 4242 4242 4242", number.getAttribute("value"), "grouped as typed (the page's script ran under its CSP)");
        assertEquals("Visa", browser.findElement(By.id("card_brand")).getText());
        browser.findElement(By.id("pay")).click();
        awaitUrl(merchantSite.url("/back"));
        assertTrue(browser.getCurrentUrl().contains("status=succeeded"), browser.getCurrentUrl());
        assertEquals("succeeded", status(c.merchant(), c.ref()));
        var cb = merchantSite.await(r -> r.path().equals("/card-cb2") && r.body().contains(c.ref()), 1,
                Duration.ofSeconds(10));
        assertTrue(cb.get(0).body().contains("\"type\":\"transaction.succeeded\""));
        PaymentsApiTest.sleep(300);
        assertEquals(1, merchantSite.to("/card-cb2").stream().filter(r -> r.body().contains(c.ref())).count(),
                "the declined card sent no callback");
    }

    @Test
    void payer_cancels_from_the_page_and_returns_to_the_merchant() {
        Opened c = openCheckout("/cancelled", "/card-cb3");
        browser.get(c.url());
        // the cancel button waits behind a "Cancel payment" disclosure at the foot of the page, apart from Pay
        var confirm = browser.findElement(By.id("cancel"));
        assertFalse(confirm.isDisplayed(), "no cancel button before the payer asks for it");
        var disclosure = browser.findElement(By.id("cancel_payment"));
        assertEquals("Cancel payment", disclosure.getText());
        assertTrue(disclosure.getRect().getY() > browser.findElement(By.id("pay")).getRect().getY() + 100,
                "Cancel payment sits well below Pay");
        // with the keyboard: Tab past Pay to the disclosure, Enter opens it, Tab reaches the confirmation, Enter
        for (int tabs = 0; tabs < 10 && !"cancel_payment".equals(focused()); tabs++) {
            press(Keys.TAB);
        }
        assertEquals("cancel_payment", focused(), "Tab reaches Cancel payment after Pay");
        press(Keys.ENTER);
        assertTrue(confirm.isDisplayed(), "opening the disclosure shows the confirmation");
        assertEquals("Yes, cancel the payment", confirm.getText());
        assertTrue(browser.findElement(By.id("cancel_explained")).getText().contains("no money is taken"));
        assertTrue(Set.of("queued", "pending").contains(status(c.merchant(), c.ref())),
                "opening the disclosure cancels nothing");
        press(Keys.TAB);
        assertEquals("cancel", focused(), "the confirmation is the next stop");
        press(Keys.ENTER);
        awaitUrl(merchantSite.url("/cancelled"));
        assertTrue(browser.getCurrentUrl().contains("status=failed"));
        JsonPath t = c.merchant().as().body(Map.of("merchant_reference", c.ref())).post("/api/global/transaction-status")
                .then().extract().jsonPath();
        assertEquals("failed", t.getString("transaction.status"));
        assertEquals("cancelled by the payer", t.getString("transaction.failure_reason"));
        merchantSite.await(r -> r.path().equals("/card-cb3") && r.body().contains("cancelled by the payer"), 1,
                Duration.ofSeconds(10));
    }

    @Test
    void page_fits_phone_screens_from_320_px_without_horizontal_scrolling() throws Exception {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        m.as().body(Map.of("account_id", m.accountId(), "theme_color", "#6a1b9a",
                "payment_note", "A very long payment note that must wrap on a narrow phone screen without pushing anything sideways"))
                .put("/api/v2/accounts").then().statusCode(200);
        String checkoutUrl = m.as().body(cardPayment(merchantSite.url("/x"), merchantSite.url("/card-cb4")))
                .post("/api/global/payments").then().statusCode(200).extract().jsonPath().getString("checkout_url");
        Path shots = Path.of("target", "screenshots");
        Files.createDirectories(shots);
        try {
            for (int width : new int[] {320, 390, 1280}) {
                browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, 900));
                browser.get(checkoutUrl);
                long viewport = ((Number) browser.executeScript("return document.documentElement.clientWidth")).longValue();
                long scroll = ((Number) browser.executeScript("return document.documentElement.scrollWidth")).longValue();
                assertTrue(scroll <= viewport, width + " px: page scrolls sideways (" + scroll + " > " + viewport + ")");
                browser.findElement(By.id("cancel_payment")).click();
                for (String id : new String[] {"card_number", "expiry", "cvc", "pay", "cancel_payment", "cancel"}) {
                    var e = browser.findElement(By.id(id));
                    int right = e.getRect().getX() + e.getRect().getWidth();
                    assertTrue(right <= viewport, width + " px: #" + id + " overflows (" + right + " > " + viewport + ")");
                }
                byte[] png = browser.getScreenshotAs(org.openqa.selenium.OutputType.BYTES);
                Files.write(shots.resolve("checkout-" + width + ".png"), png);
                assertEquals(List.of(), Axe.serious(browser), width + " px: axe-core's serious and critical violations");
                // the page's style element applies under its hash-only policy: the Team's colour on the Pay button
                assertEquals("rgba(106, 27, 154, 1)", browser.findElement(By.id("pay")).getCssValue("background-color"));
                // Kenyan English: the shilling's symbol, grouped digits; the expiry in the payer's own clock
                assertEquals("Ksh\u00a01,500.00", browser.findElement(By.id("amount")).getText().replace(' ', '\u00a0'));
                assertFalse(browser.findElement(By.cssSelector("#expires time")).getText().contains("UTC"));
            }
        } finally {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(1024, 900));
        }
    }

    /**
     * A light brand colour (gold): the Pay button's text is dark enough to read on it (4.5:1, WCAG AA) and the focus
     * ring around a field is drawn in ink, not in a gold that vanishes on white (3:1 for non-text, WCAG 1.4.11);
     * contrast measured here from the colours the browser computed.
     */
    @Test
    void a_light_brand_colour_keeps_the_pay_button_and_the_focus_ring_readable() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke");
        m.as().body(Map.of("account_id", m.accountId(), "theme_color", "#ffd700")).put("/api/v2/accounts")
                .then().statusCode(200);
        String checkoutUrl = m.as().body(cardPayment(merchantSite.url("/x"), merchantSite.url("/card-cb5")))
                .post("/api/global/payments").then().statusCode(200).extract().jsonPath().getString("checkout_url");
        browser.get(checkoutUrl);
        var pay = browser.findElement(By.id("pay"));
        double button = contrast(pay.getCssValue("background-color"), pay.getCssValue("color"));
        assertTrue(button >= 4.5, "Pay button text " + button + ":1");
        browser.findElement(By.id("card_number")).click();
        String ring = browser.findElement(By.id("card_number")).getCssValue("outline-color");
        double onWhite = contrast(ring, "rgb(255, 255, 255)");
        assertTrue(onWhite >= 3.0, "focus ring " + ring + " is " + onWhite + ":1 on white");
        assertEquals(List.of(), Axe.serious(browser));
    }

    /** WCAG 2.x contrast of two CSS colours as the browser reports them ({@code rgb(r, g, b)} or {@code rgba(...)}). */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    static double luminance(String css) {
        String[] p = css.replaceAll("[^0-9.,]", "").split(",");
        double[] w = {0.2126, 0.7152, 0.0722};
        double l = 0;
        for (int i = 0; i < 3; i++) {
            double c = Double.parseDouble(p[i]) / 255.0;
            l += w[i] * (c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        }
        return l;
    }

    void awaitText(By by, String text) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            var found = browser.findElements(by);
            if (!found.isEmpty()) {
                try {
                    if (found.get(0).getText().contains(text)) {
                        return;
                    }
                } catch (org.openqa.selenium.StaleElementReferenceException reloading) {
                    // the next page is loading
                }
            }
            PaymentsApiTest.sleep(50);
        }
        fail("no " + by + " containing " + text);
    }

    /**
     * A payer with a keyboard and no mouse: Tab reaches the card number first, Tab walks on through expiry and
     * security code to Pay, Enter pays. The decline is announced (role=alert, tied to the field) and focus is back
     * on the card number, marked invalid, so the payer types the next card at once; the approved card then reaches
     * redirect_url, still without a click. axe-core finds nothing serious on the form, the decline or the result
     * at 320, 390 and 1280 px.
     */
    @Test
    void a_keyboard_alone_pays_after_a_decline_with_focus_where_the_payer_retries() {
        Opened c = openCheckout("/keys", "/card-cb6");
        browser.get(c.url());
        assertAccessibleAt("the form");
        assertEquals("", focused(), "nothing focused before the first Tab");

        typeCardWithKeys("4000 0000 0000 0002");
        press(Keys.ENTER);
        awaitText(By.id("error"), "declined");
        var error = browser.findElement(By.id("error"));
        assertEquals("Your card was declined. No money was taken: try another card.", error.getText());
        assertEquals("alert", error.getAttribute("role"), "the decline is announced");
        assertEquals("card_number", focused(), "focus is back on the card number to retry");
        var number = browser.findElement(By.id("card_number"));
        assertEquals("true", number.getAttribute("aria-invalid"));
        assertTrue(number.getAttribute("aria-describedby").contains("error"), "the field names the decline");
        assertEquals("pending", status(c.merchant(), c.ref()));
        assertAccessibleAt("the decline");

        // focus already sits in the emptied card number: type, Tab on, Enter
        press("4242 4242 4242 4242");
        press(Keys.TAB);
        assertEquals("expiry", focused());
        press("1234");
        press(Keys.TAB);
        assertEquals("cvc", focused());
        press("123");
        press(Keys.TAB);
        assertEquals("pay", focused());
        press(Keys.ENTER);
        awaitUrl(merchantSite.url("/keys"));
        assertTrue(browser.getCurrentUrl().contains("status=succeeded"), browser.getCurrentUrl());
        assertEquals("succeeded", status(c.merchant(), c.ref()));

        browser.get(c.url());
        assertEquals("This payment succeeded.", awaitElement(By.id("status")).getText());
        press(Keys.TAB);
        assertEquals("back", focused(), "the way back to the merchant is the first stop on the result page");
        assertAccessibleAt("the result");
    }

    /**
     * Mobile money on the same page, with a keyboard alone (docs/adr/0009-checkout-momo-switch.md): after the card
     * fields and Pay, Tab reaches the provider choice (arrow keys pick Airtel Money), then the mobile number and its
     * button. A bad number is announced (role=alert) with focus back in the number field; a good one leads to the
     * waiting page, whose first stop is the status link, which the payer follows until the payment is final. The
     * form, the refusal and the waiting page fit 320 px and pass axe-core at 320, 390 and 1280 px.
     */
    @Test
    void a_keyboard_alone_pays_with_mobile_money_and_follows_the_prompt_to_the_result() {
        Merchant m = TestMerchants.onboard();
        assign(m, "card_ke", "mpesa_ke", "airtel_ke");
        var body = cardPayment(merchantSite.url("/momo-keys"), merchantSite.url("/card-cb-momo"));
        String ref = (String) ((Map<?, ?>) body.get("payment_config")).get("reference");
        String checkoutUrl = m.as().body(body).post("/api/global/payments").then().statusCode(200).extract().jsonPath()
                .getString("checkout_url");
        browser.get(checkoutUrl);
        assertEquals("Pay with mobile money", browser.findElement(By.id("momo_heading")).getText());
        assertFitsFrom320("the form with mobile money", "momo_mpesa_ke", "momo_airtel_ke", "phone", "pay_momo");
        assertAccessibleAt("the form with mobile money");

        press(Keys.TAB);
        assertEquals("card_number", focused(), "the card stays first");
        press(Keys.TAB);
        press(Keys.TAB);
        press(Keys.TAB);
        assertEquals("pay", focused());
        press(Keys.TAB);
        assertEquals("momo_mpesa_ke", focused(), "the provider choice comes next, the first one selected");
        press(Keys.ARROW_DOWN);
        assertEquals("momo_airtel_ke", focused());
        assertTrue(browser.findElement(By.id("momo_airtel_ke")).isSelected(), "arrow keys pick the provider");
        press(Keys.TAB);
        assertEquals("phone", focused());
        press("12345");
        press(Keys.TAB);
        assertEquals("pay_momo", focused());
        press(Keys.ENTER);

        awaitText(By.id("momo_error"), "not a mobile number");
        var error = browser.findElement(By.id("momo_error"));
        assertEquals("alert", error.getAttribute("role"));
        assertEquals("phone", focused(), "focus is back in the number field to correct it");
        assertEquals("true", browser.findElement(By.id("phone")).getAttribute("aria-invalid"));
        assertTrue(browser.findElement(By.id("momo_airtel_ke")).isSelected(), "the provider chosen stays chosen");
        assertFitsFrom320("the refused number", "phone", "pay_momo", "momo_error");
        assertAccessibleAt("the refused number");
        assertTrue(Set.of("queued", "pending").contains(status(m, ref)), "nothing changed");

        press("0733 000 055");
        press(Keys.TAB);
        assertEquals("pay_momo", focused());
        press(Keys.ENTER);
        awaitText(By.id("heading"), "Approve the prompt on your phone");
        assertTrue(browser.findElement(By.id("detail")).getText().contains("•••• 0055"),
                browser.findElement(By.id("detail")).getText());
        assertFitsFrom320("the waiting page", "refresh", "detail");
        assertAccessibleAt("the waiting page");

        // the payer follows the status link (keyboard: Tab, Enter) until the provider's answer is in
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!browser.findElement(By.id("status")).getText().contains("succeeded")) {
            assertTrue(System.nanoTime() < deadline, "the payment did not settle");
            press(Keys.TAB);
            assertEquals("refresh", focused(), "the status link is the waiting page's first stop");
            press(Keys.ENTER);
            PaymentsApiTest.sleep(300);
        }
        assertEquals("This payment succeeded.", browser.findElement(By.id("status")).getText());
        JsonPath t = m.as().body(Map.of("merchant_reference", ref)).post("/api/global/transaction-status")
                .then().statusCode(200).extract().jsonPath();
        assertEquals("airtel_ke", t.getString("transaction.provider"));
        assertEquals("momo", t.getString("transaction.transaction_channel"));
        press(Keys.TAB);
        assertEquals("back", focused());
        press(Keys.ENTER);
        awaitUrl(merchantSite.url("/momo-keys"));
        assertTrue(browser.getCurrentUrl().contains("status=succeeded"), browser.getCurrentUrl());
    }

    /** The page as shown now scrolls not sideways at 320, 390 and 1280 px, and none of {@code ids} overflows. */
    void assertFitsFrom320(String what, String... ids) {
        try {
            for (int width : new int[] {320, 390, 1280}) {
                browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, 900));
                long viewport = ((Number) browser.executeScript("return document.documentElement.clientWidth")).longValue();
                long scroll = ((Number) browser.executeScript("return document.documentElement.scrollWidth")).longValue();
                assertTrue(scroll <= viewport, what + ", " + width + " px: scrolls sideways");
                for (String id : ids) {
                    var e = browser.findElement(By.id(id));
                    int right = e.getRect().getX() + e.getRect().getWidth();
                    assertTrue(right <= viewport, what + ", " + width + " px: #" + id + " overflows");
                }
            }
        } finally {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(1024, 900));
        }
    }

    /** Tab to the card number from the top of the page, type {@code card}, fill expiry and code, Tab to Pay. */
    void typeCardWithKeys(String card) {
        press(Keys.TAB);
        assertEquals("card_number", focused(), "the first Tab reaches the card number");
        press(card);
        assertEquals(card, browser.findElement(By.id("card_number")).getAttribute("value"));
        press(Keys.TAB);
        assertEquals("expiry", focused());
        press("1234");
        assertEquals("12/34", browser.findElement(By.id("expiry")).getAttribute("value"));
        press(Keys.TAB);
        assertEquals("cvc", focused());
        press("123");
        press(Keys.TAB);
        assertEquals("pay", focused(), "Tab walks on from the card fields to Pay");
    }

    /** Keys sent to whatever has focus, as a keyboard does (not to an element picked by the test). */
    void press(CharSequence keys) {
        new Actions(browser).sendKeys(keys).perform();
    }

    /** The id of the focused element; empty when focus is on the page itself. */
    String focused() {
        return (String) browser.executeScript(
                "var a = document.activeElement; return a && a !== document.body ? a.id : ''");
    }

    /** axe-core's serious and critical violations on the page as shown now, at 320, 390 and 1280 px. */
    void assertAccessibleAt(String what) {
        List<String> found = new java.util.ArrayList<>();
        try {
            for (int width : new int[] {320, 390, 1280}) {
                browser.manage().window().setSize(new org.openqa.selenium.Dimension(width, 900));
                Axe.serious(browser).forEach(v -> found.add(width + " px " + v));
            }
        } finally {
            browser.manage().window().setSize(new org.openqa.selenium.Dimension(1024, 900));
        }
        assertEquals(List.of(), found, what + ": axe-core's serious and critical violations");
    }

    /** The pages a person opens without a login besides the checkout: the landing page and the invitation page. */
    @Test
    void landing_and_invitation_pages_pass_axe_at_320_390_and_1280_px() {
        browser.get(base() + "/");
        assertEquals("Mizani", browser.getTitle());
        assertAccessibleAt("the landing page");

        String token = TestMerchants.invite(TestMerchants.onboard());
        browser.get(base() + "/api/v2/account_invites/accept?invite_token=" + token);
        assertEquals("member", browser.findElement(By.id("role")).getText());
        assertAccessibleAt("the invitation form");
        browser.findElement(By.id("accept")).click();
        assertEquals("first_name", focused(), "the browser holds back the empty required first name and focuses it");
        press("Wanjiru");
        press(Keys.TAB);
        press("Kamau");
        press(Keys.ENTER);
        assertTrue(awaitElement(By.id("accepted")).getText().contains("Wanjiru"));
        assertAccessibleAt("the new credential");
        browser.get(base() + "/api/v2/account_invites/accept?invite_token=" + token);
        assertTrue(awaitElement(By.id("invalid")).getText().contains("already used"));
        assertAccessibleAt("the used invitation");
    }

    static String base() {
        return "http://localhost:" + io.restassured.RestAssured.port;
    }

    @Test
    void a_guessed_checkout_token_is_404() {
        given().get("/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA").then().statusCode(404);
        given().formParam("card_number", "4242424242424242").post("/checkout/short").then().statusCode(404);
    }
}

package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import io.mizani.bootstrap.payment.CallbackReceiver;
import io.mizani.bootstrap.support.Axe;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The operator console, the landing page and the invitation page in a real headless Chromium (Debian's chromium and
 * chromium-driver), each page at 390 px and 1280 px with a screenshot under target/screenshots/console. The operator
 * logs in with HTTP Basic (sent by the browser as the Authorization header). Set MIZANI_REQUIRE_BROWSER=true (CI
 * does) to fail instead of skipping when Chromium is not installed.
 */
@QuarkusTest
class ConsoleBrowserTest {

    static final String CHROMEDRIVER = "/usr/bin/chromedriver";
    static final String CHROMIUM = "/usr/bin/chromium";
    static final int[] WIDTHS = {390, 1280};
    static final Path SHOTS = Path.of("target", "screenshots", "console");
    static ChromeDriver browser;

    @TestHTTPResource("/")
    java.net.URL base;

    @BeforeAll
    static void startBrowser() throws Exception {
        boolean installed = Files.isExecutable(Path.of(CHROMEDRIVER)) && Files.isExecutable(Path.of(CHROMIUM));
        if (!installed && "true".equals(System.getenv("MIZANI_REQUIRE_BROWSER"))) {
            fail("chromium and chromium-driver are required (apt-get install -y chromium chromium-driver)");
        }
        Assumptions.assumeTrue(installed, "chromium / chromium-driver not installed");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER)).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    static void login(String user, String password) {
        browser.executeCdpCommand("Network.enable", Map.of());
        String basic = Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        browser.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of("Authorization", "Basic " + basic)));
    }

    static void logout() {
        browser.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", Map.of()));
    }

    String url(String path) {
        String b = base.toString();
        return (b.endsWith("/") ? b.substring(0, b.length() - 1) : b) + path;
    }

    /**
     * Opens the page at each width: no sideways scrolling, the stylesheet applied under the CSP, no serious or critical
     * accessibility violation (axe-core), a screenshot.
     */
    void look(String name, String path) throws Exception {
        List<String> inaccessible = new ArrayList<>();
        try {
            for (int width : WIDTHS) {
                browser.manage().window().setSize(new Dimension(width, 900));
                browser.get(url(path));
                long viewport = ((Number) browser.executeScript("return document.documentElement.clientWidth")).longValue();
                long scroll = ((Number) browser.executeScript("return document.documentElement.scrollWidth")).longValue();
                assertTrue(scroll <= viewport, name + " at " + width + " px scrolls sideways (" + scroll + " > " + viewport + ")");
                String font = (String) browser.executeScript(
                        "return getComputedStyle(document.body).fontFamily");
                assertTrue(font.contains("system-ui"), name + ": the console stylesheet did not apply (" + font + ")");
                Files.write(SHOTS.resolve(name + "-" + width + ".png"), browser.getScreenshotAs(OutputType.BYTES));
                Axe.serious(browser).forEach(v -> inaccessible.add(width + " px " + v));
            }
        } finally {
            browser.manage().window().setSize(new Dimension(1280, 900));
        }
        assertEquals(List.of(), inaccessible, name + " (" + path + "): axe-core's serious and critical violations");
        publish(name);
    }

    /**
     * Copies a page's screenshots into the directory {@code -Dscreenshots} (or {@code MIZANI_SCREENSHOTS})
     * names, e.g. the repository's docs/console, only when asked, so an ordinary run never rewrites the docs.
     */
    static void publish(String name) throws java.io.IOException {
        String dir = System.getProperty("screenshots", System.getenv("MIZANI_SCREENSHOTS"));
        if (dir == null || dir.isBlank() || !PUBLISHED.contains(name)) {
            return;
        }
        Path target = Path.of(dir);
        if (!target.isAbsolute() && Path.of("").toAbsolutePath().endsWith("bootstrap")) {
            target = Path.of("..").resolve(dir); // the build runs the tests in the module's directory
        }
        Files.createDirectories(target);
        for (int width : WIDTHS) {
            Path shot = SHOTS.resolve(name + "-" + width + ".png");
            if (Files.exists(shot)) {
                Files.copy(shot, target.resolve(name + "-" + width + ".png"),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** The screens whose screenshots docs/console.md shows. */
    static final java.util.Set<String> PUBLISHED = java.util.Set.of("search", "payment", "audit", "approvals",
            "routing", "tier-limits", "screening", "balances", "kyc-queue", "kyc-submission", "kyc-documents");

    /**
     * Presses Tab until the focused element matches {@code css} (at most {@code max} presses) and answers how many
     * it took; fails when focus never gets there.
     */
    int tabTo(String css, int max) {
        for (int i = 1; i <= max; i++) {
            new Actions(browser).sendKeys(Keys.TAB).perform();
            Boolean there = (Boolean) browser.executeScript(
                    "return document.activeElement !== null && document.activeElement.matches(arguments[0])", css);
            if (Boolean.TRUE.equals(there)) {
                return i;
            }
        }
        fail("focus never reached " + css + " in " + max + " Tab presses (it is on "
                + browser.executeScript("return document.activeElement.outerHTML") + ")");
        return -1;
    }

    void enter() {
        new Actions(browser).sendKeys(Keys.ENTER).perform();
    }

    WebElement await(By by) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (System.nanoTime() < deadline) {
            var found = browser.findElements(by);
            if (!found.isEmpty()) {
                return found.get(0);
            }
            sleep(50);
        }
        return browser.findElement(by);
    }

    /**
     * The notice of the page a form's submission loads: the previous page's notice may still be there (and go stale)
     * until the new page replaces it, so this waits for the expected text and reads again across a reload.
     */
    String notice(String expected) {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        String seen = null;
        while (System.nanoTime() < deadline) {
            try {
                var found = browser.findElements(By.id("notice"));
                seen = found.isEmpty() ? null : found.get(0).getText();
                if (expected.equals(seen)) {
                    return seen;
                }
            } catch (org.openqa.selenium.WebDriverException e) {
                // the page was replaced while reading (a stale element, or Chromium's "Node with given id does not
                // belong to the document"): read the new one
            }
            sleep(50);
        }
        return seen;
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void landing_page_links_the_docs_ui_the_console_and_health() throws Exception {
        logout();
        look("landing", "/");
        assertEquals("Mizani", browser.getTitle());
        List<String> hrefs = new ArrayList<>();
        for (WebElement a : browser.findElements(By.cssSelector("main a"))) {
            hrefs.add(a.getAttribute("href"));
        }
        assertTrue(hrefs.contains(url("/q/swagger-ui")), hrefs.toString());
        assertTrue(hrefs.contains(url("/console")), hrefs.toString());
        assertTrue(hrefs.contains(url("/q/health/ready")), hrefs.toString());
        browser.findElement(By.id("swagger_ui")).click();
        await(By.id("swagger-ui"));
    }

    @Test
    void every_console_page_reads_at_phone_and_desktop_width_and_the_forms_work() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        try (CallbackReceiver hooks = new CallbackReceiver()) {
            m.as().body(Map.of("url", hooks.url("/hooks"))).put("/api/global/webhooks/endpoint").then().statusCode(200);
            login(OPERATOR, OPERATOR_PASSWORD);
            look("merchants", "/console");
            look("teams", "/console/accounts");
            look("teams-of-merchant", "/console/accounts?merchant=" + m.organizationId());
            browser.findElement(By.cssSelector("a[href='/console/accounts/" + m.accountId() + "']")).click();
            assertEquals(String.valueOf(m.accountId()), await(By.id("account_id")).getText());
            look("team", "/console/accounts/" + m.accountId());

            // service wallet credit
            browser.findElement(By.id("credit_amount")).sendKeys("125.50");
            browser.findElement(By.id("credit_reference")).sendKeys("console-credit-1");
            browser.findElement(By.id("credit")).click();
            assertEquals("The service wallet was credited.", notice("The service wallet was credited."));
            assertEquals("KES 125.50", browser.findElement(By.id("wallet_balance")).getText());

            // payment balance adjustment: the balance.adjusted event goes to the merchant's endpoint
            browser.findElement(By.id("adj_currency")).sendKeys("KES");
            browser.findElement(By.id("adj_amount")).sendKeys("300");
            browser.findElement(By.id("adj_reference")).sendKeys("console-adj-1");
            browser.findElement(By.id("adj_reason")).sendKeys("goodwill");
            browser.findElement(By.id("adjust")).click();
            assertEquals("The payment balance was adjusted.", notice("The payment balance was adjusted."));
            assertTrue(browser.findElement(By.id("balances")).getText().contains("300.00"));
            m.as().get("/api/global/balances").then().statusCode(200);

            // payment providers
            var providers = browser.findElement(By.id("providers_input"));
            providers.clear();
            providers.sendKeys("mpesa_ke card_ke");
            browser.findElement(By.id("save_providers")).click();
            assertEquals("The payment providers were saved.", notice("The payment providers were saved."));
            assertEquals("card_ke, mpesa_ke", browser.findElement(By.id("providers")).getText());

            // credentials: issue one (shown once), it works, revoke it, it is refused
            browser.findElement(By.id("issue_credential")).click();
            String username = await(By.id("new_username")).getText();
            String password = browser.findElement(By.id("new_password")).getText();
            Files.write(SHOTS.resolve("team-new-credential-1280.png"), browser.getScreenshotAs(OutputType.BYTES));
            io.restassured.RestAssured.given().auth().preemptive().basic(username, password)
                    .get("/api/v2/account/" + m.accountId()).then().statusCode(200);
            browser.get(url("/console/accounts/" + m.accountId()));
            browser.findElement(By.cssSelector("button[aria-label='Revoke " + username + "']")).click();
            assertEquals("The credential was revoked: it is refused from now on.", notice("The credential was revoked: it is refused from now on."));
            io.restassured.RestAssured.given().auth().preemptive().basic(username, password)
                    .get("/api/v2/account/" + m.accountId()).then().statusCode(401);
            m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200);

            // payments and events, with the delivery attempts and a redelivery
            look("payments", "/console/accounts/" + m.accountId() + "/payments");
            look("events", "/console/accounts/" + m.accountId() + "/events");
            hooks.await(r -> r.path().equals("/hooks") && r.body().contains("console-adj-1"), 1, Duration.ofSeconds(15));
            browser.get(url("/console/accounts/" + m.accountId() + "/events?type=balance.adjusted"));
            browser.findElement(By.cssSelector("#events tbody a")).click();
            await(By.id("event_data"));
            String eventPath = new java.net.URI(browser.getCurrentUrl()).getPath();
            long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
            while (!browser.findElement(By.id("delivery_status")).getText().equals("delivered") && System.nanoTime() < deadline) {
                sleep(200);
                browser.navigate().refresh();
            }
            assertEquals("delivered", browser.findElement(By.id("delivery_status")).getText());
            look("event", eventPath);
            browser.findElement(By.id("redeliver")).click();
            assertEquals("The event was queued for one more delivery.", notice("The event was queued for one more delivery."));
            hooks.await(r -> r.path().equals("/hooks") && r.body().contains("console-adj-1"), 2, Duration.ofSeconds(20));

            // another merchant's event is not found under this Team
            String eventId = eventPath.substring(eventPath.lastIndexOf('/') + 1);
            browser.get(url("/console/accounts/" + other.accountId() + "/events/" + eventId));
            assertTrue(await(By.id("error")).getText().contains("not found"));
        }
    }

    @Test
    void the_new_screens_read_at_phone_and_desktop_width_and_a_keyboard_alone_reaches_a_payment() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        String email = "walk-" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("account_id", m.accountId(), "email", email)).put("/api/v2/accounts").then().statusCode(200);
        String ref = ConsoleScreensTest.succeededCollection(m);
        String[] finance = ConsoleScreensTest.newOperator("finance");
        long approval = ConsoleScreensTest.pendingCredit(m, finance[0], "walk-float-" + System.nanoTime());

        login(OPERATOR, OPERATOR_PASSWORD);
        look("search", "/console/search?q=" + java.net.URLEncoder.encode(email, StandardCharsets.UTF_8));
        look("payment", "/console/accounts/" + m.accountId() + "/payment?merchant_reference=" + ref);
        look("audit", "/console/audit");
        look("approvals", "/console/approvals");
        // another merchant's payment under this Team: the console's 404 page
        browser.get(url("/console/accounts/" + other.accountId() + "/payment?merchant_reference=" + ref));
        assertTrue(await(By.id("error")).getText().contains("does not exist"));

        // the approval another operator asked for is approved here, and applied
        browser.get(url("/console/approvals"));
        browser.findElement(By.id("approve_" + approval)).click();
        assertEquals("The request was approved and applied.", notice("The request was approved and applied."));
        assertEquals(150000f, ConsoleHttpTest.wallet(m));
        assertEquals(0f, ConsoleHttpTest.wallet(other));

        // keyboard only: Tab to the search box, type, Enter; Tab to the Team, Enter; to its payments, Enter; to the
        // payment, Enter: focus lands on each expected element in turn
        browser.get(url("/console"));
        await(By.id("merchants"));
        tabTo("#q", 20);
        new Actions(browser).sendKeys(email).sendKeys(Keys.ENTER).perform();
        await(By.id("search_results"));
        tabTo("#search_results a[href='/console/accounts/" + m.accountId() + "']", 30);
        enter();
        assertEquals(String.valueOf(m.accountId()), await(By.id("account_id")).getText());
        tabTo("a[href='/console/accounts/" + m.accountId() + "/payments']", 30);
        enter();
        await(By.id("payments"));
        tabTo("#payments a[href*='merchant_reference=" + ref + "']", 60);
        enter();
        assertEquals("succeeded", await(By.id("payment_status")).getText());
        assertEquals(ref, browser.findElement(By.id("payment_merchant_reference")).getText());
        tabTo("#payment_team", 20);
        enter();
        assertEquals(String.valueOf(m.accountId()), await(By.id("account_id")).getText());
    }

    static Map<String, Object> submission(long accountId, int tier) {
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("account_id", accountId);
        body.put("entity_type", "business");
        body.put("country_code", "KE");
        body.put("country", "Kenya");
        body.put("kyc_tier", tier);
        body.put("notes", "first submission");
        body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace", "entity_type",
                "individual", "identification_number", 12345678, "identification_type", "national_id",
                "phone_number", "+254712000001",
                "upload_information", Map.of("identification_front_document", "files/front.png")));
        body.put("entity_information", Map.of("entity_name", "Acme Ltd", "business_type", "limited_company",
                "tax_document_number", 555, "upload_information", Map.of("tax_document", "files/tax.pdf")));
        return body;
    }

    @Test
    void kyc_review_end_to_end_a_merchant_submits_the_operator_approves_the_team_tier_changes() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        long kycId = m.as().body(submission(m.accountId(), 2))
                .post("/api/v2/account_kycs").then().statusCode(200).body("account_kyc.status", equalTo("pending"))
                .extract().jsonPath().getLong("account_kyc.id");
        m.as().get("/api/v2/account/" + m.accountId()).then().body("account.kyc_tier", equalTo(0));

        login(OPERATOR, OPERATOR_PASSWORD);
        look("kyc-queue", "/console/kyc");
        browser.get(url("/console/accounts/" + m.accountId()));
        browser.findElement(By.id("team_kyc")).click();
        await(By.cssSelector("#kyc_queue a[href='/console/kyc/" + kycId + "']")).click();
        assertEquals("pending", await(By.id("kyc_status")).getText());
        String details = browser.findElement(By.id("kyc_details")).getText();
        assertTrue(details.contains("Acme Ltd") && details.contains("files/front.png"), details);
        look("kyc-submission", "/console/kyc/" + kycId);
        // what the tokens prove comes first: none were submitted, so tier 2 rests on the documents alone
        assertEquals("2", browser.findElement(By.id("kyc_tier_asked")).getText());
        assertEquals("0", browser.findElement(By.id("kyc_tier_justified")).getText());
        assertTrue(browser.findElement(By.id("kyc_tiers")).getText().contains("more than the tokens prove"));
        // no decision is chosen for the analyst, and a rejection needs a note: refused, nothing changed
        assertEquals("", browser.findElement(By.id("decision")).getDomProperty("value"));
        browser.findElement(By.cssSelector("#decision option[value='reject']")).click();
        browser.findElement(By.id("submit_review")).click();
        assertEquals("a note is required to reject or to ask for amendments", await(By.id("error")).getText());
        browser.get(url("/console/kyc/" + kycId));
        assertEquals("pending", await(By.id("kyc_status")).getText());

        browser.findElement(By.cssSelector("#decision option[value='approve']")).click();
        browser.findElement(By.cssSelector("#review_tier option[value='2']")).click();
        browser.findElement(By.id("notes")).sendKeys("documents match");
        browser.findElement(By.id("submit_review")).click();
        assertEquals("The decision was recorded.", notice("The decision was recorded."));
        assertEquals("approved", browser.findElement(By.id("kyc_status")).getText());
        // the history keeps every decision, the refused rejection too
        String history = browser.findElement(By.id("kyc_history")).getText();
        assertTrue(history.contains("approve") && history.contains("documents match") && history.contains("reject"),
                history);

        browser.findElement(By.id("kyc_team")).click();
        assertEquals("2", await(By.id("kyc_tier")).getText());
        m.as().get("/api/v2/account/" + m.accountId()).then().body("account.kyc_tier", equalTo(2));
        m.as().get("/api/v2/account_kycs/" + kycId).then().body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.review_information.notes", equalTo("documents match"));
        other.as().get("/api/v2/account/" + other.accountId()).then().body("account.kyc_tier", equalTo(0));
        asOperator().get("/api/admin/accounts?merchant=" + m.organizationId()).then()
                .body("accounts[0].kyc_tier", equalTo(2));
    }

    /**
     * Keyboard only, from the KYC queue: Tab to the submission, Enter; its image document is previewed (served by the
     * service from the merchant's file host); Tab to the decision, choose Reject by typing, Tab to the button, Enter
     * without a note: refused, announced, the choice kept and focus on the note; type it, Tab to the button, Enter:
     * recorded, and the merchant's API says rejected with that note.
     */
    @Test
    void a_keyboard_alone_reviews_a_kyc_submission_with_its_documents_previewed() throws Exception {
        Merchant m = TestMerchants.onboard();
        long kycId;
        try (DocumentStub files = new DocumentStub()) {
            Map<String, Object> body = submission(m.accountId(), 2);
            body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace", "upload_information",
                    Map.of("identification_front_document", files.serve("/front.png", "image/png", DocumentStub.PNG),
                            "selfie_image", files.serve("/selfie", "text/html", "<p>not a photo</p>".getBytes(
                                    StandardCharsets.UTF_8)))));
            body.put("entity_information", Map.of("entity_name", "Acme Ltd", "upload_information",
                    Map.of("tax_document", files.serve("/tax.pdf", "application/pdf", DocumentStub.PDF))));
            kycId = m.as().body(body).post("/api/v2/account_kycs").then().statusCode(200)
                    .extract().jsonPath().getLong("account_kyc.id");

            login(OPERATOR, OPERATOR_PASSWORD);
            look("kyc-documents", "/console/kyc/" + kycId);
            browser.get(url("/console/kyc?account=" + m.accountId()));
            await(By.id("kyc_queue"));
            tabTo("#kyc_queue a[href='/console/kyc/" + kycId + "']", 30);
            enter();
            assertEquals("pending", await(By.id("kyc_status")).getText());
            // the image is shown, loaded from the service under the console's CSP; the others say what they are
            WebElement img = browser.findElement(By.cssSelector("#document_1 img"));
            assertEquals("Document 1: identification front document", img.getDomAttribute("alt"));
            assertEquals(1L, ((Number) browser.executeScript(
                    "return arguments[0].complete ? arguments[0].naturalWidth : -1", img)).longValue());
            assertTrue(browser.findElement(By.id("document_2")).getText().contains("not an image or PDF"));
            assertTrue(browser.findElement(By.id("document_3")).getText().contains("(PDF, "));
        }

        tabTo("#decision", 40);
        new Actions(browser).sendKeys("Reject").perform();
        assertEquals("reject", browser.findElement(By.id("decision")).getDomProperty("value"));
        tabTo("#submit_review", 5);
        enter();
        assertEquals("a note is required to reject or to ask for amendments", await(By.id("error")).getText());
        assertEquals("alert", browser.findElement(By.id("error")).getDomAttribute("role"));
        assertEquals("notes", browser.executeScript("return document.activeElement.id"), "focus is on the note");
        assertEquals("reject", browser.findElement(By.id("decision")).getDomProperty("value"), "the choice is kept");
        m.as().get("/api/v2/account_kycs/" + kycId).then().body("account_kyc.status", equalTo("pending"));

        new Actions(browser).sendKeys("the ID photo does not match the name").perform();
        tabTo("#submit_review", 5);
        enter();
        assertEquals("The decision was recorded.", notice("The decision was recorded."));
        assertEquals("rejected", browser.findElement(By.id("kyc_status")).getText());
        assertEquals("BODY", browser.executeScript("return document.activeElement.tagName"),
                "a new page: focus starts at its top");
        m.as().get("/api/v2/account_kycs/" + kycId).then().body("account_kyc.status", equalTo("rejected"))
                .body("account_kyc.review_information.notes", equalTo("the ID photo does not match the name"));
    }

    @Test
    void a_merchant_login_gets_no_console_page() throws Exception {
        Merchant m = TestMerchants.onboard();
        login(m.username(), m.password());
        browser.get(url("/console"));
        assertTrue(browser.findElements(By.id("merchants")).isEmpty(), "no merchant list for a merchant login");
        logout();
    }

    @Test
    void invitation_page_reads_on_a_phone_and_accepts() throws Exception {
        logout();
        Merchant m = TestMerchants.onboard();
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "browser" + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email))
                .post("/api/v2/account_invites").then().statusCode(200);
        String text = mailbox.getMailsSentTo(email).get(0).getText();
        String token = text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
        look("invite", "/api/v2/account_invites/accept?invite_token=" + token);
        assertEquals("member", browser.findElement(By.id("role")).getText());
        assertTrue(browser.findElement(By.id("invited_by")).getText().contains("invited you to the Team as member"));
        browser.findElement(By.id("first_name")).sendKeys("Wanjiru");
        browser.findElement(By.id("last_name")).sendKeys("Kamau");
        browser.findElement(By.id("accept")).click();
        assertTrue(await(By.id("accepted")).getText().contains("Wanjiru"));
        String user = browser.findElement(By.id("username")).getText();
        String pass = browser.findElement(By.id("password")).getText();
        Files.write(SHOTS.resolve("invite-accepted-1280.png"), browser.getScreenshotAs(OutputType.BYTES));
        io.restassured.RestAssured.given().auth().preemptive().basic(user, pass).get("/api/v2/account/" + m.accountId())
                .then().statusCode(200);
    }
}

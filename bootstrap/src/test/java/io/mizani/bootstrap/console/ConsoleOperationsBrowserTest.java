package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.console.ConsoleBrowserTest.browser;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR;
import static io.mizani.bootstrap.support.TestMerchants.OPERATOR_PASSWORD;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The console's operations screens (issue 36) in headless Chromium, with {@link ConsoleBrowserTest}'s browser and
 * checks (same test profile, so Quarkus is not restarted): routing, tier limits, screening and a Team's balances at
 * 390 and 1280 px without sideways scrolling and without serious or critical axe-core violations; a screening case
 * decided and a statement made and shown, both through their forms in the browser.
 */
@QuarkusTest
class ConsoleOperationsBrowserTest {

    @TestHTTPResource("/")
    java.net.URL base;

    /** ConsoleBrowserTest's page checks ({@code look}, {@code notice}, {@code await}) against this service. */
    ConsoleBrowserTest pages;

    @BeforeAll
    static void startBrowser() throws Exception {
        ConsoleBrowserTest.startBrowser();
    }

    @AfterAll
    static void stopBrowser() {
        ConsoleBrowserTest.stopBrowser();
        ConsoleBrowserTest.browser = null;
    }

    @BeforeEach
    void pages() {
        pages = new ConsoleBrowserTest();
        pages.base = base;
        ConsoleBrowserTest.login(OPERATOR, OPERATOR_PASSWORD);
    }

    @Test
    void routing_tier_limits_and_screening_read_at_both_widths_and_a_case_is_decided_in_the_browser() throws Exception {
        Merchant m = TestMerchants.onboard();
        Merchant other = TestMerchants.onboard();
        String id = ConsoleOperationsScreensTest.openCase(m, "Usama bin Ladin");
        String untouched = ConsoleOperationsScreensTest.openCase(other, "Usama bin Ladin");
        String before = asOperator().get(ConsoleOperationsScreensTest.ROUTING).then().statusCode(200).extract().asString();
        try {
            asOperator().body(Map.of("routes", Map.of("national_id_ke", List.of("sandbox", "sandbox_backup")),
                    "costs", Map.of("sandbox", Map.of("national_id_ke", new BigDecimal("11.00")),
                            "sandbox_backup", Map.of("national_id_ke", new BigDecimal("9.50")))))
                    .put(ConsoleOperationsScreensTest.ROUTING).then().statusCode(200);
            pages.look("routing", "/console/routing");
            assertTrue(browser.findElement(By.id("routes")).getText().contains("sandbox → sandbox_backup"));
        } finally {
            asOperator().body(before).put(ConsoleOperationsScreensTest.ROUTING).then().statusCode(200);
        }
        pages.look("tier-limits", "/console/tier-limits");
        pages.look("screening", "/console/screening");

        // the decision: nothing chosen in advance; clear with a note
        browser.findElement(By.cssSelector("#decision_" + id + " option[value='clear']")).click();
        browser.findElement(By.id("note_" + id)).sendKeys("another person: born 1990");
        browser.findElement(By.id("decide_" + id)).click();
        assertEquals("The case was cleared: the subject passes from now on.",
                pages.notice("The case was cleared: the subject passes from now on."));
        assertTrue(browser.findElement(By.id("case_" + id)).getText().contains("another person: born 1990"));
        assertEquals("cleared", ConsoleOperationsScreensTest.caseStatus(id));
        assertEquals("open", ConsoleOperationsScreensTest.caseStatus(untouched));
    }

    @Test
    void a_teams_balances_read_at_both_widths_and_a_statement_is_made_in_the_browser() throws Exception {
        Merchant m = TestMerchants.onboard();
        ConsoleOperationsScreensTest.adjust(m, "2500.00", "float");
        ConsoleOperationsScreensTest.adjust(m, "-120.00", "fee");
        ConsoleOperationsScreensTest.adjust(m, "40.00", "refund of a fee, \"goodwill\"");
        String path = "/console/accounts/" + m.accountId() + "/balances";
        browser.get(pages.url(path));
        assertEquals("2420.00", browser.findElement(By.cssSelector("#balance_KES td:nth-child(2)")).getText());

        browser.findElement(By.id("ask_statement")).click();
        assertEquals("The statement was asked for: it is built in the background.",
                pages.notice("The statement was asked for: it is built in the background."));
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!browser.findElement(By.id("statement_status")).getText().equals("completed")
                && System.nanoTime() < deadline) {
            ConsoleBrowserTest.sleep(200);
            browser.navigate().refresh();
        }
        assertEquals("completed", browser.findElement(By.id("statement_status")).getText());
        assertEquals("2420.00", browser.findElement(By.id("statement_closing")).getText());
        List<WebElement> lines = browser.findElements(By.cssSelector("#statement_lines tbody tr"));
        assertEquals(3, lines.size());
        assertTrue(lines.get(2).getText().contains("\"goodwill\""), lines.get(2).getText());
        URI shown = new URI(browser.getCurrentUrl());
        pages.look("balances", shown.getPath() + "?" + shown.getQuery().replaceAll("&?notice=[a-z_]+", ""));
    }
}

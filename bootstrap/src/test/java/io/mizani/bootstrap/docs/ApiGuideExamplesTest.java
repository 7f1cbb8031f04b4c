package io.mizani.bootstrap.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.quarkus.mailer.Mail;
import io.quarkus.mailer.MockMailbox;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;

/**
 * The copy-paste examples of docs/api-guide.md and the README run against the started service (sandbox mode, the
 * demo merchant and the operator login), each answering the status written beside it, so the docs cannot rot.
 * Needs {@code bash}, {@code curl} and {@code jq} on the PATH (skipped otherwise).
 */
@QuarkusTest
class ApiGuideExamplesTest {

    /** Every merchant and operator endpoint of service-api.md and platform.md: each needs an example. */
    static final List<String> CONTRACT_ENDPOINTS = List.of(
            // verification (service-api.md "Verification", platform.md section 4)
            "POST /api/v1/kyc/verify/{}", "GET /api/v1/kyc/checks", "GET /api/v1/kyc/tokens/{}",
            "GET /api/v1/kyc/lookups", "GET /api/v1/kyc/pricing", "GET /api/v1/kyc/settings", "PUT /api/v1/kyc/settings",
            // Teams and users
            "POST /api/v2/accounts", "PUT /api/v2/accounts", "DELETE /api/v2/accounts/{}", "GET /api/v2/account/{}",
            "GET /api/v2/user_profile/{}", "POST /api/v2/account_invites", "POST /api/v2/account_invites/accept",
            "DELETE /api/v2/accounts/{}/users/{}", "GET /api/v2/ping",
            // API keys (platform.md section 19)
            "POST /api/v2/api_keys", "GET /api/v2/api_keys", "DELETE /api/v2/api_keys/{}",
            // Team KYC
            "POST /api/v2/account_kycs", "PUT /api/v2/account_kycs/{}", "POST /api/v2/account_kycs/upgrade",
            // payments, discovery, transactions
            "POST /api/global/payments", "POST /api/global/transaction-status", "POST /api/global/transaction-providers",
            "GET /api/global/discovery/discover-rails", "GET /api/global/discovery/payment-world/country",
            "GET /api/global/transactions", "GET /api/global/webhooks/secret", "POST /api/global/webhooks/secret/rotate",
            // beneficiaries
            "POST /api/global/beneficiaries", "GET /api/global/beneficiaries", "GET /api/global/beneficiaries/{}",
            "PATCH /api/global/beneficiaries/{}", "PUT /api/global/beneficiaries/{}", "DELETE /api/global/beneficiaries/{}",
            "GET /api/global/beneficiaries/{}/kyc-eligibility",
            // balances and events
            "GET /api/global/balances", "GET /api/global/balances/{}/entries", "GET /api/global/events",
            "GET /api/global/events/{}", "POST /api/global/events/{}/redeliver", "GET /api/global/webhooks/endpoint",
            "PUT /api/global/webhooks/endpoint", "POST /api/global/webhooks/test",
            // operator
            "POST /api/admin/merchants", "POST /api/admin/accounts/{}/credentials", "DELETE /api/admin/credentials/{}",
            "POST /api/admin/accounts/{}/service-wallet/credits", "PUT /api/admin/accounts/{}/identity-checks",
            "PUT /api/admin/accounts/{}/payment-providers", "GET /api/admin/account_kycs",
            "POST /api/admin/account_kycs/{}/review", "POST /api/admin/account_kycs/{}/upgrade-review",
            "POST /api/admin/accounts/{}/balances/{}/adjustments", "GET /api/admin/tier-limits",
            "PUT /api/admin/tier-limits", "GET /api/admin/verification-routing", "PUT /api/admin/verification-routing");

    @Inject
    MockMailbox mailbox;

    @BeforeAll
    static void tools() {
        for (String tool : List.of("bash", "curl", "jq")) {
            boolean present;
            try {
                present = new ProcessBuilder("bash", "-c", "command -v " + tool).start().waitFor() == 0;
            } catch (IOException | InterruptedException e) {
                present = false;
            }
            if (Boolean.parseBoolean(System.getenv("MIZANI_REQUIRE_DOC_TOOLS"))) {
                // CI installs them (.ci/packages): there the examples must run, never skip
                Assertions.assertTrue(present, tool + " is needed to run the documentation examples");
            }
            Assumptions.assumeTrue(present, tool + " is needed to run the documentation examples");
        }
    }

    static String read(String path) throws IOException {
        // the tests run in bootstrap/; the docs live at the root of the repository
        return Files.readString(Path.of("..").resolve(path));
    }

    String baseUrl() {
        return "http://localhost:" + RestAssured.port;
    }

    /** The sandbox's mock mailer stands in for the invitee's inbox: the invite_token of the newest invitation. */
    void carryInviteToken(Path state) {
        List<Mail> invites = new ArrayList<>();
        invites.addAll(mailbox.getMailsSentTo("grace@example.com"));
        if (invites.isEmpty()) {
            return;
        }
        String text = invites.get(invites.size() - 1).getText();
        int at = text.indexOf("invite_token=");
        if (at < 0) {
            return;
        }
        String token = text.substring(at + "invite_token=".length()).split("\\s")[0];
        try {
            Files.writeString(state, "INVITE_TOKEN='" + token + "'\n", java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    void runAll(String doc) throws Exception {
        List<GuideExamples.Example> examples = GuideExamples.parse(read(doc));
        assertFalse(examples.isEmpty(), doc + " has no examples");
        for (GuideExamples.Example ex : examples) {
            assertEquals(ex.curlLines().size(), ex.expectedStatuses().size(),
                    doc + ": every curl of the example at line " + ex.line() + " needs a '# -> <status>' beside it");
        }
        // scripts, statuses and outputs stay in target/ for a look after the run
        Path dir = Files.createDirectories(Path.of("target", "doc-examples", Path.of(doc).getFileName().toString()));
        List<GuideExamples.Outcome> outcomes = GuideExamples.run(examples, baseUrl(), dir, this::carryInviteToken);
        String failures = outcomes.stream().filter(o -> !o.passed()).map(GuideExamples.Outcome::describe)
                .collect(Collectors.joining("\n\n"));
        if (!failures.isEmpty()) {
            fail(doc + ": examples that do not answer as written:\n" + failures);
        }
    }

    @Test
    void every_example_of_the_api_guide_answers_as_written() throws Exception {
        runAll("docs/api-guide.md");
    }

    @Test
    void every_example_of_the_refunds_guide_answers_as_written() throws Exception {
        runAll("docs/refunds.md");
    }

    @Test
    void the_readme_payment_end_to_end_answers_as_written() throws Exception {
        runAll("README.md");
    }

    @Test
    void the_landing_pages_quick_start_answers_as_written() throws Exception {
        String page = RestAssured.given().accept("text/html").get("/").then().statusCode(200).extract().asString();
        java.util.regex.Matcher code = java.util.regex.Pattern.compile(
                "<section class=\"card\" id=\"quick-start\">.*?<pre[^>]*><code>(.*?)</code></pre>",
                java.util.regex.Pattern.DOTALL).matcher(page);
        assertTrue(code.find(), "the landing page has a quick start");
        String script = code.group(1).replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<")
                .replace("&gt;", ">").replace("&amp;", "&");
        List<GuideExamples.Example> examples = GuideExamples.parse("```bash example\n" + script + "\n```\n");
        assertEquals(1, examples.size());
        assertEquals(3, examples.get(0).curlLines().size(), "three calls, each with its status");
        var outcomes = GuideExamples.run(examples, baseUrl(),
                Files.createDirectories(Path.of("target", "doc-examples", "landing")), state -> { });
        assertTrue(outcomes.get(0).passed(), outcomes.get(0).describe());
    }

    @Test
    void the_api_guide_has_an_example_for_every_endpoint_of_the_contract() throws Exception {
        Set<String> documented = GuideExamples.endpoints(GuideExamples.parse(read("docs/api-guide.md")));
        List<String> missing = new ArrayList<>();
        for (String endpoint : CONTRACT_ENDPOINTS) {
            String regex = java.util.regex.Pattern.quote(endpoint).replace("{}", "\\E[^/]+\\Q");
            if (documented.stream().noneMatch(d -> d.matches(regex))) {
                missing.add(endpoint);
            }
        }
        assertEquals(List.of(), missing, "endpoints without an example in docs/api-guide.md (documented: " + documented + ")");
    }

    @Test
    void a_broken_example_fails() throws Exception {
        String markdown = """
                ```bash example
                curl -s -u demo:demo-secret http://localhost:8080/api/v2/ping   # -> 200
                curl -s -u demo:demo-secret http://localhost:8080/api/v2/account/999999999   # -> 200
                ```
                """;
        var outcomes = GuideExamples.run(GuideExamples.parse(markdown), baseUrl(),
                Files.createDirectories(Path.of("target", "doc-examples", "broken")), state -> { });
        assertEquals(1, outcomes.size());
        assertFalse(outcomes.get(0).passed());
        assertEquals(List.of(200, 404), outcomes.get(0).actual());
        assertTrue(outcomes.get(0).describe().contains("expected statuses [200, 200], got [200, 404]"));
    }
}

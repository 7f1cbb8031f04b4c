package io.mizani.bootstrap.console;

import static io.mizani.bootstrap.console.ConsoleScreensTest.as;
import static io.mizani.bootstrap.console.ConsoleScreensTest.newOperator;
import static io.mizani.bootstrap.console.ConsoleScreensTest.operator;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The KYC review's document previews (issue 36): the service fetches a submission's document URLs itself (the
 * console's CSP allows images from the service only) and shows an image inline, a PDF as a link, anything else with
 * the reason there is no preview; the document endpoint serves only images (sandboxed) and PDFs (not: Chromium's viewer refuses a sandboxed PDF), never cached.
 */
@QuarkusTest
class ConsoleKycDocumentsTest {

    static DocumentStub files;

    @BeforeAll
    static void start() {
        files = new DocumentStub();
    }

    @AfterAll
    static void stop() {
        files.close();
    }

    /** A submission of a new Team whose contact documents are {@code urls}, in the contract's slot order. */
    static long submit(Merchant m, Map<String, Object> contactUploads, Map<String, String> tokens) {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", m.accountId());
        body.put("entity_type", "individual");
        body.put("country_code", "KE");
        body.put("kyc_tier", 2);
        body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace",
                "upload_information", contactUploads));
        if (tokens != null) {
            body.put("kyc_tokens", tokens);
        }
        return m.as().body(body).post("/api/v2/account_kycs").then().statusCode(200).extract().jsonPath()
                .getLong("account_kyc.id");
    }

    static String page(long kycId) {
        return operator().get("/console/kyc/" + kycId).then().statusCode(200).extract().asString();
    }

    /** The page's entry for document {@code n}. */
    static String entry(String page, int n) {
        int at = page.indexOf("<li id=\"document_" + n + "\">");
        assertTrue(at > 0, "no document " + n + " on the page: " + page);
        return page.substring(at, page.indexOf("</li>", at));
    }

    @Test
    void an_image_is_shown_inline_and_served_sandboxed_by_its_bytes_not_its_declared_type() {
        Merchant m = TestMerchants.onboard();
        // declared as octet-stream: the bytes say PNG
        String front = files.serve("/a/front-" + m.accountId(), "application/octet-stream", DocumentStub.PNG);
        long kycId = submit(m, Map.of("identification_front_document", front), null);

        String li = entry(page(kycId), 1);
        assertTrue(li.contains("<img src=\"/console/kyc/" + kycId + "/documents/1\" alt=\"Document 1: identification "
                + "front document\">"), li);
        assertTrue(li.contains("PNG image, " + DocumentStub.PNG.length + " bytes"), li);

        byte[] served = operator().get("/console/kyc/" + kycId + "/documents/1").then().statusCode(200)
                .header("Content-Type", "image/png")
                .header("Content-Disposition", "inline; filename=\"document-1.png\"")
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-store")
                .header("Content-Security-Policy", "default-src 'none'; sandbox")
                .extract().asByteArray();
        assertArrayEquals(DocumentStub.PNG, served);
    }

    @Test
    void a_pdf_is_a_link_opening_in_a_new_tab_with_its_type_and_size() {
        Merchant m = TestMerchants.onboard();
        String pdf = files.serve("/b/id-" + m.accountId() + ".pdf", "application/pdf", DocumentStub.PDF);
        long kycId = submit(m, Map.of("identification_back_document", pdf), null);

        String li = entry(page(kycId), 1);
        assertTrue(li.contains("<a href=\"/console/kyc/" + kycId + "/documents/1\" target=\"_blank\" rel=\"noopener\">"
                + "Document 1: identification back document</a> (PDF, " + DocumentStub.PDF.length + " bytes; opens in "
                + "a new tab)"), li);
        operator().get("/console/kyc/" + kycId + "/documents/1").then().statusCode(200)
                .header("Content-Type", "application/pdf")
                .header("Content-Disposition", "inline; filename=\"document-1.pdf\"")
                .header("Content-Security-Policy", "default-src 'none'");
    }

    @Test
    void html_too_large_unreachable_and_private_addresses_say_why_and_are_never_served() {
        Merchant m = TestMerchants.onboard();
        byte[] big = Arrays.copyOf(DocumentStub.PNG, 5 * 1024 * 1024 + 1);
        Map<String, Object> uploads = new LinkedHashMap<>();
        // declared an image, but it is a page: refused by its bytes
        uploads.put("identification_front_document", files.serve("/c/page-" + m.accountId(), "image/png",
                "<html><script>alert(1)</script></html>".getBytes(StandardCharsets.UTF_8)));
        uploads.put("identification_back_document", files.serve("/c/big-" + m.accountId(), "image/png", big));
        uploads.put("secondary_identification_front_document", "http://127.0.0.1:9/none");
        uploads.put("secondary_identification_back_document", "http://169.254.169.254/latest/meta-data/");
        uploads.put("selfie_image", "http://10.1.2.3/selfie.png");
        // a file host that redirects to a private address: the hop is refused too
        uploads.put("tax_document", files.redirect("/c/moved-" + m.accountId(), "http://192.168.1.10/tax.pdf"));
        uploads.put("proof_of_address_document", "files/relative.png");
        long kycId = submit(m, uploads, null);

        String page = page(kycId);
        String[] reasons = {"not an image or PDF", "larger than 5 MB", "not reachable",
                "points to a private address: not fetched", "points to a private address: not fetched",
                "points to a private address: not fetched", "not reachable"};
        for (int n = 1; n <= reasons.length; n++) {
            String li = entry(page, n);
            assertTrue(li.contains("<span class=\"error-text\">" + reasons[n - 1] + "</span>"), n + ": " + li);
            assertFalse(li.contains("<img") || li.contains("<a "), n + ": " + li);
            operator().get("/console/kyc/" + kycId + "/documents/" + n).then().statusCode(422)
                    .header("Content-Type", containsString("text/html"))
                    .body(containsString("cannot be previewed: " + reasons[n - 1]));
        }
        assertFalse(page.contains("alert(1)"), "nothing of a refused document reaches the page");
    }

    @Test
    void an_unknown_submission_or_document_number_is_404_and_each_submission_serves_its_own_documents() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        long ofA = submit(a, Map.of("selfie_image", files.serve("/d/a-" + a.accountId(), "image/png",
                DocumentStub.PNG)), null);
        long ofB = submit(b, Map.of("selfie_image", files.serve("/d/b-" + b.accountId(), "application/pdf",
                DocumentStub.PDF), "tax_document", files.serve("/d/b2-" + b.accountId(), "image/png",
                DocumentStub.PNG)), null);

        operator().get("/console/kyc/" + ofA + "/documents/1").then().statusCode(200).header("Content-Type", "image/png");
        operator().get("/console/kyc/" + ofB + "/documents/1").then().statusCode(200)
                .header("Content-Type", "application/pdf");
        // B has a second document, A has not: A's number 2 is not B's
        operator().get("/console/kyc/" + ofA + "/documents/2").then().statusCode(404)
                .body(containsString("document 2 of account kyc " + ofA + " not found"));
        for (String path : new String[] {"/console/kyc/" + ofA + "/documents/0", "/console/kyc/" + ofA + "/documents/x",
                "/console/kyc/999999999/documents/1", "/console/kyc/abc/documents/1"}) {
            operator().get(path).then().statusCode(404).header("Content-Type", containsString("text/html"));
        }
        // a merchant login is no operator
        a.as().get("/console/kyc/" + ofA + "/documents/1").then().statusCode(403);
    }

    @Test
    void the_support_role_reads_the_review_and_its_previews_and_identifiers_stay_masked() {
        Merchant m = TestMerchants.onboard();
        TestMerchants.fund(m, "5000");
        m.as().body(Map.of("mode", "platform")).put("/api/v1/kyc/settings").then().statusCode(200);
        String token = m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke").then()
                .statusCode(200).body("status", equalTo("verified")).extract().jsonPath().getString("lookup_id");
        long kycId = submit(m, Map.of("selfie_image", files.serve("/e/s-" + m.accountId(), "image/jpeg",
                DocumentStub.PNG)), Map.of("national_id", token));
        String[] support = newOperator("support");
        String page = as(support).get("/console/kyc/" + kycId).then().statusCode(200).extract().asString();
        assertTrue(entry(page, 1).contains("<img src=\"/console/kyc/" + kycId + "/documents/1\""), page);
        as(support).get("/console/kyc/" + kycId + "/documents/1").then().statusCode(200)
                .header("Content-Type", "image/png");
        assertTrue(page.contains("<td>12••••78</td>"), "the identifier is shown masked");
        assertFalse(page.contains("12345678"), "never in clear");
    }
}

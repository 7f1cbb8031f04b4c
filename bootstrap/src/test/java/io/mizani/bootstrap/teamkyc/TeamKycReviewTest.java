package io.mizani.bootstrap.teamkyc;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasKey;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Team KYC without tokens: submission, 404s, one per Team, the review queue and decisions, upgrades by review. */
@QuarkusTest
class TeamKycReviewTest {

    static Map<String, Object> submission(long accountId, Integer tier) {
        Map<String, Object> body = new HashMap<>();
        body.put("account_id", accountId);
        body.put("entity_type", "business");
        body.put("country_code", "KE");
        body.put("country", "Kenya");
        if (tier != null) {
            body.put("kyc_tier", tier);
        }
        body.put("notes", "first submission");
        body.put("contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace", "entity_type",
                "individual", "identification_number", 12345678, "identification_type", "national_id",
                "phone_number", "+254712000001",
                "upload_information", Map.of("identification_front_document", "files/front.png")));
        body.put("entity_information", Map.of("entity_name", "Acme Ltd", "business_type", "limited_company",
                "tax_document_number", 555, "upload_information", Map.of("tax_document", "files/tax.pdf")));
        body.put("account_information", Map.of("account_name", "ignored", "is_email_verified", true));
        return body;
    }

    static long submitPending(Merchant m, int tier) {
        return m.as().body(submission(m.accountId(), tier)).post("/api/v2/account_kycs")
                .then().statusCode(200).body("account_kyc.status", equalTo("pending"))
                .extract().jsonPath().getLong("account_kyc.id");
    }

    @Test
    void a_submission_without_tokens_is_pending_with_every_field_and_a_snapshot_of_the_team() {
        Merchant m = TestMerchants.onboard();
        m.as().body(submission(m.accountId(), 2)).post("/api/v2/account_kycs").then().statusCode(200)
                .body("account_kyc.id", notNullValue())
                .body("account_kyc.account_id", equalTo((int) m.accountId()))
                .body("account_kyc.status", equalTo("pending"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.entity_type", equalTo("business"))
                .body("account_kyc.country_code", equalTo("KE"))
                .body("account_kyc.country", equalTo("Kenya"))
                .body("account_kyc.notes", equalTo("first submission"))
                .body("account_kyc.contact_information.first_name", equalTo("Ada"))
                .body("account_kyc.contact_information.identification_number", equalTo(12345678))
                .body("account_kyc.contact_information.upload_information.identification_front_document",
                        equalTo("files/front.png"))
                .body("account_kyc.contact_information.upload_information", hasKey("selfie_image"))
                .body("account_kyc.entity_information.entity_name", equalTo("Acme Ltd"))
                .body("account_kyc.entity_information.tax_document_number", equalTo(555))
                .body("account_kyc.entity_information.upload_information.tax_document", equalTo("files/tax.pdf"))
                .body("account_kyc.account_information.organization_id", equalTo(String.valueOf(m.organizationId())))
                .body("account_kyc.account_information.currency", equalTo("KES"))
                .body("account_kyc.account_information.account_name", not(equalTo("ignored")))
                .body("account_kyc.account_information.kyc_status", equalTo("pending"))
                .body("account_kyc.account_information.is_email_verified", equalTo(false))
                .body("account_kyc.account_information.is_phone_verified", equalTo(false))
                .body("account_kyc.upgrade_information.requested_kyc_upgrade", equalTo(false))
                .body("account_kyc", not(hasKey("verification_information")))
                .body("account_kyc.created_at", notNullValue())
                .body("account_kyc.updated_at", notNullValue());
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account.kyc_tier", equalTo(0))
                .body("account.kyc_verified", equalTo(false));
    }

    @Test
    void a_team_of_another_merchant_is_404_everywhere() {
        Merchant a = TestMerchants.onboard();
        Merchant b = TestMerchants.onboard();
        long kycA = submitPending(a, 2);
        b.as().body(submission(a.accountId(), 2)).post("/api/v2/account_kycs").then().statusCode(404)
                .body("error_code", equalTo("not_found"))
                .body("status_code", equalTo(404))
                .body("error_message", equalTo("account " + a.accountId() + " not found"));
        b.as().body(submission(a.accountId(), 2)).put("/api/v2/account_kycs/" + kycA).then().statusCode(404)
                .body("error_code", equalTo("not_found"))
                .body("error_message", equalTo("account kyc " + kycA + " not found"));
        b.as().body(Map.of("account_id", a.accountId(), "upgrade_information", Map.of("upgrade_to", 3)))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(404).body("error_code", equalTo("not_found"));
        a.as().get("/api/v2/account_kycs/" + kycA).then().statusCode(200)
                .body("account_kyc.id", equalTo((int) kycA))
                .body("account_kyc.status", equalTo("pending"));
        b.as().get("/api/v2/account_kycs/" + kycA).then().statusCode(404)
                .body("error_code", equalTo("not_found"));
        a.as().body(submission(a.accountId(), 2)).put("/api/v2/account_kycs/999999999").then().statusCode(404);
        a.as().body(submission(a.accountId(), 2)).put("/api/v2/account_kycs/abc").then().statusCode(404);
    }

    @Test
    void one_submission_per_team_and_validation_failures_are_400() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        m.as().body(submission(m.accountId(), 3)).post("/api/v2/account_kycs").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("status_code", equalTo(400))
                .body("error_message", containsString("PUT /api/v2/account_kycs/" + id));
        m.as().body(Map.of("entity_type", "business")).post("/api/v2/account_kycs").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("account_id is required"));
        Merchant fresh = TestMerchants.onboard();
        Map<String, Object> robot = submission(fresh.accountId(), 2);
        robot.put("entity_type", "robot");
        fresh.as().body(robot).post("/api/v2/account_kycs").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        Map<String, Object> badNumber = submission(fresh.accountId(), 2);
        badNumber.put("contact_information", Map.of("identification_number", "not-a-number"));
        fresh.as().body(badNumber).post("/api/v2/account_kycs").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"));
        fresh.as().body("{not json").post("/api/v2/account_kycs").then().statusCode(400);
    }

    @Test
    void an_unissued_token_is_400_in_the_compact_shape_naming_the_slot() {
        Merchant m = TestMerchants.onboard();
        for (String slot : List.of("national_id", "phone_number", "tin")) {
            Map<String, Object> body = submission(m.accountId(), 2);
            body.put("kyc_tokens", Map.of(slot, "lk_never_issued_" + slot));
            m.as().body(body).post("/api/v2/account_kycs").then().statusCode(400)
                    .body("error_code", equalTo("invalid_argument"))
                    .body("message", startsWith("kyc_tokens." + slot))
                    .body("$", not(hasKey("error_message")));
        }
        // nothing was stored: a plain submission still goes through
        submitPending(m, 2);
    }

    @Test
    void amend_merges_documents_and_keeps_the_rest() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        m.as().body(Map.of("account_id", m.accountId(), "contact_information",
                        Map.of("upload_information", Map.of("selfie_image", "files/selfie.png"))))
                .put("/api/v2/account_kycs/" + id).then().statusCode(200)
                .body("account_kyc.id", equalTo((int) id))
                .body("account_kyc.contact_information.first_name", equalTo("Ada"))
                .body("account_kyc.contact_information.upload_information.selfie_image", equalTo("files/selfie.png"))
                .body("account_kyc.contact_information.upload_information.identification_front_document",
                        equalTo("files/front.png"))
                .body("account_kyc.status", equalTo("pending"));
        m.as().body(Map.of("notes", "x")).put("/api/v2/account_kycs/" + id).then().statusCode(400)
                .body("error_message", equalTo("account_id is required"));
    }

    @Test
    void an_upgrade_is_refused_on_a_pending_team() {
        Merchant m = TestMerchants.onboard();
        Map<String, Object> upgrade = Map.of("account_id", m.accountId(),
                "upgrade_information", Map.of("upgrade_to", 3, "upgrade_notes", "grow"));
        m.as().body(upgrade).post("/api/v2/account_kycs/upgrade").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("account kyc must be approved before an upgrade"))
                .body("status_code", equalTo(400));
        submitPending(m, 2);
        m.as().body(upgrade).post("/api/v2/account_kycs/upgrade").then().statusCode(400)
                .body("error_code", equalTo("invalid_argument"))
                .body("error_message", equalTo("account kyc must be approved before an upgrade"));
    }

    @Test
    void review_approve_moves_the_team_its_organization_and_the_profile() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200)
                .body("account_kycs.id", hasItem((int) id));
        asOperator().body(Map.of("decision", "in_review", "notes", "looking"))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(200)
                .body("account_kyc.status", equalTo("in_review"));
        asOperator().get("/api/admin/account_kycs?status=in_review").then().statusCode(200)
                .body("account_kycs.id", hasItem((int) id));
        asOperator().get("/api/admin/account_kycs?status=pending").then().statusCode(200)
                .body("account_kycs.id", not(hasItem((int) id)));
        long reviewer = asOperator().body(Map.of("decision", "approve", "kyc_tier", 3, "notes", "documents fine"))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(3))
                .body("account_kyc.account_information.kyc_status", equalTo("approved"))
                .body("account_kyc.review_information.decision", equalTo("approve"))
                .body("account_kyc.review_information.reviewed_at", notNullValue())
                .extract().jsonPath().getLong("account_kyc.review_information.reviewed_by");
        m.as().get("/api/v2/account_kycs/" + id).then().statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(3));
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account.kyc_tier", equalTo(3))
                .body("account.kyc_verified", equalTo(true));
        m.as().get("/api/v2/user_profile/" + m.userId()).then().statusCode(200)
                .body("user_profile.accounts.find { it.id == " + m.accountId() + " }.kyc_tier", equalTo(3))
                .body("user_profile.is_kyc_verified", equalTo(true));
        // the reviewer is the operator's platform user, an admin
        org.junit.jupiter.api.Assertions.assertTrue(reviewer > 0);
        asOperator().body(Map.of("decision", "reject")).post("/api/admin/account_kycs/" + id + "/review")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
    }

    @Test
    void review_reject_leaves_the_team_and_an_amendment_requeues_it() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        asOperator().body(Map.of("decision", "reject", "notes", "blurry"))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(200)
                .body("account_kyc.status", equalTo("rejected"))
                .body("account_kyc.review_information.notes", equalTo("blurry"));
        m.as().get("/api/v2/account/" + m.accountId()).then().statusCode(200)
                .body("account.kyc_tier", equalTo(0))
                .body("account.kyc_verified", equalTo(false));
        asOperator().get("/api/admin/account_kycs?status=rejected").then().statusCode(200)
                .body("account_kycs.id", hasItem((int) id));
        m.as().body(Map.of("account_id", m.accountId(), "contact_information",
                        Map.of("upload_information", Map.of("identification_front_document", "files/front2.png"))))
                .put("/api/v2/account_kycs/" + id).then().statusCode(200)
                .body("account_kyc.status", equalTo("pending"));
    }

    @Test
    void operator_review_input_errors() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        asOperator().body(Map.of("decision", "maybe")).post("/api/admin/account_kycs/" + id + "/review")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        asOperator().body(Map.of("decision", "approve", "kyc_tier", 9))
                .post("/api/admin/account_kycs/" + id + "/review")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        asOperator().body(Map.of("decision", "approve")).post("/api/admin/account_kycs/999999999/review")
                .then().statusCode(404).body("error_code", equalTo("not_found"));
        asOperator().get("/api/admin/account_kycs?status=done").then().statusCode(400);
        asOperator().body(Map.of("decision", "approve")).post("/api/admin/account_kycs/" + id + "/upgrade-review")
                .then().statusCode(400).body("error_code", equalTo("invalid_argument"));
        m.as().get("/api/admin/account_kycs?status=pending").then().statusCode(403);
        m.as().body(Map.of("decision", "approve", "kyc_tier", 4))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(403);
    }

    @Test
    void an_upgrade_to_tier_4_waits_for_a_reviewer_who_approves_or_rejects_it() {
        Merchant m = TestMerchants.onboard();
        long id = submitPending(m, 2);
        asOperator().body(Map.of("decision", "approve", "kyc_tier", 2))
                .post("/api/admin/account_kycs/" + id + "/review").then().statusCode(200);
        m.as().body(Map.of("account_id", m.accountId(),
                        "upgrade_information", Map.of("upgrade_to", 4, "upgrade_notes", "big volumes"),
                        "entity_information", Map.of("entity_name", "Acme Holdings")))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(200)
                .body("account_kyc.status", equalTo("approved"))
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.entity_information.entity_name", equalTo("Acme Holdings"))
                .body("account_kyc.entity_information.business_type", equalTo("limited_company"))
                .body("account_kyc.upgrade_information.requested_kyc_upgrade", equalTo(true))
                .body("account_kyc.upgrade_information.upgrade_from", equalTo(2))
                .body("account_kyc.upgrade_information.upgrade_to", equalTo(4))
                .body("account_kyc.upgrade_information.upgrade_notes", equalTo("big volumes"))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("pending"))
                .body("account_kyc.upgrade_information.upgrade_requested_at", notNullValue())
                .body("account_kyc.upgrade_information.upgrade_reviewed_at", nullValue())
                .body("account_kyc.upgrade_information", not(hasKey("upgrade_reviewed_by")));
        asOperator().get("/api/admin/account_kycs?upgrade_status=pending").then().statusCode(200)
                .body("account_kycs.id", hasItem((int) id));
        asOperator().body(Map.of("decision", "approve", "notes", "ok"))
                .post("/api/admin/account_kycs/" + id + "/upgrade-review").then().statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(4))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("approved"))
                .body("account_kyc.upgrade_information.upgrade_reviewed_at", notNullValue())
                .body("account_kyc.upgrade_information.upgrade_reviewed_by", notNullValue());
        m.as().get("/api/v2/account/" + m.accountId()).then().body("account.kyc_tier", equalTo(4));
        m.as().get("/api/v2/user_profile/" + m.userId()).then().statusCode(200)
                .body("user_profile.accounts.find { it.id == " + m.accountId() + " }.kyc_tier", equalTo(4));

        Merchant r = TestMerchants.onboard();
        long rid = submitPending(r, 2);
        asOperator().body(Map.of("decision", "approve")).post("/api/admin/account_kycs/" + rid + "/review")
                .then().statusCode(200).body("account_kyc.kyc_tier", equalTo(2));
        r.as().body(Map.of("account_id", r.accountId(), "upgrade_information", Map.of("upgrade_to", 4)))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(200);
        r.as().body(Map.of("account_id", r.accountId(), "upgrade_information", Map.of("upgrade_to", 3)))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(400);
        asOperator().body(Map.of("decision", "reject", "notes", "no"))
                .post("/api/admin/account_kycs/" + rid + "/upgrade-review").then().statusCode(200)
                .body("account_kyc.kyc_tier", equalTo(2))
                .body("account_kyc.upgrade_information.upgrade_status", equalTo("rejected"))
                .body("account_kyc.upgrade_information.upgrade_review_notes", equalTo("no"));
        r.as().get("/api/v2/account/" + r.accountId()).then().body("account.kyc_tier", equalTo(2));
        r.as().body(Map.of("account_id", r.accountId(), "upgrade_information", Map.of("upgrade_to", 2)))
                .post("/api/v2/account_kycs/upgrade").then().statusCode(400);
    }
}

package io.mizani.bootstrap.openapi;

import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;

/**
 * What the document calls {@code required} is what the server requires, in both directions. For every operation with a
 * JSON request body, the document's own request example (made unique where a reference must be unique, its ids pointed
 * at the test merchant's records, sent in a state where it is accepted) is sent once whole and then once without each
 * of its properties at every depth ({@link RequiredFieldsComparison}): the server refuses the body (400) exactly when
 * the document marks the property {@code required}, and never fails (5xx). Likewise every query parameter of the GET
 * operations below. Requirements that depend on another field's value are listed in {@link #CONDITIONAL}, each with
 * its reason. The operations whose state needs another test profile are compared by the classes named in
 * {@link #COMPARED_UNDER_ANOTHER_PROFILE} (and, without a body, {@link RequiredFieldsFourEyesTest}).
 */
@QuarkusTest
class RequiredFieldsTest extends RequiredFieldsComparison {

    private static final String BY_REFERENCE = "not needed when customer.customer_uuid names a saved beneficiary, whose "
            + "details the payment uses";

    /**
     * Properties whose requirement depends on the rest of the body (or query), so the document cannot say it with
     * {@code required} (OpenAPI 3.0 has no "required if"); keyed {@code operationId property} ({@code ?name} for a query
     * parameter). The test fails when an entry no longer disagrees. Nothing else is excused.
     */
    static final Map<String, String> CONDITIONAL = Map.ofEntries(
            Map.entry("startPayment customer.first_name", BY_REFERENCE),
            Map.entry("startPayment customer.last_name", BY_REFERENCE),
            Map.entry("startPayment customer.email", BY_REFERENCE),
            Map.entry("startPayment customer.phone", BY_REFERENCE),
            Map.entry("startPayment payment_config.account_number", BY_REFERENCE),
            Map.entry("createPayoutBatch items[0].customer.first_name", BY_REFERENCE),
            Map.entry("createPayoutBatch items[0].customer.last_name", BY_REFERENCE),
            Map.entry("createPayoutBatch items[0].customer.email", BY_REFERENCE),
            Map.entry("createPayoutBatch items[0].customer.phone", BY_REFERENCE),
            Map.entry("createPayoutBatch items[0].payment_config.account_number", BY_REFERENCE),
            Map.entry("createBeneficiary first_name", "or `name`, which the server splits into first and last name"),
            Map.entry("createBeneficiary last_name", "or `name`, which the server splits into first and last name"),
            Map.entry("checkBeneficiaryEligibility ?amount_usd", "the contract's parameter (required in the document); "
                    + "`amount` in `currency` may stand in for it, converted at the service's rate"));

    /**
     * Operations with a JSON body whose fixture needs a test profile this class does not run under, each compared by the
     * class named (it fails unless it compares exactly these). Any other operation with a body is compared here.
     */
    static final Map<String, Class<?>> COMPARED_UNDER_ANOTHER_PROFILE = Map.of(
            "decideScreeningCase", RequiredFieldsScreeningTest.class);

    /** An M-Pesa collection of 1,000 KES, waited for until it succeeded: its merchant_reference. */
    private static String succeededCollection(Merchant m) {
        String reference = "order-" + next();
        m.as().body(Map.of("request_type", "payment", "transaction_channel", "momo", "provider", "mpesa_ke", "amount",
                        1000, "currency", "KES", "country", "KE", "customer", Map.of("first_name", "Ada", "last_name",
                                "Obi", "email", "ada@example.com", "phone", "+254700000123"),
                        "provider_config", Map.of("network_id", "net_ke_mpesa", "provider_id", "mpesa_ke", "network_name",
                                "M-Pesa", "network_code", "MPESA", "account_type", "momo"),
                        "payment_config", Map.of("reference", reference, "account_number", "+254700000123",
                                "callback_url", "http://127.0.0.1:9/callbacks")))
                .post("/api/global/payments").then().statusCode(200);
        long deadline = System.nanoTime() + java.time.Duration.ofSeconds(20).toNanos();
        String status = null;
        while (System.nanoTime() < deadline) {
            status = m.as().body(Map.of("merchant_reference", reference)).post("/api/global/transaction-status")
                    .then().statusCode(200).extract().jsonPath().getString("transaction.status");
            if ("succeeded".equals(status)) {
                return reference;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("collection " + reference + " still " + status);
    }

    private static long team(Merchant m) {
        long n = next();
        return m.as().body(Map.of("organization_id", m.organizationId(), "name", "Team " + n, "email",
                        "team" + n + "@example.com", "dial_code", "+254", "number", "713" + String.format("%06d", n % 1_000_000)))
                .post("/api/v2/accounts").then().statusCode(200).extract().jsonPath().getLong("account.id");
    }

    private static String token(Merchant m) {
        return m.as().body(Map.of("number", "12345678")).post("/api/v1/kyc/verify/national_id_ke")
                .then().statusCode(200).extract().jsonPath().getString("lookup_id");
    }

    private static Map<String, Object> pendingSubmission(long team) {
        return Map.of("account_id", team, "entity_type", "business", "country_code", "KE", "country", "Kenya",
                "kyc_tier", 2, "contact_information", Map.of("first_name", "Ada", "last_name", "Lovelace"));
    }

    private static long submitPending(Merchant m, long team) {
        return m.as().body(pendingSubmission(team)).post("/api/v2/account_kycs").then().statusCode(200)
                .extract().jsonPath().getLong("account_kyc.id");
    }

    /** A Team whose KYC submission was approved at tier 2, and that submission. */
    private record Approved(long team, long submission) {
    }

    private static Approved approved(Merchant m) {
        long team = team(m);
        long id = submitPending(m, team);
        asOperator().body(Map.of("decision", "approve", "kyc_tier", 2)).post("/api/admin/account_kycs/" + id + "/review")
                .then().statusCode(200);
        return new Approved(team, id);
    }

    private static String inviteToken(Merchant m) {
        var mailbox = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get();
        String email = "invitee" + next() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email,
                "role_id", 2)).post("/api/v2/account_invites").then().statusCode(200);
        String text = mailbox.getMailsSentTo(email).get(0).getText();
        return text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
    }

    // ----------------------------------------------------------------------------------------------- the tests

    @Test
    void every_request_body_property_is_required_in_the_document_exactly_when_the_server_requires_it() {
        Merchant m = merchant();
        Merchant other = merchant();

        // Verification
        body("PUT", "/api/v1/kyc/settings", b -> m.as().body(b).put("/api/v1/kyc/settings"));
        Map<String, Object> verify = map(map(map(map(operation("POST", "/api/v1/kyc/verify/{check}").get("requestBody"))
                .get("content")).get("application/json")).get("examples"));
        verify.forEach((check, ex) -> compare("runCheck[" + check + "]", map(map(ex).get("value")),
                resolve(Map.of("$ref", "#/components/schemas/Check_" + check)),
                b -> m.as().body(b).post("/api/v1/kyc/verify/" + check)));

        // Teams
        body("POST", "/api/v2/accounts", b -> {
            replace(b, "organization_id", m.organizationId());
            return m.as().body(unique(b, "name", "email", "number")).post("/api/v2/accounts");
        });
        long team = team(m);
        body("PUT", "/api/v2/accounts", b -> {
            replace(b, "account_id", team);
            return m.as().body(b).put("/api/v2/accounts");
        });
        body("POST", "/api/v2/account_invites", b -> {
            replace(b, "organization_id", m.organizationId());
            replace(b, "account_id", m.accountId());
            return m.as().body(unique(b, "email")).post("/api/v2/account_invites");
        });
        body("POST", "/api/v2/account_invites/accept", b -> {
            replace(b, "token", inviteToken(m));
            return given().contentType("application/json").body(unique(b, "phone_number")).post("/api/v2/account_invites/accept");
        });

        // Team KYC
        body("POST", "/api/v2/account_kycs", b -> {
            replace(b, "account_id", team(m));
            replace(b, "kyc_tokens.national_id", token(m));
            return m.as().body(b).post("/api/v2/account_kycs");
        });
        long pendingTeam = team(m);
        long pending = submitPending(m, pendingTeam);
        body("PUT", "/api/v2/account_kycs/{id}", b -> {
            replace(b, "account_id", pendingTeam);
            return m.as().body(b).put("/api/v2/account_kycs/" + pending);
        });
        body("POST", "/api/v2/account_kycs/upgrade", b -> {
            replace(b, "account_id", approved(m).team());
            return m.as().body(b).post("/api/v2/account_kycs/upgrade");
        });

        // Beneficiaries
        body("POST", "/api/global/beneficiaries", b -> m.as().body(unique(b, "email")).post("/api/global/beneficiaries"));
        String uuid = m.as().body(Map.of("first_name", "Wanjiru", "last_name", "Kamau", "country", "KE",
                        "email", "wanjiru@example.com", "account_number", "+254722000123", "account_type", "momo"))
                .post("/api/global/beneficiaries").then().statusCode(200).extract().jsonPath().getString("uuid");
        body("PUT", "/api/global/beneficiaries/{uuid}", b -> m.as().body(b).put("/api/global/beneficiaries/" + uuid));
        body("PATCH", "/api/global/beneficiaries/{uuid}", b -> m.as().body(b).patch("/api/global/beneficiaries/" + uuid));

        // Payments
        body("POST", "/api/global/transaction-providers", b -> m.as().body(b).post("/api/global/transaction-providers"));
        body("POST", "/api/global/payments", b -> {
            unique(b, "payment_config.reference");
            replace(b, "payment_config.callback_url", "http://127.0.0.1:9/callbacks");
            return m.as().body(b).post("/api/global/payments");
        });
        String reference = "order-" + next();
        m.as().body(Map.of("request_type", "payment", "transaction_channel", "momo", "provider", "mpesa_ke", "amount", 100,
                "currency", "KES", "country", "KE", "customer", Map.of("first_name", "Ada", "last_name", "Obi",
                        "email", "ada@example.com", "phone", "+254700000123"),
                "provider_config", Map.of("network_id", "net_ke_mpesa", "provider_id", "mpesa_ke", "network_name", "M-Pesa",
                        "network_code", "MPESA", "account_type", "momo"),
                "payment_config", Map.of("reference", reference, "account_number", "+254700000123",
                        "callback_url", "http://127.0.0.1:9/callbacks")))
                .post("/api/global/payments").then().statusCode(200);
        body("POST", "/api/global/transaction-status", b -> {
            replace(b, "merchant_reference", reference);
            return m.as().body(b).post("/api/global/transaction-status");
        });
        body("PUT", "/api/global/webhooks/endpoint", b -> m.as().body(b).put("/api/global/webhooks/endpoint"));

        // Operator
        body("POST", "/api/admin/merchants", b -> asOperator().body(unique(b, "organization_name", "user.email",
                "user.phone_number", "account.name", "account.email", "account.number")).post("/api/admin/merchants"));
        body("POST", "/api/admin/accounts/{account_id}/service-wallet/credits", b -> asOperator().body(unique(b, "reference"))
                .post("/api/admin/accounts/" + other.accountId() + "/service-wallet/credits"));
        body("PUT", "/api/admin/accounts/{account_id}/identity-checks", b -> asOperator().body(b)
                .put("/api/admin/accounts/" + other.accountId() + "/identity-checks"));
        body("PUT", "/api/admin/accounts/{account_id}/payment-providers", b -> asOperator().body(b)
                .put("/api/admin/accounts/" + other.accountId() + "/payment-providers"));
        body("POST", "/api/admin/accounts/{account_id}/balances/{currency}/adjustments", b -> asOperator()
                .body(unique(b, "reference")).post("/api/admin/accounts/" + other.accountId() + "/balances/KES/adjustments"));
        Object limits = asOperator().get("/api/admin/tier-limits").then().statusCode(200).extract().jsonPath().get("$");
        Object routing = asOperator().get("/api/admin/verification-routing").then().statusCode(200).extract().jsonPath().get("$");
        try {
            body("PUT", "/api/admin/tier-limits", b -> asOperator().body(b).put("/api/admin/tier-limits"));
            body("PUT", "/api/admin/verification-routing", b -> asOperator().body(b).put("/api/admin/verification-routing"));
        } finally {
            asOperator().body(limits).put("/api/admin/tier-limits").then().statusCode(200);
            asOperator().body(routing).put("/api/admin/verification-routing").then().statusCode(200);
        }
        body("POST", "/api/admin/account_kycs/{id}/review", b -> asOperator().body(b)
                .post("/api/admin/account_kycs/" + submitPending(m, team(m)) + "/review"));
        body("POST", "/api/admin/account_kycs/{id}/upgrade-review", b -> {
            Approved a = approved(m);
            m.as().body(Map.of("account_id", a.team(), "upgrade_information", Map.of("upgrade_to", 4)))
                    .post("/api/v2/account_kycs/upgrade").then().statusCode(200);
            return asOperator().body(b).post("/api/admin/account_kycs/" + a.submission() + "/upgrade-review");
        });

        // Refunds: each body refunds its own succeeded collection (one without `amount` refunds all of it)
        body("POST", "/api/global/refunds", b -> {
            replace(b, "merchant_reference", succeededCollection(m));
            replace(b, "refund_reference", "rf-" + next() + "-7"); // the sandbox declines a reference ending in 00
            return m.as().body(b).post("/api/global/refunds");
        });

        // Payees and payout batches
        body("POST", "/api/global/payees/resolve", b -> m.as().body(b).post("/api/global/payees/resolve"));
        body("POST", "/api/global/payout-batches", b -> {
            unique(b, "batch_reference");
            if (b.get("items") instanceof List<?> items) {
                items.forEach(item -> unique(map(item), "payment_config.reference"));
            }
            return m.as().body(b).post("/api/global/payout-batches");
        });

        // Statements and API keys
        body("POST", "/api/global/statements", b -> m.as().body(b).post("/api/global/statements"));
        body("POST", "/api/v2/api_keys", b -> m.as().body(b).post("/api/v2/api_keys"));

        // Screening (a screen works whatever MIZANI_SCREENING says; a case to decide needs it on, see
        // RequiredFieldsScreeningTest)
        body("POST", "/api/v1/kyc/screen", b -> m.as().body(b).post("/api/v1/kyc/screen"));

        // Operator: Team users and named operators
        body("POST", "/api/admin/accounts/{account_id}/users", b -> asOperator().body(unique(b, "email"))
                .post("/api/admin/accounts/" + other.accountId() + "/users"));
        body("POST", "/api/admin/operators", b -> {
            replace(b, "username", "op" + next() + ".finance");
            return asOperator().body(b).post("/api/admin/operators");
        });

        compared.add("runCheck");
        List<String> uncompared = new ArrayList<>();
        map(doc().get("paths")).values().forEach(item -> map(item).values().forEach(o -> {
            Map<String, Object> op = map(o);
            String id = String.valueOf(op.get("operationId"));
            if (map(map(op.get("requestBody")).get("content")).containsKey("application/json") && !compared.contains(id)
                    && !COMPARED_UNDER_ANOTHER_PROFILE.containsKey(id)) {
                uncompared.add(id);
            }
        }));
        assertEquals(List.of(), uncompared, "operations with a JSON body this test does not compare");
        assertEquals(new java.util.TreeSet<>(CONDITIONAL.keySet().stream().filter(k -> !k.contains("?")).toList()),
                new java.util.TreeSet<>(excused),
                "every conditional exception is still one (the server and the document disagree there and only there)");
        assertEquals(List.of(), mismatches);
    }

    @Test
    void every_query_parameter_is_required_in_the_document_exactly_when_the_server_requires_it() {
        Merchant m = merchant();
        String uuid = m.as().body(Map.of("first_name", "Wanjiru", "last_name", "Kamau", "country", "KE",
                        "email", "wanjiru@example.com", "account_number", "+254722000123", "account_type", "momo"))
                .post("/api/global/beneficiaries").then().statusCode(200).extract().jsonPath().getString("uuid");
        // a valid value for each query parameter of each GET operation that has some
        Map<String, Map<String, String>> valid = new LinkedHashMap<>();
        valid.put("/api/global/discovery/discover-rails", Map.of("country", "KE"));
        valid.put("/api/global/beneficiaries/{uuid}/kyc-eligibility", Map.of("currency", "KES", "amount_usd", "10",
                "amount", "1000"));
        valid.put("/api/global/beneficiaries", Map.of("page", "1", "per", "10", "term", "Wanjiru"));
        valid.put("/api/global/events", Map.of("limit", "10"));
        valid.put("/api/global/transactions", Map.of("limit", "10"));
        valid.put("/api/global/balances/{currency}/entries", Map.of("limit", "10"));
        valid.put("/api/v1/kyc/lookups", Map.of("limit", "10"));
        valid.put("/api/admin/merchants", Map.of("limit", "10", "name", "Org"));
        valid.put("/api/admin/accounts", Map.of("limit", "10"));
        valid.put("/api/admin/account_kycs", Map.of("limit", "10", "status", "pending"));
        valid.put("/api/admin/verification-routing/margins", Map.of("days", "7"));
        TestMerchants.fundBalance(m, "KES", "100");
        Map<String, String> concrete = Map.of("/api/global/beneficiaries/{uuid}/kyc-eligibility",
                "/api/global/beneficiaries/" + uuid + "/kyc-eligibility", "/api/global/balances/{currency}/entries",
                "/api/global/balances/KES/entries");

        List<String> missingSample = new ArrayList<>();
        Map<String, Object> paths = map(doc().get("paths"));
        paths.forEach((path, item) -> {
            Map<String, Object> get = map(map(item).get("get"));
            @SuppressWarnings("unchecked")
            List<Object> params = get.get("parameters") instanceof List<?> l ? (List<Object>) l : List.of();
            for (Object p : params) {
                Map<String, Object> param = map(p);
                if ("query".equals(param.get("in")) && Boolean.TRUE.equals(param.get("required"))
                        && !valid.getOrDefault(path, Map.of()).containsKey(param.get("name"))) {
                    missingSample.add(path + " " + param.get("name"));
                }
            }
        });
        assertEquals(List.of(), missingSample, "a valid value for every required query parameter");

        valid.forEach((path, values) -> {
            Map<String, Object> op = operation("GET", path);
            @SuppressWarnings("unchecked")
            List<Object> params = op.get("parameters") instanceof List<?> l ? (List<Object>) l : List.of();
            Map<String, Boolean> documented = new LinkedHashMap<>();
            params.stream().map(RequiredFieldsTest::map).filter(p -> "query".equals(p.get("in")))
                    .forEach(p -> documented.put(p.get("name").toString(), Boolean.TRUE.equals(p.get("required"))));
            String url = concrete.getOrDefault(path, path);
            var spec = path.startsWith("/api/admin") ? asOperator() : m.as();
            Response whole = spec.queryParams(values).get(url);
            if (whole.statusCode() != 200) {
                mismatches.add(path + " " + values + " is refused: " + whole.statusCode() + " " + abbreviate(whole));
                return;
            }
            for (String name : values.keySet()) {
                if (!documented.containsKey(name)) {
                    mismatches.add(path + " does not document its query parameter " + name);
                    continue;
                }
                Map<String, String> without = new LinkedHashMap<>(values);
                without.remove(name);
                var s = path.startsWith("/api/admin") ? asOperator() : m.as();
                check(String.valueOf(op.get("operationId")), "?" + name, documented.get(name),
                        s.queryParams(without).get(url));
            }
        });
        // the eligibility needs a value to judge: amount_usd, or amount to convert
        m.as().queryParam("currency", "KES").get(concrete.get("/api/global/beneficiaries/{uuid}/kyc-eligibility"))
                .then().statusCode(400);
        assertEquals(new java.util.TreeSet<>(CONDITIONAL.keySet().stream().filter(k -> k.contains("?")).toList()),
                new java.util.TreeSet<>(excused), "every conditional exception of a parameter is still one");
        assertEquals(List.of(), mismatches);
    }
}

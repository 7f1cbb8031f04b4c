package io.mizani.bootstrap.support;

import static io.restassured.RestAssured.given;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.quarkus.test.common.QuarkusTestResource;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/** Creates merchants through the operator API, the way an operator would. */
@QuarkusTestResource(EmbeddedPostgresTestResource.class)
public final class TestMerchants {

    public static final String OPERATOR = "operator";
    public static final String OPERATOR_PASSWORD = "sandbox-operator";
    private static final AtomicInteger SEQ = new AtomicInteger();

    private TestMerchants() {
    }

    public record Merchant(String username, String password, long accountId, long organizationId, long userId,
                           String webhookSecret, String currency) {
        public RequestSpecification as() {
            return given().auth().preemptive().basic(username, password).contentType(ContentType.JSON);
        }
    }

    public static RequestSpecification asOperator() {
        return given().auth().preemptive().basic(OPERATOR, OPERATOR_PASSWORD).contentType(ContentType.JSON);
    }

    /** A fresh Kenyan merchant (KES). */
    public static Merchant onboard() {
        return onboard("+254", "712" + String.format("%06d", SEQ.incrementAndGet()));
    }

    public static Merchant onboard(String dialCode, String number) {
        return onboard(dialCode, number, null);
    }

    /** A fresh Kenyan merchant whose Team is named {@code teamName}. */
    public static Merchant named(String teamName) {
        return onboard("+254", "712" + String.format("%06d", SEQ.incrementAndGet()), teamName);
    }

    private static Merchant onboard(String dialCode, String number, String teamName) {
        int n = SEQ.incrementAndGet();
        String name = teamName == null ? "Team " + n : teamName;
        JsonPath json = asOperator().body(Map.of(
                        "organization_name", "Org " + n,
                        "user", Map.of("first_name", "Ada", "last_name", "Owner" + n, "email", "owner" + n + "@example.com",
                                "phone_number", "+254700000" + n),
                        "account", Map.of("name", name, "email", "team" + n + "@example.com",
                                "dial_code", dialCode, "number", number)))
                .post("/api/admin/merchants")
                .then().statusCode(201).extract().jsonPath();
        return new Merchant(json.getString("credentials.username"), json.getString("credentials.password"),
                json.getLong("account.id"), json.getLong("organization.id"), json.getLong("user.id"),
                json.getString("webhook_secret"), json.getString("account.currency"));
    }

    /** Credits the merchant's service wallet (KES). */
    public static void fund(Merchant m, String amount) {
        asOperator().body(Map.of("amount", new java.math.BigDecimal(amount), "reference", "test-" + SEQ.incrementAndGet()))
                .post("/api/admin/accounts/" + m.accountId() + "/service-wallet/credits")
                .then().statusCode(200);
    }

    /**
     * Funds the merchant's payment balance in {@code currency} by an operator adjustment (a new merchant has none,
     * and a withdrawal reserves amount + fee from it).
     */
    public static void fundBalance(Merchant m, String currency, String amount) {
        asOperator().body(Map.of("amount", new java.math.BigDecimal(amount), "reference", "test-fund-" + SEQ.incrementAndGet(),
                        "reason", "test funding"))
                .post("/api/admin/accounts/" + m.accountId() + "/balances/" + currency + "/adjustments")
                .then().statusCode(200);
    }

    /**
     * Invites a fresh address to the merchant's Team (role member) and answers the token of the link the invitation
     * e-mail carries, read from the mock mailbox as the invitee would read it.
     */
    public static String invite(Merchant m) {
        String email = "invitee" + SEQ.incrementAndGet() + "." + System.nanoTime() + "@example.com";
        m.as().body(Map.of("organization_id", m.organizationId(), "account_id", m.accountId(), "email", email))
                .post("/api/v2/account_invites").then().statusCode(200);
        String text = io.quarkus.arc.Arc.container().instance(io.quarkus.mailer.MockMailbox.class).get()
                .getMailsSentTo(email).get(0).getText();
        return text.substring(text.indexOf("invite_token=") + "invite_token=".length()).split("\\s")[0];
    }
}

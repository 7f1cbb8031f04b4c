package io.mizani.bootstrap.verification;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Live mode: the routing table sends nin to Smile ID (a WireMock stub of its documented API), kra_pin to the sandbox. */
@QuarkusTest
@TestProfile(SmileIdRoutingTest.LiveWithSmileId.class)
class SmileIdRoutingTest {

    /** JVM-wide: the profile and the test class live in different class loaders. */
    static final String PORT = "mizani-test.smile-port";
    static WireMockServer smile;

    public static class LiveWithSmileId implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            if (System.getProperty(PORT) == null) {
                try (var socket = new java.net.ServerSocket(0)) {
                    System.setProperty(PORT, String.valueOf(socket.getLocalPort()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return Map.of(
                    "mizani.mode", "live",
                    // the test database is shared by every profile, and the start refuses a key that cannot open the
                    // identifiers already stored (IdentifierSealing): live mode here, but the sandbox profiles' key
                    "mizani.verification.pii-key", VerificationWiring.SANDBOX_PII_KEY,
                    "mizani.verification.default-provider", "sandbox",
                    "mizani.verification.routes.nin", "smile_id",
                    "mizani.verification.smile-id.base-url", "http://localhost:" + System.getProperty(PORT),
                    "mizani.verification.smile-id.partner-id", "085",
                    "mizani.verification.smile-id.api-key", "platform-api-key");
        }
    }

    @BeforeEach
    void reset() {
        if (smile == null) {
            smile = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            smile.start();
        }
        smile.resetAll();
    }

    static void answer(String code, String text) {
        smile.stubFor(post(urlEqualTo("/v1/id_verification")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("""
                        {"SmileJobID":"0000004242","ResultType":"ID Verification","ResultText":"%s","ResultCode":"%s",
                         "IsFinalResult":"true","Actions":{"Verify_ID_Number":"Verified"},"Country":"NG",
                         "IDType":"NIN_V2","FullName":"Ada Obi"}""".formatted(text, code))));
    }

    @Test
    void nin_runs_on_smile_id_with_its_result_codes_mapped_to_billing() {
        Merchant m = platformMerchant("1000");
        answer("1012", "ID Number Validated");
        m.as().body(Map.of("number_nin", "12345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("status", Matchers.equalTo("verified")).body("source", Matchers.equalTo("smile_id"))
                .body("reference", Matchers.equalTo("0000004242")).body("subject_name", Matchers.equalTo("Ada Obi"))
                .body("response_code", Matchers.equalTo("1012")).body("charge_status", Matchers.equalTo("charged"));
        smile.verify(postRequestedFor(urlEqualTo("/v1/id_verification"))
                .withRequestBody(matchingJsonPath("$.partner_id", equalTo("085")))
                .withRequestBody(matchingJsonPath("$.id_type", equalTo("NIN_V2")))
                .withRequestBody(matchingJsonPath("$.id_number", equalTo("12345678912"))));
        assertEquals(945f, balance(m));

        answer("1023", "Not Found");
        m.as().body(Map.of("number_nin", "22345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("status", Matchers.equalTo("not_verified")).body("charge_status", Matchers.equalTo("refunded"))
                .body("charged_amount", Matchers.equalTo(55.0f));
        assertEquals(945f, balance(m));

        answer("1015", "Error - Queried Database Unavailable");
        m.as().body(Map.of("number_nin", "32345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(502)
                .body("error", Matchers.equalTo("identity provider error: Nigeria NIN verification is currently unavailable"));
        assertEquals(945f, balance(m));

        // not in the routing table: the default provider
        m.as().body(Map.of("number", "P051234567X")).post("/api/v1/kyc/verify/kra_pin").then().statusCode(200)
                .body("source", Matchers.equalTo("sandbox"));
    }

    @Test
    void an_own_key_signs_with_the_merchants_smile_id_account_and_is_free() {
        Merchant m = TestMerchants.onboard();
        m.as().body(Map.of("mode", "own_key", "provider_key", "999:merchant-api-key")).put("/api/v1/kyc/settings")
                .then().statusCode(200);
        answer("1012", "ID Number Validated");
        m.as().body(Map.of("number_nin", "42345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("charge_status", Matchers.equalTo("free")).body("charged_amount", Matchers.equalTo(0.0f));
        smile.verify(postRequestedFor(urlEqualTo("/v1/id_verification"))
                .withRequestBody(matchingJsonPath("$.partner_id", equalTo("999"))));
    }
}

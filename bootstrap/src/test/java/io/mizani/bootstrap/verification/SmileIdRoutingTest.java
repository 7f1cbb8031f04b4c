package io.mizani.bootstrap.verification;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static io.mizani.bootstrap.support.TestMerchants.asOperator;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static io.mizani.bootstrap.verification.VerificationSupport.balance;
import static io.mizani.bootstrap.verification.VerificationSupport.platformMerchant;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.mizani.bootstrap.support.LiveProviderStubs;
import io.mizani.bootstrap.support.TestMerchants;
import io.mizani.bootstrap.support.TestMerchants.Merchant;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Live mode: the routing table sends nin to Smile ID (a WireMock stub of its documented API), kra_pin to the sandbox;
 * an operator route falls back from Smile ID to Dojah (a second WireMock stub) within one request.
 */
@QuarkusTest
@TestProfile(LiveProviderStubs.class)
public class SmileIdRoutingTest {

    /** JVM-wide: the profile and the test class live in different class loaders. */
    static final String PORT = "mizani-test.smile-port";
    static final String DOJAH_PORT = "mizani-test.dojah-port";
    static WireMockServer smile;
    static WireMockServer dojah;

    public static class LiveWithSmileId implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            for (String property : new String[]{PORT, DOJAH_PORT}) {
                if (System.getProperty(property) == null) {
                    try (var socket = new java.net.ServerSocket(0)) {
                        System.setProperty(property, String.valueOf(socket.getLocalPort()));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }
            }
            java.util.Map<String, String> config = new java.util.HashMap<>();
            String[] pairs = {"mizani.verification.dojah.base-url", "http://localhost:" + System.getProperty(DOJAH_PORT),
                    "mizani.verification.dojah.app-id", "dojah-app",
                    "mizani.verification.dojah.secret-key", "dojah-secret",
                    "mizani.mode", "live",
                    // the test database is shared by every profile, and the start refuses a key that cannot open the
                    // identifiers already stored (IdentifierSealing): live mode here, but the sandbox profiles' key
                    "mizani.verification.pii-key", VerificationWiring.SANDBOX_PII_KEY,
                    "mizani.verification.default-provider", "sandbox",
                    "mizani.verification.routes.nin", "smile_id",
                    "mizani.verification.smile-id.base-url", "http://localhost:" + System.getProperty(PORT),
                    "mizani.verification.smile-id.partner-id", "085",
                    "mizani.verification.smile-id.api-key", "platform-api-key",
                    // a cold first call on a loaded machine must not time out
                    "mizani.verification.provider-timeout-ms", "3000"};
            for (int i = 0; i < pairs.length; i += 2) {
                config.put(pairs[i], pairs[i + 1]);
            }
            return config;
        }
    }

    @BeforeEach
    void reset() {
        if (smile == null) {
            smile = new WireMockServer(options().port(Integer.parseInt(System.getProperty(PORT))));
            smile.start();
            dojah = new WireMockServer(options().port(Integer.parseInt(System.getProperty(DOJAH_PORT))));
            dojah.start();
        }
        smile.resetAll();
        dojah.resetAll();
        asOperator().body("{\"routes\": {}, \"costs\": {}}").put("/api/admin/verification-routing").then().statusCode(200);
    }

    /** Routes are operator-wide and live in the shared test database: leave the default for the next test class. */
    @org.junit.jupiter.api.AfterEach
    void restoreDefaultRouting() {
        asOperator().body("{\"routes\": {}, \"costs\": {}}").put("/api/admin/verification-routing").then().statusCode(200);
    }

    /** Smile ID's response signature, computed here independently of the adapter (javax.crypto). */
    static String signature(String apiKey, String timestamp, String partnerId) {
        try {
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec(apiKey.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    "HmacSHA256"));
            return java.util.Base64.getEncoder().encodeToString(mac.doFinal((timestamp + partnerId + "sid_request")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static void answer(String code, String text) {
        answer(code, text, "platform-api-key", "085");
    }

    static void answer(String code, String text, String apiKey, String partnerId) {
        String ts = "2026-11-23T03:00:00.000Z";
        smile.stubFor(post(urlEqualTo("/v1/id_verification")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("""
                        {"SmileJobID":"0000004242","ResultType":"ID Verification","ResultText":"%s","ResultCode":"%s",
                         "IsFinalResult":"true","Actions":{"Verify_ID_Number":"Verified"},"Country":"NG",
                         "IDType":"NIN_V2","FullName":"Ada Obi","DOB":"1990-02-03",
                         "timestamp":"%s","signature":"%s"}""".formatted(text, code, ts, signature(apiKey, ts, partnerId)))));
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
        answer("1012", "ID Number Validated", "merchant-api-key", "999");
        m.as().body(Map.of("number_nin", "42345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("charge_status", Matchers.equalTo("free")).body("charged_amount", Matchers.equalTo(0.0f));
        smile.verify(postRequestedFor(urlEqualTo("/v1/id_verification"))
                .withRequestBody(matchingJsonPath("$.partner_id", equalTo("999"))));
    }

    @Test
    void an_unsigned_smile_id_answer_is_not_a_verdict() {
        Merchant m = platformMerchant("1000");
        smile.stubFor(post(urlEqualTo("/v1/id_verification")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"SmileJobID\":\"1\",\"ResultText\":\"ID Number Validated\",\"ResultCode\":\"1012\","
                        + "\"FullName\":\"Ada Obi\"}")));
        m.as().body(Map.of("number_nin", "52345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(502);
        assertEquals(1000f, balance(m));
    }

    @Test
    void a_live_route_falls_back_from_smile_id_to_dojah_in_one_request_charged_once() {
        Merchant m = platformMerchant("1000");
        asOperator().body(Map.of("routes", Map.of("nin", java.util.List.of("smile_id", "dojah")),
                        "costs", Map.of("smile_id", Map.of("nin", 30), "dojah", Map.of("nin", 25))))
                .put("/api/admin/verification-routing").then().statusCode(200);
        answer("1015", "Error - Queried Database Unavailable");
        dojah.stubFor(get(urlPathEqualTo("/api/v1/kyc/nin")).withQueryParam("nin", equalTo("62345678912"))
                .withHeader("AppId", equalTo("dojah-app")).withHeader("Authorization", equalTo("dojah-secret"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody("""
                        {"entity": {"first_name": "Adaeze", "last_name": "Obi", "middle_name": "Nkem", "gender": "F",
                          "phone_number": "0812345678", "date_of_birth": "1990-02-03", "nin": "62345678912"}}""")));
        m.as().body(Map.of("number_nin", "62345678912",
                        "match", Map.of("first_name", "Adaeze Nkem", "last_name", "Obi", "date_of_birth", "1990-03-02")))
                .post("/api/v1/kyc/verify/nin").then().statusCode(200)
                .body("source", Matchers.equalTo("dojah"))
                .body("status", Matchers.equalTo("verified"))
                .body("subject_name", Matchers.equalTo("Adaeze Nkem Obi"))
                .body("charge_status", Matchers.equalTo("charged"))
                .body("match.first_name", Matchers.equalTo("exact"))
                .body("match.last_name", Matchers.equalTo("exact"))
                .body("match.date_of_birth", Matchers.equalTo("partial"));
        assertEquals(945f, balance(m), "one charge at the check's price");

        // both down: 502, refunded
        dojah.resetAll();
        dojah.stubFor(get(urlPathEqualTo("/api/v1/kyc/nin")).willReturn(aResponse().withStatus(503)));
        m.as().body(Map.of("number_nin", "72345678912")).post("/api/v1/kyc/verify/nin").then().statusCode(502);
        assertEquals(945f, balance(m));
    }
}

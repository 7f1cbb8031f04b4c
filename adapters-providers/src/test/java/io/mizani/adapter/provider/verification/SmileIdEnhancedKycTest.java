package io.mizani.adapter.provider.verification;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import io.mizani.application.verification.ProviderRequest;
import io.mizani.domain.verification.CheckCatalogue;
import io.mizani.domain.verification.CheckOutcome;
import io.mizani.domain.verification.InputValidator;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SmileIdEnhancedKycTest {

    static WireMockServer wiremock;
    static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T05:00:00.123Z"), ZoneOffset.UTC);
    SmileIdEnhancedKyc smile;

    @BeforeAll
    static void start() {
        wiremock = new WireMockServer(options().dynamicPort());
        wiremock.start();
    }

    @AfterAll
    static void stop() {
        wiremock.stop();
    }

    @BeforeEach
    void reset() {
        wiremock.resetAll();
        smile = new SmileIdEnhancedKyc(URI.create(wiremock.baseUrl()), "085", "test-api-key",
                Duration.ofMillis(5000), Map.of("nin", "NIN_V2", "national_id_ke", "NATIONAL_ID"), CLOCK);
    }

    static ProviderRequest request(String check, Map<String, String> body, Optional<String> ownKey) {
        var def = CheckCatalogue.standard().find(check).orElseThrow();
        return new ProviderRequest("vt_abc", def, InputValidator.validate(def, body), def.country(), ownKey);
    }

    /*
     * Signature vectors. Smile ID publishes the algorithm (base64(HMAC-SHA256(api_key, timestamp + partner_id +
     * "sid_request"))) but no worked example with a fixed key and timestamp, so these were computed independently of
     * the code under test with openssl, e.g.
     *   printf '%s' "2026-11-21T05:00:00.123Z085sid_request" | openssl dgst -sha256 -hmac test-api-key -binary | base64
     */
    static final String REQUEST_SIGNATURE = "9Wcvgmcepl+PoXNmDmQ6c5B4Fmvd2UB25Wp1WLpvqEA=";
    static final String RESPONSE_SIGNATURE = "siheG97Q91zsSQ4ccNFPHNGwhZ5dYfx8zXQ9QP58pf4=";
    /** partner 999, key merchant-key, 2026-11-21T05:00:00.123Z (request) and 2026-11-21T05:00:01.000Z (response). */
    static final String OWN_KEY_REQUEST_SIGNATURE = "pxr6dRoNL8AEPiPYKLl5PBoD5eh8CFh4qMMx02vLvNE=";
    static final String OWN_KEY_RESPONSE_SIGNATURE = "eyY3HZ7cUYxzk1QQ/lEVs6Ld8zLd7R4u9CiPoTsXoF4=";

    static String result(String code, String text) {
        return result(code, text, RESPONSE_SIGNATURE);
    }

    static String result(String code, String text, String signature) {
        String ts = "2026-11-21T05:00:01.000Z";
        return """
                {"JSONVersion":"1.0.0","SmileJobID":"0000001096","PartnerParams":{"job_id":"vt_abc","user_id":"vt_abc","job_type":5},
                 "ResultType":"ID Verification","ResultText":"%s","ResultCode":"%s","IsFinalResult":"true",
                 "Actions":{"Verify_ID_Number":"Verified","Return_Personal_Info":"Returned"},
                 "Country":"NG","IDType":"NIN_V2","IDNumber":"00000000000","FullName":"Joe Leo Doe","DOB":"1990-01-01",
                 "timestamp":"%s","signature":"%s"}
                """.formatted(text, code, ts, signature);
    }

    void stub(String body) {
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification"))
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json").withBody(body)));
    }

    @Test
    void signs_the_request_as_documented_and_maps_1012_to_verified() {
        stub(result("1012", "ID Number Validated"));
        CheckOutcome outcome = smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()));
        var verified = assertInstanceOf(CheckOutcome.Verified.class, outcome);
        assertEquals("Joe Leo Doe", verified.answer().subjectName());
        assertEquals("0000001096", verified.answer().reference());
        assertEquals("1012", verified.answer().responseCode());
        wiremock.verify(postRequestedFor(urlEqualTo("/v1/id_verification"))
                .withRequestBody(matchingJsonPath("$.partner_id", equalTo("085")))
                .withRequestBody(matchingJsonPath("$.timestamp", equalTo("2026-11-21T05:00:00.123Z")))
                .withRequestBody(matchingJsonPath("$.signature", equalTo(REQUEST_SIGNATURE)))
                .withRequestBody(matchingJsonPath("$.id_type", equalTo("NIN_V2")))
                .withRequestBody(matchingJsonPath("$.country", equalTo("NG")))
                .withRequestBody(matchingJsonPath("$.partner_params.job_id", equalTo("vt_abc"))));
    }

    @Test
    void not_found_is_charged_but_1023_means_no_charge() {
        stub(result("1013", "Unable to Validate ID"));
        var charged = assertInstanceOf(CheckOutcome.NotVerified.class,
                smile.run(request("nin", Map.of("number_nin", "00000000001"), Optional.empty())));
        assertTrue(charged.providerCharged());
        stub(result("1023", "Not Found"));
        var waived = assertInstanceOf(CheckOutcome.NotVerified.class,
                smile.run(request("nin", Map.of("number_nin", "00000000001"), Optional.empty())));
        assertFalse(waived.providerCharged());
    }

    @Test
    void authority_down_and_unsupported_format_are_unavailable() {
        stub(result("1015", "Error - Queried Database Unavailable"));
        var down = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                smile.run(request("nin", Map.of("number_nin", "00000000003"), Optional.empty())));
        assertEquals(CheckOutcome.Cause.DOWN, down.cause());
        stub(result("1014", "Error - Unsupported ID number format"));
        var rejected = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                smile.run(request("nin", Map.of("number_nin", "00000000002"), Optional.empty())));
        assertEquals(CheckOutcome.Cause.REJECTED, rejected.cause());
    }

    @Test
    void a_bad_signature_error_is_rejected_before_the_check_ran() {
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification")).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"code\":\"2205\",\"error\":\"You're not authorized to do that\"}")));
        var outcome = assertInstanceOf(CheckOutcome.ProviderUnavailable.class,
                smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty())));
        assertEquals(CheckOutcome.Cause.REJECTED, outcome.cause());
        assertEquals("2205", outcome.responseCode());
    }

    @Test
    void faults_delay_reset_malformed_and_5xx_are_unavailable() {
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification"))
                .willReturn(aResponse().withStatus(200).withFixedDelay(8000).withBody(result("1012", "ok"))));
        assertEquals(CheckOutcome.Cause.TIMEOUT, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification"))
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        assertEquals(CheckOutcome.Cause.DOWN, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification"))
                .willReturn(aResponse().withStatus(200).withBody("{\"ResultCode\": \"10")));
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification"))
                .willReturn(aResponse().withFault(Fault.MALFORMED_RESPONSE_CHUNK)));
        assertEquals(CheckOutcome.Cause.DOWN, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
        wiremock.stubFor(post(urlEqualTo("/v1/id_verification")).willReturn(aResponse().withStatus(503)));
        assertEquals(CheckOutcome.Cause.DOWN, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
    }

    @Test
    void a_forged_response_signature_is_not_trusted() {
        stub(result("1012", "ok").replaceAll("\"signature\":\"[^\"]+\"", "\"signature\":\"Zm9yZ2Vk\""));
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
    }

    @Test
    void an_own_key_signs_with_the_merchants_partner_id() {
        stub(result("1012", "ok", OWN_KEY_RESPONSE_SIGNATURE));
        assertInstanceOf(CheckOutcome.Verified.class,
                smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.of("999:merchant-key"))));
        wiremock.verify(postRequestedFor(urlEqualTo("/v1/id_verification"))
                .withRequestBody(matchingJsonPath("$.partner_id", equalTo("999")))
                .withRequestBody(matchingJsonPath("$.signature", equalTo(OWN_KEY_REQUEST_SIGNATURE))));
        // the platform key's signature does not vouch for an answer to the merchant's key
        stub(result("1012", "ok", RESPONSE_SIGNATURE));
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(
                smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.of("999:merchant-key")))));
    }

    @Test
    void an_unsigned_answer_is_not_trusted() {
        stub(result("1012", "ok").replaceAll(",\\s*\"signature\":\"[^\"]+\"", ""));
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
        stub(result("1012", "ok").replaceAll("\"timestamp\":\"[^\"]+\",", ""));
        assertEquals(CheckOutcome.Cause.MALFORMED, cause(smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty()))));
    }

    @Test
    void the_signature_helper_matches_the_independent_vectors() {
        assertEquals(REQUEST_SIGNATURE, SmileIdEnhancedKyc.sign("test-api-key", "2026-11-21T05:00:00.123Z", "085"));
        assertEquals(OWN_KEY_RESPONSE_SIGNATURE, SmileIdEnhancedKyc.sign("merchant-key", "2026-11-21T05:00:01.000Z", "999"));
    }

    @Test
    void names_and_date_of_birth_map_into_the_identity_shape() {
        stub(result("1012", "ID Number Validated"));
        var verified = assertInstanceOf(CheckOutcome.Verified.class,
                smile.run(request("nin", Map.of("number_nin", "00000000000"), Optional.empty())));
        assertEquals(new io.mizani.domain.verification.match.RegistryIdentity("Joe", "Leo", "Doe",
                java.time.LocalDate.of(1990, 1, 1)), verified.answer().identity());
    }

    @Test
    void a_check_it_does_not_serve_is_rejected_without_a_call() {
        assertEquals(CheckOutcome.Cause.REJECTED,
                cause(smile.run(request("kra_pin", Map.of("number", "P051234567X"), Optional.empty()))));
        assertEquals(0, wiremock.getAllServeEvents().size());
    }

    static CheckOutcome.Cause cause(CheckOutcome outcome) {
        return assertInstanceOf(CheckOutcome.ProviderUnavailable.class, outcome).cause();
    }
}
